import { siteNameOf } from "~/features/accounts/accounts";
import { Box, Container, Group } from "@mantine/core";
import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import type { AccountSummary } from "~/features/accounts/accounts";
import type { MenusValue } from "~/features/menus/menus";
import { watchHeaderScroll } from "../header-scroll";
import { SiteLogo } from "./site-logo";
import { SiteMenuIsland } from "~/features/menus/menus.islands";
import type { ViewerBadge } from "~/features/auth/auth";
import { SiteMobileNavIsland, ThemeToggleIsland } from "../header.islands";
import type { HeaderValue } from "../header-option";
import classes from "./site-header.module.css";

export function SiteHeader({
  account,
  chrome,
  userArea,
  viewer,
  cart,
  search,
}: {
  account: AccountSummary;
  /** The header option (undefined: the defaults) and the sanitised menus. */
  chrome: { header: HeaderValue | undefined; menus: MenusValue };
  userArea: ReactNode;
  /** Who is signed in: the phone's menu drawer offers log in and sign up to visitors (I31-9). */
  viewer: ViewerBadge | null;
  /** The cart button, supplied by the layout (the cart is its own feature). */
  cart: ReactNode;
  /** The search button and modal, supplied by the layout (search is its own feature). */
  search: ReactNode;
}) {
  const { t } = useTranslation();
  const header = chrome.header;
  const ref = useRef<HTMLElement>(null);
  // P8: a fixed header always stays; any other hides while scrolling down. On a public page
  // (no React) the islands' enhancer runs the same, from `data-enhance`.
  const hideOnScroll = !header?.header_fix;
  useEffect(
    () => (ref.current ? watchHeaderScroll(ref.current, { hideOnScroll }) : undefined),
    [hideOnScroll],
  );
  return (
    <Box
      ref={ref}
      component="header"
      className={classes.header}
      data-site-header
      data-enhance="header-scroll"
      data-style={header?.header_style ?? "solid"}
      data-fixed={header?.header_fix ? "true" : undefined}
      style={{ "--site-header-font-size": `${header?.header_fontsize ?? 15}px` }}
    >
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Link to="/" className={classes.brand} aria-label={siteNameOf(account)}>
            <SiteLogo account={account} />
          </Link>
          <Box visibleFrom="sm">
            <SiteMenuIsland items={chrome.menus.header} />
          </Box>
          <Group gap="xs" wrap="nowrap">
            {header?.header_search !== false ? search : null}
            {header?.header_cart !== false ? cart : null}
            {header?.header_darklight !== false ? (
              <ThemeToggleIsland label={t("site.toggleTheme")} />
            ) : null}
            {header?.header_login !== false ? userArea : null}
            <SiteMobileNavIsland
              title={account.settings.sitetitle}
              items={chrome.menus.mobile}
              viewer={viewer}
              showLogin={header?.header_login !== false}
            />
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
