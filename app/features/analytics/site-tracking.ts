/**
 * Public-site analytics (plain DOM, decision 048): anonymous first-party page views, add_to_cart
 * and purchase events for every visitor except those who chose `disabled`; the owner's analytics
 * tag only after `all`. Run by SiteAnalytics's effects in the app and by the enhancer on an island
 * page; nothing of it reaches the server's HTML, so nothing personal reaches a cached page.
 */
import {
  gtagAddToCart,
  gtagLoaded,
  gtagPageView,
  gtagPurchase,
  grantGtag,
  loadGtag,
  revokeGtag,
} from "./gtag";
import {
  ADD_TO_CART_EVENT,
  CONSENT_EVENT,
  deviceTypeOf,
  firstSight,
  funnelSession,
  holdForTag,
  isConsent,
  isMeasuredPath,
  isSensitivePath,
  PURCHASE_EVENT,
  readAddToCart,
  readConsent,
  readPurchase,
  sendBeacon,
  takeHeldForTag,
  type Consent,
  type Purchase,
} from "./tracker";

export type Here = { pathname: string; search: string };

export type SiteTracking = { accountId: string; tag: string | null };

/** What one page remembers between events: where it is, the visitor's choice, what it counted. */
export type TrackedPage = { here: Here; consent: Consent | null; counted: string | null };

export const trackedPage = (here: Here): TrackedPage => ({ here, consent: null, counted: null });

/** Purchases the owner's tag could not take when they happened (tracker.ts holdForTag). */
function sendHeldPurchases() {
  for (const purchase of takeHeldForTag()) gtagPurchase(purchase);
}

/**
 * Listens for the visitor's choice, additions to the cart and purchases; returns the cleanup.
 * In the app, from a layout effect: listening before any page's own effects run, since the
 * thank-you page may fire its purchase from its first effect.
 */
export function listenForSiteEvents({ accountId, tag }: SiteTracking, page: TrackedPage) {
  /** Loads the tag if allowed here; true when it was loaded just now. */
  const startTag = () => {
    if (!tag || page.consent !== "all") return false;
    if (gtagLoaded()) {
      grantGtag();
      return false;
    }
    const { pathname } = page.here;
    if (!isMeasuredPath(pathname) || isSensitivePath(pathname)) return false;
    loadGtag(tag);
    return true;
  };
  const onConsent = (event: Event) => {
    const detail = (event as CustomEvent<unknown>).detail;
    page.consent = isConsent(detail) ? detail : readConsent(document.cookie);
    if (page.consent === "all") {
      // The page being read is counted by the tag too, now that it may be.
      if (startTag()) gtagPageView({ ...page.here, tenantId: accountId });
      if (gtagLoaded()) sendHeldPurchases();
    } else if (gtagLoaded()) revokeGtag();
  };
  const onAddToCart = (event: Event) => {
    const cart = readAddToCart((event as CustomEvent<unknown>).detail);
    const { pathname } = page.here;
    if (!cart || page.consent === "disabled" || !isMeasuredPath(pathname)) return;
    void funnelSession(accountId, page.here).then((sessionId) =>
      sendBeacon({
        name: "add_to_cart",
        tenant_id: accountId,
        session_id: sessionId,
        path: pathname,
        ...cart,
      }),
    );
    if (page.consent === "all" && gtagLoaded()) gtagAddToCart(cart);
  };
  const recordPurchase = (purchase: Purchase) => {
    page.consent ??= readConsent(document.cookie);
    const { pathname } = page.here;
    if (page.consent === "disabled" || !isMeasuredPath(pathname)) return;
    if (!firstSight(purchase.transaction_id)) return;
    void funnelSession(accountId, page.here).then((sessionId) =>
      sendBeacon({
        name: "purchase",
        tenant_id: accountId,
        session_id: sessionId,
        path: pathname,
        ...purchase,
      }),
    );
    if (!tag || page.consent !== "all") return;
    if (gtagLoaded()) gtagPurchase(purchase);
    else holdForTag(purchase);
  };
  const onPurchase = (event: Event) => {
    const purchase = readPurchase((event as CustomEvent<unknown>).detail);
    // After the effects of the render that fired it: the page's path, the visitor's choice and
    // the tag are then those of the page being shown.
    if (purchase) window.setTimeout(() => recordPurchase(purchase), 0);
  };
  window.addEventListener(CONSENT_EVENT, onConsent);
  window.addEventListener(ADD_TO_CART_EVENT, onAddToCart);
  window.addEventListener(PURCHASE_EVENT, onPurchase);
  return () => {
    window.removeEventListener(CONSENT_EVENT, onConsent);
    window.removeEventListener(ADD_TO_CART_EVENT, onAddToCart);
    window.removeEventListener(PURCHASE_EVENT, onPurchase);
  };
}

/** Counts the page at `here`: once per address, however often the app's effect runs. */
export function countPageView({ accountId, tag }: SiteTracking, page: TrackedPage, here: Here) {
  page.here = here;
  const { pathname, search } = here;
  const key = `${pathname}${search}`;
  if (page.counted === key) return;
  const firstView = page.counted === null;
  page.counted = key;
  page.consent = readConsent(document.cookie) ?? page.consent;
  if (!isMeasuredPath(pathname) || page.consent === "disabled") return;
  void funnelSession(accountId, here).then((sessionId) =>
    sendBeacon({
      name: "page_view",
      tenant_id: accountId,
      session_id: sessionId,
      path: pathname,
      // Only a page opened from elsewhere has a referrer of its own; the server keeps its host.
      referrer: firstView ? document.referrer : undefined,
      device_type: deviceTypeOf(navigator, window.screen.width),
    }),
  );
  if (tag && page.consent === "all") {
    if (!gtagLoaded() && !isSensitivePath(pathname)) {
      // A document opened on a sign-in page carries the strict policy, which refuses the tag
      // (decision 016): this page is loaded afresh, under its own policy.
      if (isSensitivePath(documentPathname())) window.location.reload();
      else loadGtag(tag);
    }
    if (gtagLoaded()) {
      gtagPageView({ pathname, search, tenantId: accountId });
      sendHeldPurchases();
    }
  }
}

/** The path this document was loaded on (client navigations keep its policy). */
function documentPathname(): string {
  const [entry] = performance.getEntriesByType("navigation");
  try {
    return new URL(entry?.name ?? window.location.href).pathname;
  } catch {
    return window.location.pathname;
  }
}

/** A page that never navigates by itself (an island page): listen, count it once. */
export function startSiteAnalytics(tracking: SiteTracking & { here: Here }) {
  const page = trackedPage(tracking.here);
  const stop = listenForSiteEvents(tracking, page);
  countPageView(tracking, page, tracking.here);
  return stop;
}

/** The enhancer's entry: the marker SiteAnalytics renders on an island page. */
export function enhanceSiteAnalytics(marker: HTMLElement) {
  const { accountId, tag } = marker.dataset;
  if (!accountId) return undefined;
  const { pathname, search } = window.location;
  return startSiteAnalytics({ accountId, tag: tag || null, here: { pathname, search } });
}
