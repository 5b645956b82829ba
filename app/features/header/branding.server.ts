import { randomUUID } from "node:crypto";
import type { OutputInfo } from "sharp";
import { changeAccountSettings } from "~/features/accounts/accounts.server";
import type { AccountSettings } from "~/features/accounts/accounts";
import { accountBucket } from "~/features/members/members.server";
import { requireSiteManager, type Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { Storage } from "~/platform/storage/storage.server";
import {
  brandingImageSchema,
  brandingSchema,
  MAX_LOGO_BYTES,
  SITE_ICON_PX,
  type Branding,
  type BrandingImage,
} from "./branding-validation";

/**
 * What a branding save needs of the site's caches: dropping one account's pages on every
 * instance. The site frame's cache is one such; the header does not depend on the frame.
 */
export type AccountCacheDropper = {
  invalidateAccount(accountId: string, key: null): Promise<unknown>;
};

type Caller = { viewer: Viewer | null; hostAccountId: string | null };

/** The logo settings as the header screen shows them (absent = null). */
export function brandingOf(settings: AccountSettings): Branding {
  return {
    logo: settings.logo ?? null,
    dark_logo: settings.dark_logo ?? null,
    logo_width: settings.logo_width ?? null,
  };
}

/** The host's account, if the caller manages it (manage_options) or is a super-admin. */
function managedAccount({ viewer, hostAccountId }: Caller): string {
  requireSiteManager(viewer, { accountId: hostAccountId ?? "", hostAccountId });
  return hostAccountId!;
}

/**
 * D16: the site's logo, dark logo and logo width (account settings). Saved as the account itself
 * (its row only), then the account's options, pages and host lookups are dropped on every
 * instance, so the next anonymous request shows the new logo.
 */
export async function saveBranding(
  { database, siteCache }: { database: Database; siteCache: AccountCacheDropper },
  { input, ...caller }: Caller & { input: unknown },
): Promise<Branding> {
  const accountId = managedAccount(caller);
  const branding = brandingSchema.parse(input);
  const settings = await changeAccountSettings(database, { accountId, changes: branding });
  await siteCache.invalidateAccount(accountId, null);
  return brandingOf(settings);
}

const acceptedFormats = new Set(["jpeg", "png", "webp", "gif", "avif", "svg"]);
/** Logos are stored at most this large (2× a 640 px wide, 64 px high header logo, with room). */
const maxStored = { width: 1280, height: 320 };

/**
 * D16: an uploaded logo, checked by its content (not its name or type), drawn as a WebP of at
 * most 1280 × 320 (an SVG is rasterised, so no script in it ever reaches a visitor) and stored
 * in the account's bucket under logos/. Answers its public address; the logo setting changes
 * only when the screen saves it. The site's icon (issue 17, variant `icon`) is drawn whole on a
 * transparent square of 512 px, as a PNG under icons/, for the web app's icons.
 */
export async function storeLogo(
  { storage }: { storage: Storage },
  { variant, upload, ...caller }: Caller & { variant: unknown; upload: Buffer | null },
): Promise<{ url: string; width: number; height: number }> {
  const accountId = managedAccount(caller);
  const which: BrandingImage = brandingImageSchema.parse(variant);
  if (!upload || upload.byteLength === 0 || upload.byteLength > MAX_LOGO_BYTES) {
    throw new AppError({ code: "upload.invalidImage" });
  }
  // sharp (a native image library) is loaded with the first upload, not at every start.
  const { default: sharp } = await import("sharp");
  let image: { data: Buffer; info: OutputInfo };
  try {
    const limits = { limitInputPixels: 40_000_000 };
    const { format, width = 1, height = 1 } = await sharp(upload, limits).metadata();
    if (!format || !acceptedFormats.has(format)) throw new Error(`format ${format}`);
    // A vector logo is drawn at the density that fills the stored size (up to 4×), so it stays sharp.
    const box = which === "icon" ? { width: SITE_ICON_PX, height: SITE_ICON_PX } : maxStored;
    const scale = Math.min(box.width / width, box.height / height, 4);
    const density = format === "svg" ? Math.max(1, Math.round(72 * scale)) : 72;
    const drawn = sharp(upload, { ...limits, density }).rotate();
    image =
      which === "icon"
        ? await drawn
            .resize({ ...box, fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
            .png()
            .toBuffer({ resolveWithObject: true })
        : await drawn
            .resize({ ...box, fit: "inside", withoutEnlargement: true })
            .webp({ quality: 92, alphaQuality: 100 })
            .toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError({ code: "upload.invalidImage" });
  }
  const file = {
    bucket: accountBucket(accountId),
    key:
      which === "icon" ? `icons/icon-${randomUUID()}.png` : `logos/${which}-${randomUUID()}.webp`,
  };
  await storage.put({
    ...file,
    body: image.data,
    contentType: which === "icon" ? "image/png" : "image/webp",
  });
  return { url: storage.publicUrl(file), width: image.info.width, height: image.info.height };
}
