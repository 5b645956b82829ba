import { Box } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useLocation } from "react-router";
import type { AccountSummary } from "~/features/accounts/accounts";
import type { ViewerBadge } from "~/features/auth/auth";
import type { SiteChrome } from "../site.server";
import { BackToTop } from "./back-to-top";
import { CookieNotice } from "./cookie-notice";
import { HeaderNotice } from "~/features/notices/notices";
import { OwnerScripts } from "./owner-scripts";
import { SiteFooter } from "~/features/footer/footer";
import { SiteHeader } from "~/features/header/header";
import chromeClasses from "./chrome.module.css";
import classes from "./site-frame.module.css";
// Forms' markup may be on any page of the site (a page block, a popup): their styles come with
// the frame's, in its one stylesheet.
import "./site-forms.module.css";

/**
 * The public site's frame (P3): notice, header, content, footer, cookie notice, back-to-top and
 * the owner's scripts, styled by the account's theme. Checkout pages have no header or footer.
 * Everything personal (dismissed notice, cookie choice, cart) is applied in the browser after
 * hydration, so the server's HTML is the same for every anonymous visitor.
 */
export function SiteFrame({
  account,
  chrome,
  userArea,
  viewer,
  cart,
  search,
  children,
}: {
  account: AccountSummary;
  chrome: SiteChrome;
  /** Log-in buttons or the user menu, supplied by the route (it knows the viewer). */
  userArea: ReactNode;
  /** Who is signed in, for the phone's menu drawer (log in and sign up for visitors). */
  viewer: ViewerBadge | null;
  /** The header's cart button, supplied by the layout. */
  cart: ReactNode;
  /** The header's search button and modal, supplied by the layout. */
  search: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // The checkout, and a funnel's steps (landing pages: nothing leads the visitor away).
  const bare = pathname.includes("/checkout") || pathname.startsWith("/f/");
  const notices = chrome.header?.notices;
  return (
    <Box className={classes.page} data-body-style={chrome.theme.bodyStyle}>
      <a href="#content" id="skip-to-content" className={chromeClasses.skipLink}>
        {t("chrome.skipToContent")}
      </a>
      {!bare && notices && chrome.headerNoticeActive ? (
        <HeaderNotice text={notices.header_notice} background={notices.header_notice_bg} />
      ) : null}
      {bare ? null : (
        <SiteHeader
          account={account}
          chrome={chrome}
          userArea={userArea}
          viewer={viewer}
          cart={cart}
          search={search}
        />
      )}
      <Box component="main" id="content" tabIndex={-1} className={classes.main}>
        {children}
      </Box>
      {bare ? null : <SiteFooter account={account} footer={chrome.footer} />}
      <CookieNotice privacyHref={chrome.privacyHref} />
      <BackToTop />
      <OwnerScripts html={chrome.misc.scripts} />
    </Box>
  );
}
