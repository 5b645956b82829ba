import fs from "node:fs";
import { expect, test, type BrowserContext, type Page } from "./support/test";
import { lookingAt } from "./support/screenshot";
import { setOption } from "../factories";
import { open } from "./support/page";
import { startDemoServer } from "./support/demo-server";
import type { RunningServer } from "./support/server";

// A server of this file's own, so the demo account can carry an analytics tag (nobody else's
// tests see it) and the owner's counts move only with what these journeys do.
test.describe.configure({ mode: "serial" });

const TAG = "G-LYCEUM2026";
const GTAG_URL = "https://www.googletagmanager.com/gtag/js**";
const demoPassword = "Lyceum-Demo-2026!";

let server: RunningServer;
let dataDir: string;
let demoAccountId: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // The demo, seeded here rather than by the server, with an analytics tag on demo.
  ({ server, dataDir, demoAccountId } = await startDemoServer("analytics", (database, accountId) =>
    setOption(database, {
      accountId,
      key: "misc",
      value: { scripts: "", analytics_tag: TAG },
    }),
  ));
});

test.afterAll(async () => {
  if (server) expect(await server.stop()).toBe(0);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const site = (path = "/") => `http://demo.localhost:${server.port}${path}`;

type Beacon = Record<string, unknown> & { name: string; tenant_id: string; path: string };

/** Everything the page sends to our analytics endpoints, as the server receives it. */
function recordAnalytics(page: Page) {
  const sent = {
    starts: [] as Record<string, unknown>[],
    beacons: [] as Beacon[],
    statuses: [] as number[],
  };
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/funnel/start") sent.starts.push(request.postDataJSON());
    if (url.pathname === "/api/analytics/collect")
      sent.beacons.push(JSON.parse(request.postData()!));
  });
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.startsWith("/api/analytics/"))
      sent.statuses.push(response.status());
  });
  return {
    ...sent,
    pageViews: () => sent.beacons.filter((b) => b.name === "page_view"),
    events: () => sent.beacons.filter((b) => b.name === "add_to_cart"),
  };
}

/** The cookie notice's contract: cookie_consent stored, then `lyceum:consent` fired. */
async function choose(page: Page, choice: "all" | "required" | "disabled") {
  await page.evaluate((value) => {
    document.cookie = `cookie_consent=${value}; Max-Age=${180 * 86_400}; Path=/; SameSite=Lax`;
    window.dispatchEvent(new CustomEvent("lyceum:consent", { detail: value }));
  }, choice);
}

/** The cart's contract: `lyceum:add-to-cart` with GA4 ecommerce fields. */
async function addToCart(page: Page) {
  await page.evaluate(() => {
    window.dispatchEvent(
      new CustomEvent("lyceum:add-to-cart", {
        detail: {
          currency: "USD",
          value: 98,
          items: [
            {
              item_id: "design-foundations",
              item_name: "Design foundations",
              price: 49,
              quantity: 2,
            },
          ],
        },
      }),
    );
  });
}

async function consentCookie(context: BrowserContext, value: string) {
  await context.addCookies([
    { name: "cookie_consent", value, domain: "demo.localhost", path: "/" },
  ]);
}

/** The owner's summary, read in a browser of their own that sends no analytics itself. */
async function ownerSummary(context: BrowserContext) {
  await consentCookie(context, "disabled");
  const page = await context.newPage();
  await open(page, site("/login"));
  const signedIn = await page.evaluate(
    async ({ password }) =>
      (
        await fetch("/api/auth/sign-in/email", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: "owner@demo.test", password }),
        })
      ).status,
    { password: demoPassword },
  );
  expect(signedIn).toBe(200);
  return async () =>
    page.evaluate(async () => {
      const res = await fetch("/api/analytics/summary");
      return (await res.json()) as {
        pageViews: number;
        topPaths: { path: string; count: number }[];
        addToCart: number;
        funnelSessions: number;
      };
    });
}

const countOf = (summary: { topPaths: { path: string; count: number }[] }, path: string) =>
  summary.topPaths.find((p) => p.path === path)?.count ?? 0;

