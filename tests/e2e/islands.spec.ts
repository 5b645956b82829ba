import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { posts } from "../../app/features/posts/tables.server";
import { DEMO_COUPON } from "../../scripts/demo-content";
import { readIslandScripts, type IslandScripts } from "./support/island-scripts";
import { open } from "./support/page";
import { startDemoServer } from "./support/demo-server";
import { projectRoot, type RunningServer } from "./support/server";
import { expect, test, type Browser, type Page } from "./support/test";

// Issue 32: a site's public pages are island documents (decision 048). Every page type loads
// only the islands script, its static imports and the chunks of the islands a visitor woke, all
// read from the build; and each island still works once woken, at 1280 and 375 px, light and
// dark, left to right and right to left. On a server of this file's own: the demo with one
// post in a category, so that a category archive exists (the seed has none). One worker, in
// file order: one server start.
test.describe.configure({ mode: "default" });

let server: RunningServer;
let dataDir: string;
let build: IslandScripts;
const url = (site: string, p: string) => `http://${site}.localhost:${server.port}${p}`;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  build = readIslandScripts();
  ({ server, dataDir } = await startDemoServer("islands", (database, demoAccountId) =>
    database.forAccount(demoAccountId, (tx) =>
      tx
        .update(posts)
        .set({ categories: ["Design"] })
        .where(and(eq(posts.accountId, demoAccountId), eq(posts.slug, "colour-theory"))),
    ),
  ));
});

