/**
 * Browser side of first-party analytics (client-safe, no React): the visitor's cookie choice,
 * coarse device facts, the funnel session and the beacons. See docs/decisions/009-analytics.md.
 */
import type { CartItem, DeviceInfo, DeviceType } from "./validation";

/** Shared contract with the cookie notice (helper brief): cookie `cookie_consent`. */
export type Consent = "all" | "required" | "disabled";
export const CONSENT_COOKIE = "cookie_consent";
export const CONSENT_EVENT = "lyceum:consent";
/** Shared contract with the cart: fired when something is added to it. */
export const ADD_TO_CART_EVENT = "lyceum:add-to-cart";
/** Shared contract with the orders' thank-you page: fired once per fulfilled order. */
export const PURCHASE_EVENT = "lyceum:purchase";
export const FUNNEL_SESSION_KEY = "funnel_session_id";

export function isConsent(value: unknown): value is Consent {
  return value === "all" || value === "required" || value === "disabled";
}

/** The visitor's stored choice, or null when they have not chosen yet. */
export function readConsent(cookie: string): Consent | null {
  for (const part of cookie.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === CONSENT_COOKIE) {
      const value = decodeURIComponent(rest.join("="));
      return isConsent(value) ? value : null;
    }
  }
  return null;
}

/** The dashboard is the members' workspace, not the public site: it is never measured. */
export function isMeasuredPath(pathname: string): boolean {
  return !/^\/dashboard(\/|$)/.test(pathname);
}

/** Pages where passwords or payments are typed: a third-party script is never loaded on them. */
export function isSensitivePath(pathname: string): boolean {
  return /^\/(login|signup)(\/|$)/.test(pathname) || pathname.includes("/checkout");
}

type Navigatorish = {
  userAgent: string;
  userAgentData?: { brands?: { brand: string }[]; mobile?: boolean; platform?: string };
};

const browsers: [RegExp, string][] = [
  [/Edg\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser/, "Samsung Internet"],
  [/Firefox\//, "Firefox"],
  [/Chrome\/|CriOS/, "Chrome"],
  [/Safari\//, "Safari"],
];
const platforms: [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPhone|iPad|iPod/, "iOS"],
  [/CrOS/, "ChromeOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Linux/, "Linux"],
];
const firstMatch = (ua: string, table: [RegExp, string][]) =>
  table.find(([pattern]) => pattern.test(ua))?.[1] ?? "Other";

/** Mobile below 768 px (the site's breakpoint), tablet below 1024 px, unless the browser says. */
export function deviceTypeOf(nav: Navigatorish, width: number): DeviceType {
  const ua = nav.userAgent;
  if (/iPad|Tablet/.test(ua) || (/Android/.test(ua) && !/Mobile/.test(ua))) return "tablet";
  if (nav.userAgentData?.mobile || /Mobi|iPhone|iPod/.test(ua)) return "mobile";
  if (width > 0 && width < 768) return "mobile";
  if (width > 0 && width < 1024) return "tablet";
  return "desktop";
}

/** Names, not the user agent string: a family and an operating system are not a fingerprint. */
export function describeDevice(
  nav: Navigatorish,
  screen: { width: number; height: number },
): DeviceInfo {
  const ua = nav.userAgent;
  const brand = nav.userAgentData?.brands
    ?.map(({ brand }) => brand)
    .find((name) => !/Not.?A.?Brand|Chromium/i.test(name));
  const browser =
    brand === "Google Chrome"
      ? "Chrome"
      : brand === "Microsoft Edge"
        ? "Edge"
        : (brand ?? firstMatch(ua, browsers));
  return {
    browser: browser.slice(0, 40),
    platform: (nav.userAgentData?.platform || firstMatch(ua, platforms)).slice(0, 40),
    screenWidth: Math.round(screen.width),
    screenHeight: Math.round(screen.height),
    deviceType: deviceTypeOf(nav, screen.width),
  };
}

/** utm_source, utm_medium and utm_campaign, when all three are in the address. */
export function campaignOf(search: string) {
  const params = new URLSearchParams(search);
  const [source, medium, campaign] = ["utm_source", "utm_medium", "utm_campaign"].map((name) =>
    params.get(name)?.trim(),
  );
  return source && medium && campaign
    ? { utm_source: source, utm_medium: medium, utm_campaign: campaign }
    : null;
}

function storedSession(): string | null {
  try {
    return window.sessionStorage.getItem(FUNNEL_SESSION_KEY);
  } catch {
    return null; // storage blocked: no funnel session, page views still count
  }
}

let starting: Promise<string | null> | null = null;
let triedThisPage = false;

/**
 * Spec P22: once per browser session, when the address carries a campaign, start a funnel
 * session; its id is kept in session storage and attached to later page views and events.
 */
export function funnelSession(accountId: string, location: { pathname: string; search: string }) {
  const stored = storedSession();
  if (stored) return Promise.resolve(stored);
  if (starting) return starting;
  const campaign = campaignOf(location.search);
  if (!campaign || triedThisPage) return Promise.resolve(null);
  triedThisPage = true;
  starting = fetch("/api/funnel/start", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      ...campaign,
      initial_page: location.pathname,
      account_id: accountId,
      deviceInfo: describeDevice(window.navigator as Navigatorish, window.screen),
    }),
  })
    .then((res) => (res.ok ? (res.json() as Promise<{ session_id?: string }>) : null))
    .then((answer) => {
      const id = answer?.session_id ?? null;
      if (id) {
        try {
          window.sessionStorage.setItem(FUNNEL_SESSION_KEY, id);
        } catch {
          // storage blocked: the id lives for this page only
        }
      }
      return id;
    })
    .catch(() => null)
    .finally(() => {
      starting = null;
    });
  return starting;
}

