/**
 * The owner's analytics tag (Google Analytics 4). Loaded only once the visitor accepts all
 * cookies, and never first on a page where passwords or payments are typed.
 */
import type { CartItem } from "./validation";

type Gtag = (...args: unknown[]) => void;
type GtagWindow = Window & { dataLayer?: unknown[]; gtag?: Gtag };

export const GTAG_ORIGIN = "https://www.googletagmanager.com";

let loadedTag: string | null = null;

/** Loaded by us, and still there: a page (or a test) that removes `window.gtag` unloads it. */
export function gtagLoaded(): boolean {
  return loadedTag !== null && typeof (window as GtagWindow).gtag === "function";
}

/** Google's snippet: queue calls in dataLayer, then fetch gtag.js, which replays them. */
export function loadGtag(tag: string): void {
  if (gtagLoaded()) return;
  loadedTag = tag;
  const w = window as GtagWindow;
  w.dataLayer = w.dataLayer ?? [];
  // gtag.js reads `arguments` objects from dataLayer, not arrays: keep the snippet's shape.
  w.gtag = function gtag() {
    w.dataLayer!.push(arguments);
  };
  w.gtag("js", new Date());
  w.gtag("config", tag, {
    // Page views are sent by us, with tenant_id, on every client-side navigation.
    send_page_view: false,
    allow_google_signals: false,
    allow_ad_personalization_signals: false,
  });
  const script = document.createElement("script");
  script.async = true;
  script.src = `${GTAG_ORIGIN}/gtag/js?id=${encodeURIComponent(tag)}`;
  document.head.appendChild(script);
}

function gtag(...args: unknown[]) {
  (window as GtagWindow).gtag?.(...args);
}

/** A choice other than "all" after loading: the tag stops storing and we stop sending. */
export function revokeGtag(): void {
  gtag("consent", "update", { analytics_storage: "denied", ad_storage: "denied" });
}

export function grantGtag(): void {
  gtag("consent", "update", { analytics_storage: "granted" });
}

/** The address GA sees: the path and campaign parameters only, never other query values. */
function campaignLocation(pathname: string, search: string): string {
  const kept = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(search)) {
    if (name.startsWith("utm_")) kept.append(name, value);
  }
  const query = kept.toString();
  return `${window.location.origin}${pathname}${query ? `?${query}` : ""}`;
}

export function gtagPageView({
  pathname,
  search,
  tenantId,
}: {
  pathname: string;
  search: string;
  tenantId: string;
}): void {
  gtag("event", "page_view", {
    page_location: campaignLocation(pathname, search),
    page_path: pathname,
    page_title: document.title,
    tenant_id: tenantId,
  });
}

export function gtagAddToCart({
  currency,
  value,
  items,
}: {
  currency: string;
  value: number;
  items: CartItem[];
}): void {
  gtag("event", "add_to_cart", { currency, value, items });
}

/** GA4's purchase: GA counts revenue from `value` and `currency`, per `transaction_id`. */
export function gtagPurchase({
  transaction_id,
  currency,
  value,
  items,
}: {
  transaction_id: string;
  currency: string;
  value: number;
  items: CartItem[];
}): void {
  gtag("event", "purchase", { transaction_id, currency, value, items });
}
