import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { expect, test, type Page } from "./support/test";
import { send } from "./support/http";
import { startMailCatcher } from "./support/mail-catcher";
import { open } from "./support/page";
import { expectScreen } from "./support/screenshot";
import { startServer, tempDataDir, type RunningServer } from "./support/server";

// P7 header switches and P4 the header logo, on accounts made for these tests through the
// platform's sign-up: the shared demo accounts are never changed. A server of its own, with a
// mail catcher, so the new owner can confirm the address and sign in as platform.spec.ts does.
// The tests share one account's header option, so they run in order in one worker.
test.describe.configure({ mode: "default" });

let server: RunningServer;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let dataDir: string;
/** The owner's session on the switches site, for the settings API. */
let ownerCookie: string;

const stamp = Date.now().toString(36);
/** A site whose header switches the tests turn off one at a time; it has no logo. */
const switches = { slug: `switches${stamp}`, siteName: "Switchboard School" };
/** A site given a logo and a dark logo but no width setting. */
const logo = { slug: `logo${stamp}`, siteName: "Logo Lab" };
const password = "Violet-Harbour-Compass-58";

const host = (slug: string) => `${slug}.localhost:${server.port}`;
const url = (slug: string, path = "/") => `http://${host(slug)}${path}`;

async function signUp({ slug, siteName }: { slug: string; siteName: string }) {
  const email = `${slug}@example.test`;
  const res = await send({
    port: server.port,
    host: `localhost:${server.port}`,
    path: "/api/platform/sign-up",
    method: "POST",
    json: { siteName, slug, name: "Grace Hopper", email, password, plan: "starter" },
  });
  expect(res.status, res.body).toBe(201);
  return email;
}

/** Follows the mailed confirmation link and keeps the session it opens on the new site. */
async function confirmAndSignIn(email: string): Promise<string> {
  const link = new URL(await mail.link(email));
  const res = await send({ port: server.port, host: link.host, path: link.pathname + link.search });
  expect(res.status).toBeLessThan(400);
  const cookies = ([] as string[]).concat(res.headers["set-cookie"] ?? []);
  const cookie = cookies.map((c) => c.split(";")[0]).join("; ");
  expect(cookie).toContain("session_token");
  return cookie;
}

/** A new site's header option (its defaults), with the given switches changed. */
const header = (changes: Record<string, boolean> = {}) => ({
  header_style: "solid",
  header_fix: true,
  header_fontsize: 15,
  header_darklight: true,
  header_search: true,
  header_cart: true,
  header_login: true,
  notices: {
    enable_header_notice: false,
    header_notice: "",
    header_notice_bg: "#4c6ef5",
    header_notice_start: null,
    header_notice_expire: null,
  },
  ...changes,
});

/** The owner saves the header option through the settings API, as the header editor does. */
async function saveHeader(value: ReturnType<typeof header>) {
  const res = await send({
    port: server.port,
    host: host(switches.slug),
    path: "/api/site/options/header",
    method: "PUT",
    json: value,
    cookie: ownerCookie,
  });
  expect(res.status, res.body).toBe(200);
}

/** An anonymous request for the home page: whether the page cache answered it. */
async function cacheState(slug: string) {
  const res = await send({ port: server.port, host: host(slug), path: "/" });
  expect(res.status).toBe(200);
  return res.headers["x-page-cache"];
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  mail = await startMailCatcher();
  dataDir = tempDataDir("header-switches");
  const env = { SMTP_URL: mail.url };
  server = await startServer({ dataDir, env });
  ownerCookie = await confirmAndSignIn(await signUp(switches));
  await signUp(logo);
  // No screen sets an account's logo yet (D16): it is written into the stopped server's
  // database, as the header settings screen will store it, and the server started again.
  await server.stop();
  const database = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  const updated = await database.query(
    `UPDATE accounts SET settings = settings || $1::jsonb WHERE slug = $2`,
    [
      JSON.stringify({ logo: "/media/demo/logo.svg", dark_logo: "/media/demo/logo-dark.svg" }),
      logo.slug,
    ],
  );
  await database.close();
  expect(updated.affectedRows).toBe(1);
  server = await startServer({ dataDir, env });
});

