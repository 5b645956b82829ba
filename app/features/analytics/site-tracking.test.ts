// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";

const accountId = "0f6f3f36-3a4e-4a3c-9d6c-5a8b1a2b3c4d";
const cart = {
  currency: "EUR",
  value: 49,
  items: [{ item_id: "p-1", item_name: "Watercolour", price: 49, quantity: 1 }],
};

type Beacon = { name: string; [key: string]: unknown };
let beacons: Beacon[] = [];
const stops: (() => void)[] = [];

function gtagCalls(): unknown[][] {
  const layer = (window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? [];
  return layer.map((args) => Array.from(args));
}
const gtagEvents = (name: string) =>
  gtagCalls().filter(([command, event]) => command === "event" && event === name);
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** An island page's marker (SiteAnalytics renders it there), woken by its enhancer. */
async function islandPage(path: string, tag = "G-TEST123") {
  // Fresh modules: the tag's "loaded" state is per page in a browser.
  vi.resetModules();
  const { enhanceSiteAnalytics } = await import("./analytics.enhancers");
  window.history.replaceState(null, "", path);
  const marker = document.createElement("div");
  marker.dataset.accountId = accountId;
  marker.dataset.tag = tag;
  const stop = enhanceSiteAnalytics(marker);
  if (stop) stops.push(stop);
  await settle();
}

describe("I32 site analytics without React (an island page's enhancer)", () => {
  beforeEach(() => {
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
  afterEach(() => {
    while (stops.length > 0) stops.pop()!();
    vi.restoreAllMocks();
    document.cookie = "cookie_consent=; max-age=0";
  });

  test("I32 the page is counted once; the owner's tag loads only once the visitor accepts all, and counts the page", async () => {
    await islandPage("/blog?utm_source=a");
    expect(beacons).toEqual([
      {
        name: "page_view",
        tenant_id: accountId,
        session_id: null,
        path: "/blog",
        referrer: "",
        device_type: expect.any(String),
      },
    ]);
    expect(gtagCalls()).toEqual([]);

    window.dispatchEvent(new CustomEvent("lyceum:consent", { detail: "all" }));
    expect(gtagCalls()).toContainEqual(["config", "G-TEST123", expect.any(Object)]);
    expect(gtagEvents("page_view")).toMatchObject([
      ["event", "page_view", { page_path: "/blog", tenant_id: accountId }],
    ]);

    window.dispatchEvent(new CustomEvent("lyceum:add-to-cart", { detail: cart }));
    await settle();
    expect(beacons.at(-1)).toEqual({
      name: "add_to_cart",
      tenant_id: accountId,
      session_id: null,
      path: "/blog",
      ...cart,
    });
    expect(gtagEvents("add_to_cart")).toEqual([["event", "add_to_cart", cart]]);
  });

  test("I32 a visitor who chose 'disabled' sends nothing, and 'required' never loads the tag", async () => {
    document.cookie = "cookie_consent=disabled";
    await islandPage("/");
    window.dispatchEvent(new CustomEvent("lyceum:add-to-cart", { detail: cart }));
    await settle();
    expect(beacons).toEqual([]);

    document.cookie = "cookie_consent=required";
    await islandPage("/");
    expect(beacons.map(({ name }) => name)).toEqual(["page_view"]);
    window.dispatchEvent(new CustomEvent("lyceum:consent", { detail: "required" }));
    expect(gtagCalls()).toEqual([]);
  });
});