test("P22 one funnel start per browser session; P21 a page view with tenant_id on every navigation", async ({
  page,
  browser,
}) => {
  const owner = await browser.newContext();
  const summary = await ownerSummary(owner);
  const before = await summary();
  const sent = recordAnalytics(page);
  // Each page view answered before the next page: a beacon still in flight when its document
  // is left (every public page is one, decision 048) reaches the server, but its answer no
  // longer reaches the page that sent it.
  const counted = async (views: number) => {
    await expect.poll(() => sent.pageViews().length).toBe(views);
    await expect.poll(() => sent.statuses.length).toBe(views);
  };

  await open(page, site("/?utm_source=a&utm_medium=b&utm_campaign=c"));
  await counted(1);
  expect(sent.starts).toHaveLength(1);
  expect(sent.starts[0]).toMatchObject({
    utm_source: "a",
    utm_medium: "b",
    utm_campaign: "c",
    initial_page: "/",
    account_id: demoAccountId,
    deviceInfo: {
      browser: expect.any(String),
      platform: expect.any(String),
      deviceType: "desktop",
    },
  });
  const sessionId = await page.evaluate(() => sessionStorage.getItem("funnel_session_id"));
  expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);

  // Public pages are documents of their own (decision 048): each link loads the next one, and
  // each counts itself once, in the same browser session.
  await page
    .getByRole("navigation", { name: "Main menu" })
    .getByRole("link", { name: "Blog" })
    .click();
  await expect(page).toHaveURL(site("/blog"));
  await counted(2);
  await page.getByTestId("post-card").first().click();
  await expect(page).toHaveURL(/\/blog\/[a-z-]+$/);
  await counted(3);
  const postPath = new URL(page.url()).pathname;

  // A reload and a campaign link again: still the same browser session, no second start.
  await page.reload();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await counted(4);
  await open(page, site("/blog?utm_source=x&utm_medium=y&utm_campaign=z"));
  await counted(5);
  await page.waitForTimeout(500);
  expect(sent.starts).toHaveLength(1);

  expect(sent.pageViews().map((b) => b.path)).toEqual(["/", "/blog", postPath, postPath, "/blog"]);
  for (const beacon of sent.pageViews()) {
    expect(beacon.tenant_id).toBe(demoAccountId);
    expect(beacon.session_id).toBe(sessionId);
  }
  await expect.poll(() => sent.statuses.length).toBe(5);
  expect(new Set(sent.statuses)).toEqual(new Set([204]));

  const after = await summary();
  expect(after.pageViews - before.pageViews).toBe(5);
  expect(countOf(after, "/blog") - countOf(before, "/blog")).toBe(2);
  expect(countOf(after, postPath) - countOf(before, postPath)).toBe(2);
  expect(after.funnelSessions - before.funnelSessions).toBe(1);

  // Another browser session: without all three utm parameters no funnel, with them its own.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const otherSent = recordAnalytics(otherPage);
  await open(otherPage, site("/?utm_source=a&utm_medium=b"));
  await expect.poll(() => otherSent.pageViews().length).toBe(1);
  expect(otherSent.starts).toHaveLength(0);
  expect(otherSent.pageViews()[0]!.session_id).toBeNull();
  await open(otherPage, site("/?utm_source=a&utm_medium=b&utm_campaign=c"));
  await expect.poll(() => otherSent.starts.length).toBe(1);
  await expect.poll(() => otherSent.pageViews().length).toBe(2);
  expect(otherSent.pageViews()[1]!.session_id).not.toBe(sessionId);
  await other.close();
  await owner.close();
});

test("P21 a lyceum:add-to-cart event is recorded with currency, value and items", async ({
  page,
  browser,
}) => {
  const owner = await browser.newContext();
  const summary = await ownerSummary(owner);
  const before = await summary();
  const sent = recordAnalytics(page);
  await open(page, site("/course"));
  await expect.poll(() => sent.pageViews().length).toBe(1);
  expect(sent.starts).toHaveLength(0);
  await addToCart(page);
  await expect.poll(() => sent.events().length).toBe(1);
  expect(sent.events()[0]).toEqual({
    name: "add_to_cart",
    tenant_id: demoAccountId,
    session_id: null,
    path: "/course",
    currency: "USD",
    value: 98,
    items: [
      { item_id: "design-foundations", item_name: "Design foundations", price: 49, quantity: 2 },
    ],
  });
  await expect.poll(async () => (await summary()).addToCart - before.addToCart).toBe(1);
  await owner.close();
});

test("P21 with cookie_consent=disabled nothing is sent, not even a funnel start", async ({
  page,
  context,
}) => {
  await consentCookie(context, "disabled");
  const sent = recordAnalytics(page);
  await open(page, site("/?utm_source=a&utm_medium=b&utm_campaign=c"));
  await page
    .getByRole("navigation", { name: "Main menu" })
    .getByRole("link", { name: "Blog" })
    .click();
  await expect(page).toHaveURL(site("/blog"));
  await addToCart(page);
  await page.waitForTimeout(1_000);
  expect(sent.starts).toEqual([]);
  expect(sent.beacons).toEqual([]);
  expect(await page.evaluate(() => sessionStorage.getItem("funnel_session_id"))).toBeNull();

  // The listener is alive: choosing "required" counts the next page, first-party only.
  await choose(page, "required");
  await page
    .getByRole("navigation", { name: "Main menu" })
    .getByRole("link", { name: "Home" })
    .click();
  await expect.poll(() => sent.pageViews().map((b) => b.path)).toEqual(["/"]);
  // Not compared: nothing of analytics shows; site-quality.spec.ts compares demo's home.
  if (lookingAt)
    await page.screenshot({ path: test.info().outputPath("analytics-consent-required.png") });
});