test.afterAll(async () => {
  await server?.stop();
  await mail?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The four header controls an anonymous visitor may see. */
const controls = {
  header_darklight: (page: Page) =>
    page.getByRole("banner").getByRole("button", { name: "Switch between light and dark theme" }),
  header_search: (page: Page) =>
    page.getByRole("banner").getByRole("button", { name: "Search", exact: true }),
  header_cart: (page: Page) =>
    page.getByRole("banner").getByRole("button", { name: "Cart", exact: true }),
  header_login: (page: Page) => page.getByRole("banner").getByRole("link", { name: "Log in" }),
};
type Switch = keyof typeof controls;

test("P7 with every switch on, the header shows theme toggle, search, cart, log in and sign up", async ({
  page,
}) => {
  await saveHeader(header());
  await open(page, url(switches.slug));
  for (const name of Object.keys(controls) as Switch[]) {
    await expect(controls[name](page), name).toBeVisible();
  }
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign up" })).toBeVisible();
  await expectScreen(page, "all-switches-on");
});

const cases: { key: Switch; control: string }[] = [
  { key: "header_darklight", control: "the theme toggle" },
  { key: "header_search", control: "the search button" },
  { key: "header_cart", control: "the cart button" },
  { key: "header_login", control: "log in and sign up" },
];

for (const { key, control } of cases) {
  test(`P7 ${key} off hides ${control}; the other controls stay`, async ({ page }) => {
    // Everything on, and the home page in the page cache as a visitor last saw it.
    await saveHeader(header());
    await cacheState(switches.slug);
    expect(await cacheState(switches.slug)).toBe("hit");
    await open(page, url(switches.slug));
    await expect(controls[key](page)).toBeVisible();

    // The owner turns the switch off; the save drops the cached page, so the next visitor
    // (a fresh browser, no session) gets a header without the control.
    await saveHeader(header({ [key]: false }));
    const visitor = await page.context().browser()!.newContext();
    const fresh = await visitor.newPage();
    const response = await open(fresh, url(switches.slug));
    expect(response?.headers()["x-page-cache"]).toBe("miss");
    await expect(
      fresh.getByRole("banner").getByRole("link", { name: switches.siteName }),
    ).toBeVisible();
    await expect(controls[key](fresh)).toHaveCount(0);
    if (key === "header_login") {
      await expect(fresh.getByRole("banner").getByRole("link", { name: "Sign up" })).toHaveCount(0);
    }
    for (const other of Object.keys(controls) as Switch[]) {
      if (other !== key) await expect(controls[other](fresh), other).toBeVisible();
    }
    await expectScreen(fresh, `${key}-off`);
    // The cached copy now served is the new one too.
    const again = await open(fresh, url(switches.slug));
    expect(again?.headers()["x-page-cache"]).toBe("hit");
    await expect(controls[key](fresh)).toHaveCount(0);
    await visitor.close();
    await saveHeader(header());
  });
}

test("P4 a site without a logo shows its title in the header instead", async ({ page }) => {
  await open(page, url(switches.slug));
  const brand = page.getByRole("banner").getByRole("link", { name: switches.siteName });
  await expect(brand).toHaveAttribute("href", "/");
  await expect(brand).toHaveText(switches.siteName);
  await expect(brand.locator("img")).toHaveCount(0);
  // Readable, not a zero-size or hidden label.
  const box = (await brand.getByText(switches.siteName).boundingBox())!;
  expect(box.width).toBeGreaterThan(60);
  expect(box.height).toBeGreaterThan(10);
});

/** The logo image a visitor actually sees in the header: its address and size. */
async function visibleLogo(page: Page, siteName: string) {
  const brand = page.getByRole("banner").getByRole("link", { name: siteName });
  const shown = brand.locator("img").filter({ visible: true });
  await expect(shown).toHaveCount(1);
  await expect(shown).toHaveAttribute("alt", siteName);
  const box = (await shown.boundingBox())!;
  return { src: await shown.getAttribute("src"), width: box.width, height: box.height };
}

test("P4 P9 the logo, 64 px wide by default, switches to the dark variant in dark theme", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, url(logo.slug));
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "light");
  const light = await visibleLogo(page, logo.siteName);
  expect(light.src).toBe("/media/demo/logo.svg");
  expect(light.width).toBe(64);
  expect(light.height).toBeLessThanOrEqual(64);
  await expectScreen(page, "logo-light", {
    part: page.getByRole("banner").getByRole("img", { name: logo.siteName }).first(),
  });

  await page.getByRole("button", { name: "Switch between light and dark theme" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
  const dark = await visibleLogo(page, logo.siteName);
  expect(dark.src).toBe("/media/demo/logo-dark.svg");
  expect(dark.width).toBe(64);
  expect(dark.height).toBeLessThanOrEqual(64);
  await expectScreen(page, "logo-dark");

  // Still dark after a reload, before and after hydration.
  await page.reload();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  expect((await visibleLogo(page, logo.siteName)).src).toBe("/media/demo/logo-dark.svg");
});

test("P4 the logo width setting is multiplied by 16 (demo 9 → 144 px, acme 10 → 160 px)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const [slug, siteName, width] of [
    ["demo", "Demo Academy", 144],
    ["acme", "Acme Robotics Institute", 160],
  ] as const) {
    await open(page, url(slug));
    const shown = await visibleLogo(page, siteName);
    expect(shown.src).toBe(`/media/${slug}/logo.svg`);
    expect(shown.width, slug).toBe(width);
    expect(shown.height, slug).toBeLessThanOrEqual(64);
  }
});