export type PageViewBeacon = {
  name: "page_view";
  path: string;
  referrer?: string;
  device_type: DeviceType;
};
export type AddToCartBeacon = {
  name: "add_to_cart";
  path: string;
  currency: string;
  value: number;
  items: CartItem[];
};

export type Purchase = {
  transaction_id: string;
  currency: string;
  value: number;
  items: CartItem[];
};
export type PurchaseBeacon = Purchase & { name: "purchase"; path: string };

/** Fire and forget: a beacon survives the page being left, and answers nobody waits for. */
export function sendBeacon(
  body: (PageViewBeacon | AddToCartBeacon | PurchaseBeacon) & {
    tenant_id: string;
    session_id: string | null;
  },
) {
  const json = JSON.stringify(body);
  const url = "/api/analytics/collect";
  if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(url, json)) return;
  void fetch(url, {
    method: "POST",
    body: json,
    keepalive: true,
    headers: { "content-type": "text/plain;charset=UTF-8" },
  }).catch(() => {});
}

/** The `lyceum:add-to-cart` detail, if it has the agreed shape. */
export function readAddToCart(
  detail: unknown,
): { currency: string; value: number; items: CartItem[] } | null {
  if (!detail || typeof detail !== "object") return null;
  const { currency, value, items } = detail as Record<string, unknown>;
  if (typeof currency !== "string" || typeof value !== "number" || !Array.isArray(items))
    return null;
  return { currency, value, items: items as CartItem[] };
}

/** The `lyceum:purchase` detail, if it has the agreed shape (the server checks the rest). */
export function readPurchase(detail: unknown): Purchase | null {
  if (!detail || typeof detail !== "object") return null;
  const { transaction_id, ...rest } = detail as Record<string, unknown>;
  const cart = readAddToCart(rest);
  if (!cart || typeof transaction_id !== "string" || !transaction_id.trim()) return null;
  return { transaction_id, ...cart };
}

const sentPurchases = new Set<string>();

/** True the first time this page sees a transaction: one beacon and one tag event per order. */
export function firstSight(transactionId: string): boolean {
  if (sentPurchases.has(transactionId)) return false;
  sentPurchases.add(transactionId);
  return true;
}

const HELD_KEY = "analytics_tag_purchases";

function readHeld(): Purchase[] {
  try {
    const held: unknown = JSON.parse(window.sessionStorage.getItem(HELD_KEY) ?? "[]");
    return Array.isArray(held) ? held.map(readPurchase).filter((p) => p !== null) : [];
  } catch {
    return [];
  }
}

/**
 * A purchase the owner's tag could not take on this page (not loaded yet: a document opened on
 * the checkout never loads it, the thank-you page is loaded afresh): kept for this browser session.
 */
export function holdForTag(purchase: Purchase): void {
  try {
    const held = readHeld().filter((p) => p.transaction_id !== purchase.transaction_id);
    window.sessionStorage.setItem(HELD_KEY, JSON.stringify([...held, purchase].slice(-5)));
  } catch {
    // storage blocked: the tag misses this purchase; the first-party count has it
  }
}

/** The held purchases, removed from storage: the caller hands them to the tag now. */
export function takeHeldForTag(): Purchase[] {
  const held = readHeld();
  if (held.length === 0) return held;
  try {
    window.sessionStorage.removeItem(HELD_KEY);
  } catch {
    // nothing to remove
  }
  return held;
}
