import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { gtagAddToCart, gtagLoaded, gtagPageView, grantGtag, loadGtag, revokeGtag } from "../gtag";
import {
  ADD_TO_CART_EVENT,
  CONSENT_EVENT,
  deviceTypeOf,
  funnelSession,
  isConsent,
  isMeasuredPath,
  isSensitivePath,
  readAddToCart,
  readConsent,
  sendBeacon,
  type Consent,
} from "../tracker";

type Here = { pathname: string; search: string };

/**
 * Public-site analytics, mounted once in the site frame. Renders nothing (so nothing personal
 * reaches a cached page). Anonymous first-party page views and add_to_cart events for every
 * visitor except those who chose `disabled`; the owner's analytics tag only after `all`.
 */
export function SiteAnalytics({ accountId, tag }: { accountId: string; tag: string | null }) {
  const { pathname, search } = useLocation();
  const here = useRef<Here>({ pathname, search });
  const consent = useRef<Consent | null>(null);
  const counted = useRef<string | null>(null);

  useEffect(() => {
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
    window.addEventListener(CONSENT_EVENT, onConsent);
    window.addEventListener(ADD_TO_CART_EVENT, onAddToCart);
    return () => {
      window.removeEventListener(CONSENT_EVENT, onConsent);
      window.removeEventListener(ADD_TO_CART_EVENT, onAddToCart);
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
      if (gtagLoaded()) gtagPageView({ pathname, search, tenantId: accountId });
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