test("P21 the analytics tag loads only after consent 'all' and gets page_view with tenant_id and add_to_cart", async ({
  page,
  context,
}) => {
  let gtagRequests = 0;
  await context.route(GTAG_URL, (route) => {
    gtagRequests++;
    return route.fulfill({
      contentType: "text/javascript",
      body: "window.gtagScriptRuns = (window.gtagScriptRuns || 0) + 1;",
    });
  });
  const sent = recordAnalytics(page);
  const dataLayer = () =>
    page.evaluate(() => {
      const layer = (window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer;
      return layer ? layer.map((entry) => Array.from(entry)) : null;
    });
  const events = async (name: string) =>
    ((await dataLayer()) ?? []).filter((entry) => entry[0] === "event" && entry[1] === name);

  // No choice yet: first-party page view only.
  await open(page, site("/"));
  await expect.poll(() => sent.pageViews().length).toBe(1);
  await choose(page, "required");
  await page
    .getByRole("navigation", { name: "Main menu" })
    .getByRole("link", { name: "Blog" })
    .click();
  await expect.poll(() => sent.pageViews().length).toBe(2);
  await addToCart(page);
  await expect.poll(() => sent.events().length).toBe(1);
  expect(gtagRequests).toBe(0);
  expect(await dataLayer()).toBeNull();
  expect(await page.locator("script[src*='googletagmanager']").count()).toBe(0);

  // "all", without a reload: the tag loads and counts the page being read.
  await choose(page, "all");
  await expect.poll(() => gtagRequests).toBe(1);
  await expect
    .poll(() => page.evaluate(() => (window as { gtagScriptRuns?: number }).gtagScriptRuns))
    .toBe(1);
  expect(await page.locator("script[src*='googletagmanager']").getAttribute("src")).toBe(
    `https://www.googletagmanager.com/gtag/js?id=${TAG}`,
  );
  const config = ((await dataLayer()) ?? []).find((entry) => entry[0] === "config");
  expect(config).toEqual(["config", TAG, expect.objectContaining({ send_page_view: false })]);
  expect(await events("page_view")).toEqual([
    [
      "event",
      "page_view",
      expect.objectContaining({ page_path: "/blog", tenant_id: demoAccountId }),
    ],
  ]);

  await addToCart(page);
  await expect
    .poll(() => events("add_to_cart"))
    .toEqual([
      [
        "event",
        "add_to_cart",
        {
          currency: "USD",
          value: 98,
          items: [
            {
              item_id: "design-foundations",
              item_name: "Design foundations",
              price: 49,
              quantity: 2,
            },
          ],
        },
      ],
    ]);
  // ...and the first-party count goes on alongside.
  await expect.poll(() => sent.events().length).toBe(2);

  // The next page is a document of its own (decision 048): with the choice stored, its tag
  // loads at once and counts it.
  await page.getByTestId("post-card").first().click();
  await expect(page).toHaveURL(/\/blog\/[a-z-]+$/);
  const postPath = new URL(page.url()).pathname;
  await expect.poll(async () => (await events("page_view")).length).toBe(1);
  expect((await events("page_view"))[0]![2]).toMatchObject({
    page_path: postPath,
    tenant_id: demoAccountId,
  });
  // The page's own stub fills dataLayer at once; the tag's script request may come after.
  await expect.poll(() => gtagRequests).toBe(2);
  // Not compared: nothing of analytics shows; site-quality.spec.ts compares a demo post.
  if (lookingAt)
    await page.screenshot({ path: test.info().outputPath("analytics-tag-loaded.png") });

  // Withdrawn: nothing more reaches the tag, on this page or the next.
  await choose(page, "required");
  await page
    .getByRole("navigation", { name: "Main menu" })
    .getByRole("link", { name: "Home" })
    .click();
  await expect
    .poll(() => sent.pageViews().map((b) => b.path))
    .toEqual(["/", "/blog", postPath, "/"]);
  expect(gtagRequests).toBe(2);
  expect(await dataLayer()).toBeNull();
});

test("P21 with consent 'all' the tag still never loads first on a sign-in page", async ({
  page,
  context,
}) => {
  let gtagRequests = 0;
  await context.route(GTAG_URL, (route) => {
    gtagRequests++;
    return route.fulfill({ contentType: "text/javascript", body: "" });
  });
  await consentCookie(context, "all");
  const sent = recordAnalytics(page);
  await open(page, site("/login"));
  await expect.poll(() => sent.pageViews().length).toBe(1);
  await page.waitForTimeout(500);
  expect(gtagRequests).toBe(0);
  await page
    .getByRole("navigation", { name: "Main menu" })
    .getByRole("link", { name: "Blog" })
    .click();
  await expect.poll(() => gtagRequests).toBe(1);
});
