// The installable web app of each site (issue 17 scope 4): `/manifest.webmanifest` and its
// icons, `/app-icons/192.png` and `/app-icons/512.png`, drawn from the site's icon (uploaded on
// /dashboard/app) with sharp, else from its initial on its colour. Served here rather than by a
// page route: they read the site's files from storage.
import { Hono } from "hono";
import type { Tenant } from "~/features/accounts/accounts";
import { accountBucket } from "~/features/members/members.server";
import { loadSiteChrome } from "~/features/site/site.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { defaultLanguage, textDirection } from "~/platform/i18n/languages";
import type { Storage } from "~/platform/storage/storage.server";
import { createTtlCache } from "~/platform/ttl-cache";
import { appIconSizes, siteIconPattern, type AppIconSize } from "./validation";
import { appIconSource, appIconUrl, shortNameOf, themeColourOf } from "./web-app";

type WebAppEnv = { Variables: { tenant: Tenant } };

type OptionCache = { get(key: string): unknown; set(key: string, value: unknown): void };

/** Drawn icons, by what they are drawn from and their size: a few KB each, bounded in all. */
const drawn = createTtlCache<Buffer>({
  ttlMs: 30 * 60_000,
  max: 500,
  weigh: (png) => png.byteLength,
  maxWeight: 32 * 1024 * 1024,
});

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.codePointAt(0)};`);

/** The site's initial, white on its colour, on a rounded square (the platform's favicon's look). */
function initialIcon(title: string, colour: string): Buffer {
  const initial = [...title.trim()][0]?.toLocaleUpperCase() ?? "L";
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">` +
      `<rect width="512" height="512" rx="112" fill="${escapeXml(colour)}"/>` +
      `<text x="256" y="352" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" ` +
      `font-size="300" font-weight="700" fill="#ffffff">${escapeXml(initial)}</text></svg>`,
  );
}

async function drawIcon(
  storage: Storage,
  {
    accountId,
    source,
    size,
  }: {
    accountId: string;
    source: ReturnType<typeof appIconSource>;
    size: AppIconSize;
  },
): Promise<Buffer> {
  const key = `${accountId}|${source.icon ?? ""}|${source.title}|${source.colour}|${size}`;
  const hit = drawn.get(key);
  if (hit) return hit;
  const { default: sharp } = await import("sharp");
  let original: Buffer | null = null;
  // Only this account's own uploaded icon is read; anything else stored there is ignored.
  const bucket = accountBucket(accountId);
  if (
    source.icon &&
    siteIconPattern.test(source.icon) &&
    source.icon.startsWith(`/files/${bucket}/`)
  ) {
    const stored = await storage.get({
      bucket,
      key: source.icon.slice(`/files/${bucket}/`.length),
    });
    original = stored?.body ?? null;
  }
  const png = await sharp(original ?? initialIcon(source.title, source.colour), {
    limitInputPixels: 40_000_000,
  })
    .resize({
      width: size,
      height: size,
      fit: "contain",
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    })
    .png()
    .toBuffer()
    .catch(() =>
      sharp(initialIcon(source.title, source.colour)).resize(size, size).png().toBuffer(),
    );
  drawn.set(key, png);
  return png;
}

export function webAppRoute({
  database,
  storage,
  siteCache,
}: {
  database: Database;
  storage: Storage;
  siteCache: { options: OptionCache };
}) {
  const route = new Hono<WebAppEnv>();

  async function siteOf(tenant: Tenant) {
    if (tenant.kind !== "account") throw new AppError({ code: "route.notFound" });
    const { account } = tenant;
    const chrome = await loadSiteChrome(database, account.accountId, siteCache.options);
    const colour = themeColourOf(chrome.theme.primaryColor);
    return { account, colour, source: appIconSource(account, colour) };
  }

  route.get("/manifest.webmanifest", async (c) => {
    const { account, colour, source } = await siteOf(c.var.tenant);
    const lang = account.settings.defaultLanguage ?? defaultLanguage;
    const manifest = {
      name: source.title,
      short_name: shortNameOf(source.title),
      ...(account.settings.description ? { description: account.settings.description } : {}),
      lang,
      dir: textDirection(lang),
      id: "/",
      start_url: "/",
      scope: "/",
      display: "standalone",
      background_color: "#ffffff",
      theme_color: colour,
      icons: appIconSizes.map((size) => ({
        src: appIconUrl(source, size),
        sizes: `${size}x${size}`,
        type: "image/png",
        purpose: "any",
      })),
    };
    return c.body(JSON.stringify(manifest), 200, {
      "content-type": "application/manifest+json; charset=utf-8",
      "cache-control": "public, max-age=300",
    });
  });

  // The whole folder is this route's: an address of no icon is a 404 here, not a page's.
  route.get("/app-icons/*", async (c) => {
    const file = /^\/app-icons\/(192|512)\.png$/.exec(c.req.path);
    if (!file) throw new AppError({ code: "route.notFound" });
    const { account, source } = await siteOf(c.var.tenant);
    const size = Number(file[1]) as AppIconSize;
    const png = await drawIcon(storage, { accountId: account.accountId, source, size });
    return c.body(new Uint8Array(png), 200, {
      "content-type": "image/png",
      // Versioned addresses (`?v=`) change with the icon; an unversioned one is kept an hour.
      "cache-control": c.req.query("v") ? "public, max-age=604800" : "public, max-age=3600",
    });
  });

  return route;
}
