// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";

// Each test loads the modules afresh: the tag's "loaded" state and the page's sent purchases are
// module state, as they are per page in a browser.
async function fresh() {
  vi.resetModules();
  const React = await import("react");
  const { createRoot } = await import("react-dom/client");
  const router = await import("react-router");
  const { SiteAnalytics } = await import("./site-analytics");
  return { React, createRoot, router, SiteAnalytics };
}

const accountId = "0f6f3f36-3a4e-4a3c-9d6c-5a8b1a2b3c4d";
const detail = {
  transaction_id: "7d1c2a9e-5b3f-4c1d-8e2a-9f0b1c2d3e4f",
  currency: "EUR",
  value: 61.5,
  items: [
    { item_id: "p-1", item_name: "Watercolour", price: 49, quantity: 1 },
    { item_id: "p-2", item_name: "Brush set", price: 6.25, quantity: 2 },
  ],
};

type Beacon = { name: string; [key: string]: unknown };
let beacons: Beacon[] = [];
/** Pages still mounted: a failed test's listeners must not hear the next test's events. */
const mounted: (() => Promise<void>)[] = [];

/** What the page handed gtag, as [command, name, params] lists. */
function gtagCalls(): unknown[][] {
  const layer = (window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? [];
  return layer.map((args) => Array.from(args));
}
const gtagEvents = (name: string) =>
  gtagCalls().filter(([command, event]) => command === "event" && event === name);

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/**
 * The site frame as host-layout.tsx renders it: the route's page first, SiteAnalytics after it,
 * so the page's effects run before the frame's; the page fires its purchase from its first one.
 */
async function renderPage({
  path,
  tag = "G-TEST123",
  fire = 1,
}: {
  path: string;
  tag?: string | null;
  fire?: number;
}) {
  const { React, createRoot, router, SiteAnalytics } = await fresh();
  function ThankYou() {
    React.useEffect(() => {
      for (let i = 0; i < fire; i++)
        window.dispatchEvent(new CustomEvent("lyceum:purchase", { detail }));
    }, []);
    return null;
  }
  let navigate: ((to: string) => void) | null = null;
  function Navigator() {
    const go = router.useNavigate();
    navigate = (to) => void go(to);
    return null;
  }
  const container = document.createElement("div");
  document.body.appendChild(container);
  const root = createRoot(container);
  await React.act(async () => {
    root.render(
      <router.MemoryRouter initialEntries={[path]}>
        <router.Routes>
          <router.Route path="/thankyou" element={<ThankYou />} />
          <router.Route path="*" element={null} />
        </router.Routes>
        <Navigator />
        <SiteAnalytics accountId={accountId} tag={tag} />
      </router.MemoryRouter>,
    );
  });
  await settle();
  const unmount = async () => {
    const at = mounted.indexOf(unmount);
    if (at < 0) return;
    mounted.splice(at, 1);
    await React.act(async () => root.unmount());
  };
  mounted.push(unmount);
  return {
    navigate: async (to: string) => {
      await React.act(async () => navigate!(to));
      await settle();
    },
    unmount,
  };
}

describe("P21 M4 purchase in the browser: first-party beacon and the owner's GA4 tag", () => {
  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    beacons = [];
    Object.defineProperty(navigator, "sendBeacon", {
      configurable: true,
      value: (_url: string, body: string) => {
        beacons.push(JSON.parse(body) as Beacon);
        return true;
      },
    });
    // gtag.js itself is never fetched: the tag's script element is kept out of the document.
    vi.spyOn(document.head, "appendChild").mockImplementation((node) => node);
    delete (window as unknown as { dataLayer?: unknown }).dataLayer;
    delete (window as unknown as { gtag?: unknown }).gtag;
    window.sessionStorage.clear();
  });
  afterEach(async () => {
    while (mounted.length > 0) await mounted[0]!();
    vi.restoreAllMocks();
    document.cookie = "cookie_consent=; max-age=0";
    // The next file in this worker (decision 052) renders without act(): put the flag back.
    delete (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
  });

  test("P21 M4 a purchase fired from the thank-you page's first effect is beaconed once and gtag receives purchase", async () => {
    document.cookie = "cookie_consent=all";
    const page = await renderPage({ path: "/thankyou?order=x", fire: 2 });
    const purchases = beacons.filter((b) => b.name === "purchase");
    expect(purchases).toEqual([
      { name: "purchase", tenant_id: accountId, session_id: null, path: "/thankyou", ...detail },
    ]);
    expect(gtagEvents("purchase")).toEqual([["event", "purchase", detail]]);
    // The page view reaches the tag first, then the purchase.
    const names = gtagCalls().map(([, name]) => name);
    expect(names.indexOf("page_view")).toBeLessThan(names.indexOf("purchase"));
    await page.unmount();
  });

  test("P21 M4 consent 'required' beacons the purchase but loads no tag; 'disabled' sends nothing", async () => {
    document.cookie = "cookie_consent=required";
    let page = await renderPage({ path: "/thankyou" });
    expect(beacons.filter((b) => b.name === "purchase")).toHaveLength(1);
    expect(gtagCalls()).toEqual([]);
    await page.unmount();

    beacons = [];
    document.cookie = "cookie_consent=disabled";
    page = await renderPage({ path: "/thankyou" });
    expect(beacons).toEqual([]);
    expect(gtagCalls()).toEqual([]);
    await page.unmount();
  });

  test("P21 M4 with no tag configured the purchase is beaconed and GA is never loaded", async () => {
    document.cookie = "cookie_consent=all";
    const page = await renderPage({ path: "/thankyou", tag: null });
    expect(beacons.filter((b) => b.name === "purchase")).toHaveLength(1);
    expect(gtagCalls()).toEqual([]);
    await page.unmount();
  });

  test("P21 M4 a purchase the tag could not take yet (a checkout page, where it never loads) reaches gtag once it loads", async () => {
    document.cookie = "cookie_consent=all";
    const page = await renderPage({ path: "/checkout" });
    window.dispatchEvent(new CustomEvent("lyceum:purchase", { detail }));
    await settle();
    expect(beacons.filter((b) => b.name === "purchase")).toMatchObject([{ path: "/checkout" }]);
    expect(gtagCalls()).toEqual([]);
    await page.navigate("/course");
    expect(gtagEvents("purchase")).toEqual([["event", "purchase", detail]]);
    await page.navigate("/blog");
    expect(gtagEvents("purchase")).toHaveLength(1);
    await page.unmount();
  });

  test("P21 M4 a client-side step from another page to the thank-you page records the thank-you page's path", async () => {
    document.cookie = "cookie_consent=all";
    const page = await renderPage({ path: "/course" });
    expect(gtagEvents("page_view")).toHaveLength(1);
    await page.navigate("/thankyou?order=x");
    expect(beacons.filter((b) => b.name === "purchase")).toMatchObject([{ path: "/thankyou" }]);
    expect(gtagEvents("purchase")).toEqual([["event", "purchase", detail]]);
  });
});