test.afterAll(async () => {
  if (server) expect(await server.stop()).toBe(0);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The site's own words for a control (its locale file), so the Arabic site is found too. */
const locales = new Map<string, Record<string, unknown>>();
function textOf(lang: string, key: string, values: Record<string, string> = {}): string {
  if (!locales.has(lang)) {
    const file = path.join(projectRoot, "app/locales", `${lang}.json`);
    locales.set(lang, JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>);
  }
  const found = key
    .split(".")
    .reduce<unknown>((at, part) => (at as Record<string, unknown>)?.[part], locales.get(lang));
  if (typeof found !== "string") throw new Error(`${lang}.json has no text ${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
}

const softly = expect.configure({ soft: true });
const editorMarks = /ProseMirror|tiptap|@puckeditor|measured\/puck/;

test("I32 I12 what a public page may load, read from the build, holds no dashboard editor", () => {
  // Not vacuous: the build was read as expected (a renamed helper would leave these empty).
  expect(build.always.has(build.entry)).toBe(true);
  expect([...build.islands.keys()]).toEqual(
    expect.arrayContaining(["site-menu", "mobile-nav", "theme-toggle", "site-search", "cart"]),
  );
  for (const [name, chunks] of build.islands)
    expect(chunks.size, `island ${name}'s chunks`).toBeGreaterThan(1);
  const everything = new Set([
    ...build.always,
    ...build.onDemand,
    ...[...build.islands.values()].flatMap((chunks) => [...chunks]),
  ]);
  const assets = path.join(projectRoot, "build/client");
  const text = (file: string) => fs.readFileSync(path.join(assets, file), "utf8");
  const withEditors = [...everything].filter((file) => editorMarks.test(text(file)));
  expect(withEditors, "island chunks that carry an editor").toEqual([]);
  // An enhancer's code loaded on demand stays plain DOM: no React in it (its error URLs mark it).
  const enhancersWithReact = [...build.onDemand].filter((file) =>
    /react\.dev\/errors|Minified React error/.test(text(file)),
  );
  expect(enhancersWithReact, "enhancers' on-demand chunks shared with islands").toEqual([]);
});

/**
 * The scripts the page's own document asked for since it was last loaded: same-origin ones by
 * path, others whole. Frames (a video embed) are theirs, not the page's.
 */
function watchScripts(page: Page) {
  let loaded: string[] = [];
  page.on("request", (request) => {
    if (request.frame() !== page.mainFrame()) return;
    if (request.isNavigationRequest()) {
      loaded = [];
      return;
    }
    const address = new URL(request.url());
    if (request.resourceType() !== "script" && !/\.m?js$/.test(address.pathname)) return;
    loaded.push(address.origin === new URL(page.url()).origin ? address.pathname : address.href);
  });
  return () => loaded;
}

/** What the page's islands have woken so far: their names. */
const liveIslands = (page: Page) =>
  page
    .locator("[data-island-live='true']")
    .evaluateAll((elements) => elements.map((e) => (e as HTMLElement).dataset.island ?? ""));

/**
 * The bar: the islands script and its static imports, an enhancer's own code, and the chunks of
 * the islands now live; nothing else (React Router's scripts, another island's code). An island
 * woken by the last step may still be arriving: what it fetched counts once it is live.
 */
async function expectIslandScriptsOnly(page: Page, loaded: () => string[], where: string) {
  const unexpected = async () => {
    const live = await liveIslands(page);
    const allowed = new Set([
      ...build.always,
      ...build.onDemand,
      ...live.flatMap((name) => [...(build.islands.get(name) ?? [])]),
    ]);
    return loaded().filter((script) => !allowed.has(script));
  };
  await softly
    .poll(unexpected, { message: `${where}: scripts beyond the islands'`, timeout: 3_000 })
    .toEqual([]);
  expect.soft(loaded(), `${where}: the islands script`).toContain(build.entry);
}

type Visit = {
  page: Page;
  site: string;
  t: (key: string, values?: Record<string, string>) => string;
  reload: () => Promise<void>;
};

const expectLive = (page: Page, name: string) =>
  expect(
    page.locator(`[data-island="${name}"][data-island-live="true"]`).first(),
    `island ${name} live`,
  ).toBeAttached();

/** Each island as a visitor reaches for it, and what it must then do. */
const checks = {
  menu: {
    title: "P5 the megamenu opens on hover",
    async run({ page }: Visit) {
      await page.getByTestId("menu-courses").hover();
      await expect(page.getByText("Colour, type and layout from first principles.")).toBeVisible();
      await expectLive(page, "site-menu");
      await page.mouse.move(5, 600);
      await expect(page.getByText("Colour, type and layout from first principles.")).toBeHidden();
    },
  },
  drawer: {
    title: "P6 the phone drawer opens with the mobile menu",
    async run({ page, t, site }: Visit) {
      await page.getByRole("button", { name: t("site.openMenu") }).click();
      const drawer = page.getByRole("navigation", { name: t("chrome.mobileMenu") });
      const first = site === "souk" ? "الرئيسية" : "Home";
      await expect(drawer.getByRole("link").first()).toHaveText(first);
      await expectLive(page, "mobile-nav");
      await page.keyboard.press("Escape");
      await expect(drawer).toBeHidden();
    },
  },
  emptyCart: {
    title: "P11 the cart button opens: an empty cart says so",
    async run({ page, t }: Visit) {
      await page.getByTestId("cart-button").click();
      const note = page.getByText(t("cart.empty"));
      await expect(note).toBeVisible();
      await expectLive(page, "cart");
      await page.getByTestId("cart-button").click();
      await expect(note).toBeHidden();
    },
  },
  cartWithCoupon: {
    title: "P11 a course added from its product page is in the cart; SPRING20 applies",
    async run({ page, t }: Visit) {
      await page.getByRole("button", { name: t("cart.add") }).click();
      await expect(page.getByText(t("cart.added"))).toBeVisible();
      await page.getByRole("button", { name: t("cart.openWithCount", { count: "1" }) }).click();
      const modal = page.getByRole("dialog", { name: t("cart.title") });
      await expect(modal.getByTestId("cart-item")).toContainText("Design Foundations");
      await expectLive(page, "cart");
      await modal.getByRole("button", { name: t("cart.couponHave") }).click();
      await modal.getByLabel(t("cart.couponLabel")).fill(DEMO_COUPON);
      await modal.getByRole("button", { name: t("cart.couponApply") }).click();
      await expect(modal.getByTestId("coupon-box")).toHaveAttribute("data-state", "valid");
      await page.keyboard.press("Escape");
      await expect(modal).toBeHidden();
    },
  },
  search: {
    title: "P10 search finds a course",
    async run({ page, t, site }: Visit) {
      const [term, title] =
        site === "souk"
          ? ["التجارة", "أساسيات التجارة الإلكترونية"]
          : ["Foundations", "Design Foundations"];
      await page.getByTestId("search-button").click();
      const dialog = page.getByRole("dialog", { name: t("search.title") });
      await dialog.getByRole("combobox", { name: t("search.label") }).fill(term);
      const results = dialog.getByRole("listbox", { name: t("search.results") });
      await expect(results.getByRole("option").filter({ hasText: title })).toBeVisible();
      await expectLive(page, "site-search");
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    },
  },
  theme: {
    title: "P9 the theme toggles and stays toggled across a reload",
    async run({ page, t, reload }: Visit) {
      const html = page.locator("html");
      const before = await html.getAttribute("data-mantine-color-scheme");
      const after = before === "dark" ? "light" : "dark";
      await page.getByRole("button", { name: t("site.toggleTheme") }).click();
      await expect(html).toHaveAttribute("data-mantine-color-scheme", after);
      await expectLive(page, "theme-toggle");
      await reload();
      await expect(html).toHaveAttribute("data-mantine-color-scheme", after);
    },
  },
  cookie: {
    title: "P15 the cookie choice sticks across a reload",
    async run({ page, t, reload }: Visit) {
      const notice = page.getByTestId("cookie-notice");
      await expect(notice).toBeVisible();
      await notice.getByRole("button", { name: t("chrome.cookies.required") }).click();
      await expect(notice).toBeHidden();
      const consent = (await page.context().cookies()).find((c) => c.name === "cookie_consent");
      expect(consent?.value).toBe("required");
      await reload();
      await expect(page.getByTestId("cookie-notice")).toBeHidden();
    },
  },
} satisfies Record<string, { title: string; run: (visit: Visit) => Promise<void> }>;

type Check = keyof typeof checks;

/** A page, what it must answer, and the islands a visitor reaches for there. */
type Stop = [path: string, status: number, reach: Check[]];

/**
 * One browser context per width and scheme; between them, every page type (the test after them
 * says so) and every island. The theme is toggled last in a case, as it changes the rest.
 */
const cases: {
  site: string;
  lang: string;
  width: number;
  scheme: "light" | "dark";
  stops: Stop[];
}[] = [
  {
    site: "demo",
    lang: "en",
    width: 1280,
    scheme: "light",
    stops: [
      ["/", 200, ["menu", "emptyCart", "search", "cookie"]],
      ["/about", 200, ["menu"]],
      ["/product/design-foundations", 200, ["cartWithCoupon"]],
      ["/blog/colour-theory", 200, ["theme"]],
    ],
  },
  {
    site: "demo",
    lang: "en",
    width: 375,
    scheme: "light",
    stops: [
      ["/", 200, ["drawer", "emptyCart", "search"]],
      ["/docs/getting-started", 200, ["drawer", "cookie"]],
      ["/course", 200, ["theme"]],
    ],
  },
  {
    site: "demo",
    lang: "en",
    width: 1280,
    scheme: "dark",
    stops: [
      ["/blog", 200, ["menu", "search"]],
      ["/blog/category/design", 200, ["emptyCart", "cookie"]],
      ["/course/design-foundations", 200, ["menu", "theme"]],
    ],
  },
  {
    site: "demo",
    lang: "en",
    width: 375,
    scheme: "dark",
    stops: [
      ["/docs", 200, ["drawer", "search"]],
      ["/thankyou?order=DA-2041", 200, ["drawer", "cookie"]],
      ["/no-such-page", 404, ["emptyCart"]],
      ["/product/design-foundations", 200, ["cartWithCoupon", "theme"]],
    ],
  },
  {
    site: "souk",
    lang: "ar",
    width: 375,
    scheme: "dark",
    stops: [
      ["/", 200, ["drawer", "emptyCart", "search", "cookie"]],
      ["/blog/first-store", 200, ["theme"]],
    ],
  },
];

async function newPage(browser: Browser, width: number, scheme: "light" | "dark") {
  const context = await browser.newContext({
    viewport: { width, height: 800 },
    colorScheme: scheme,
    // The phone's touch: a tap wakes an island as a click does.
    hasTouch: width < 768,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(String(error)));
  page.on("console", (message) => {
    // The 404 page's own status is no problem of its scripts.
    if (/status of 404/.test(message.text()) && message.location().url === page.url()) return;
    // A hydration mismatch is reported as a warning naming the island (hydrate-island.tsx).
    if (message.type() === "error" || message.text().startsWith("island "))
      problems.push(`${page.url()}: ${message.text()}`);
  });
  return { context, page, problems, loaded: watchScripts(page) };
}

/** Every public page type: the cases below must visit each of them. */
const pageTypes = [
  "/",
  "/about",
  "/blog",
  "/blog/colour-theory",
  "/blog/category/design",
  "/docs",
  "/docs/getting-started",
  "/course",
  "/course/design-foundations",
  "/product/design-foundations",
  "/thankyou?order=DA-2041",
  "/no-such-page",
];

test("I32 the cases visit every public page type", () => {
  const visited = new Set(cases.flatMap((c) => c.stops.map(([p]) => p)));
  expect(pageTypes.filter((p) => !visited.has(p))).toEqual([]);
});

/** Islands awake though nobody reached for them: only those woken at load may be. */
const wokenUntouched = (page: Page) =>
  page.locator("[data-island-live='true']").evaluateAll((elements) =>
    elements
      .map((e) => (e as HTMLElement).dataset)
      .filter((data) => (data.trigger ?? "interaction") === "interaction")
      .map((data) => data.island ?? ""),
  );

for (const c of cases) {
  const name = `${c.site} at ${c.width} px, ${c.scheme}${c.lang === "ar" ? ", Arabic right to left" : ""}`;
  const reached = new Set(c.stops.flatMap(([, , reach]) => reach));
  const ids = [...new Set([...reached].map((check) => checks[check].title.split(" ")[0]!))]
    .sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)))
    .join(" ");
  test(`I32 P3 ${ids} each page loads the islands script alone, each island its own chunks once woken, and works: ${name}`, async ({
    browser,
  }) => {
    const { context, page, problems, loaded } = await newPage(browser, c.width, c.scheme);
    const t = (key: string, values?: Record<string, string>) => textOf(c.lang, key, values);
    const reload = async () => {
      await page.reload();
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    };
    // A check that fails is reported with the others: the rest of the case still runs.
    const failed: string[] = [];
    try {
      for (const [p, status, reach] of c.stops) {
        const response = await open(page, url(c.site, p));
        expect(response?.status(), p).toBe(status);
        if (c.lang === "ar") await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
        // The system's scheme until the case's last check toggles it.
        await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", c.scheme);
        // On arrival, nothing reached for: the islands script and its imports (and the islands
        // woken at load, as the cart is once it holds something).
        softly(await wokenUntouched(page), `${p}: islands awake untouched`).toEqual([]);
        await expectIslandScriptsOnly(page, loaded, `${p} on arrival`);
        for (const check of reach) {
          const { title, run } = checks[check];
          await test
            .step(`${p}: ${title}`, () => run({ page, site: c.site, t, reload }))
            .catch((error: Error) =>
              failed.push(`${p}: ${title}: ${error.message.split("\n")[0]}`),
            );
          await expectIslandScriptsOnly(page, loaded, `${p} after "${title}"`);
        }
      }
      expect(failed, "checks that failed").toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
