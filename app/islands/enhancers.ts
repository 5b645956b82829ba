import { enhanceSiteAnalytics } from "~/features/analytics/analytics.enhancers";
import { enhanceErrorReporter } from "~/features/client-errors/client-errors.enhancers";
import { enhanceHeaderScroll } from "~/features/header/header.enhancers";
import { enhanceOrderReference } from "~/features/orders/orders.enhancers";
import { enhanceHeaderNotice } from "~/features/notices/notices.enhancers";
import {
  enhanceBackToTop,
  enhanceCookieNotice,
  enhanceOwnerScripts,
} from "~/features/site/site.enhancers";

/**
 * The always-on behaviours of a public page that need no React (decision 048): each finds its
 * element by its `data-enhance` name and wires it by hand. Kept small: this ships with every
 * page. To add one, export `enhance<Name>(element)` from the feature's `<noun>.enhancers.ts`
 * (plain DOM, no React or Mantine) and name it here.
 */
const enhancers: Record<string, (element: HTMLElement) => void> = {
  "error-reporter": enhanceErrorReporter,
  "header-scroll": enhanceHeaderScroll,
  "order-reference": enhanceOrderReference,
  "header-notice": enhanceHeaderNotice,
  "cookie-notice": enhanceCookieNotice,
  "back-to-top": enhanceBackToTop,
  "site-analytics": enhanceSiteAnalytics,
  "owner-scripts": enhanceOwnerScripts,
};

export function runEnhancers() {
  for (const element of document.querySelectorAll<HTMLElement>("[data-enhance]")) {
    const enhance = enhancers[element.dataset.enhance ?? ""];
    try {
      enhance?.(element);
    } catch (error) {
      // One broken behaviour must not take the others (or the islands) down with it.
      console.error(`enhancer ${element.dataset.enhance}:`, error);
    }
  }
}
