import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router";
import {
  gtagAddToCart,
  gtagLoaded,
  gtagPageView,
  gtagPurchase,
  grantGtag,
  loadGtag,
  revokeGtag,
} from "../gtag";
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
} from "../tracker";

type Here = { pathname: string; search: string };

/** Purchases the owner's tag could not take when they happened (tracker.ts holdForTag). */
function sendHeldPurchases() {
  for (const purchase of takeHeldForTag()) gtagPurchase(purchase);
}

/**
 * Public-site analytics, mounted once in the site frame. Renders nothing (so nothing personal
 * reaches a cached page). Anonymous first-party page views, add_to_cart and purchase events for
 * every visitor except those who chose `disabled`; the owner's analytics tag only after `all`.
 */
export function SiteAnalytics({ accountId, tag }: { accountId: string; tag: string | null }) {
  const { pathname, search } = useLocation();
  const here = useRef<Here>({ pathname, search });
  const consent = useRef<Consent | null>(null);
  const counted = useRef<string | null>(null);

  // A layout effect: listening before any page's own effects run, since the thank-you page may
  // fire its purchase from its first effect, before this (outer) component's effects would.
  useLayoutEffect(() => {
    /** Loads the tag if allowed here; true when it was loaded just now. */
    const startTag = () => {
      if (!tag || consent.current !== "all") return false;
      if (gtagLoaded()) {
        grantGtag();
        return false;
      }
      const { pathname } = here.current;
      if (!isMeasuredPath(pathname) || isSensitivePath(pathname)) return false;
      loadGtag(tag);
      return true;
    };
    const onConsent = (event: Event) => {
      const detail = (event as CustomEvent<unknown>).detail;
      consent.current = isConsent(detail) ? detail : readConsent(document.cookie);
      if (consent.current === "all") {
        // The page being read is counted by the tag too, now that it may be.
        if (startTag()) gtagPageView({ ...here.current, tenantId: accountId });
        if (gtagLoaded()) sendHeldPurchases();
      } else if (gtagLoaded()) revokeGtag();
    };
    const onAddToCart = (event: Event) => {
      const cart = readAddToCart((event as CustomEvent<unknown>).detail);
      const { pathname } = here.current;
      if (!cart || consent.current === "disabled" || !isMeasuredPath(pathname)) return;
      void funnelSession(accountId, here.current).then((sessionId) =>
        sendBeacon({
          name: "add_to_cart",
          tenant_id: accountId,
          session_id: sessionId,
          path: pathname,
          ...cart,
        }),
      );
      if (consent.current === "all" && gtagLoaded()) gtagAddToCart(cart);
    };
    const recordPurchase = (purchase: Purchase) => {
      consent.current ??= readConsent(document.cookie);
      const { pathname } = here.current;
      if (consent.current === "disabled" || !isMeasuredPath(pathname)) return;
      if (!firstSight(purchase.transaction_id)) return;
      void funnelSession(accountId, here.current).then((sessionId) =>
        sendBeacon({
          name: "purchase",
          tenant_id: accountId,
          session_id: sessionId,
          path: pathname,
          ...purchase,
        }),
      );
      if (!tag || consent.current !== "all") return;
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
  }, [accountId, tag]);

  useEffect(() => {
    here.current = { pathname, search };
    // One view per navigation, however often React runs this effect.
    const key = `${pathname}${search}`;
    if (counted.current === key) return;
    const firstView = counted.current === null;
    counted.current = key;
    consent.current = readConsent(document.cookie) ?? consent.current;
    if (!isMeasuredPath(pathname) || consent.current === "disabled") return;
    void funnelSession(accountId, { pathname, search }).then((sessionId) =>
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
    if (tag && consent.current === "all") {
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
  }, [accountId, tag, pathname, search]);

  return null;
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
