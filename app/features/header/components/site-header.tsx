import { siteNameOf } from "~/features/accounts/accounts";
import { Box, Container, Group } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { NavBurger, NavDrawer } from "~/ui/nav-drawer";
import { ThemeToggle } from "~/ui/theme-toggle";
import { useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { AccountSummary } from "~/features/accounts/accounts";
import type { MenusValue } from "~/features/menus/menus";
import { useHeaderScroll } from "../use-header-scroll";
import { SiteLogo } from "./site-logo";
import { MobileMenu, SiteMenu } from "~/features/menus/menus";
import type { HeaderValue } from "../header-option";
import classes from "./site-header.module.css";

export function SiteHeader({
  account,
  chrome,
  userArea,
  drawerUserArea,
  cart,
  search,
}: {
  account: AccountSummary;
  /** The header option (undefined: the defaults) and the sanitised menus. */
  chrome: { header: HeaderValue | undefined; menus: MenusValue };
  userArea: ReactNode;
  /** Log in and sign up in the phone's menu drawer (I31-9: the header shows Log in only there). */
  drawerUserArea?: ReactNode;
  /** The cart button, supplied by the layout (the cart is its own feature). */
  cart: ReactNode;
  /** The search button and modal, supplied by the layout (search is its own feature). */
  search: ReactNode;
}) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const header = chrome.header;
  const ref = useRef<HTMLElement>(null);
  // P8: a fixed header always stays; any other hides while scrolling down.
  useHeaderScroll(ref, { hideOnScroll: !header?.header_fix });
  return (
    <Box
      ref={ref}
      component="header"
      className={classes.header}
      data-site-header
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
            <SiteMenu items={chrome.menus.header} />
          </Box>
          <Group gap="xs" wrap="nowrap">
            {header?.header_search !== false ? search : null}
            {header?.header_cart !== false ? cart : null}
            {header?.header_darklight !== false ? (
              <ThemeToggle label={t("site.toggleTheme")} />
            ) : null}
            {header?.header_login !== false ? userArea : null}
            <NavBurger
              opened={opened}
              onToggle={toggle}
              hiddenFrom="sm"
              label={t("site.openMenu")}
            />
          </Group>
        </Group>
      </Container>
      <NavDrawer
        opened={opened}
        onClose={close}
        title={account.settings.sitetitle}
        hiddenFrom="sm"
        size="80%"
        closeLabel={t("chrome.closeMenu")}
        navLabel={t("chrome.mobileMenu")}
        after={
          header?.header_login !== false && drawerUserArea ? (
            <Box mt="md" onClick={close}>
              {drawerUserArea}
            </Box>
          ) : null
        }
      >
        <MobileMenu items={chrome.menus.mobile} onNavigate={close} />
      </NavDrawer>
    </Box>
  );
}
