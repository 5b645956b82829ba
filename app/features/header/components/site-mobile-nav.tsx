import { Box } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useTranslation } from "~/platform/i18n/use-translation";
import { UserArea, type ViewerBadge } from "~/features/auth/auth";
import { MobileMenu, type MenuItem } from "~/features/menus/menus";
import { NavBurger, NavDrawer } from "~/ui/nav-drawer";

/**
 * The phone's menu (P6): the header's burger and the drawer it opens, with the mobile menu and,
 * for visitors, sign-up and log-in below it (I31-9). One island: the two share their state.
 */
export function SiteMobileNav({
  title,
  items,
  viewer,
  showLogin,
}: {
  title?: string;
  items: MenuItem[];
  viewer: ViewerBadge | null;
  showLogin: boolean;
}) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <>
      <NavBurger opened={opened} onToggle={toggle} hiddenFrom="sm" label={t("site.openMenu")} />
      <NavDrawer
        opened={opened}
        onClose={close}
        title={title}
        hiddenFrom="sm"
        size="80%"
        closeLabel={t("chrome.closeMenu")}
        navLabel={t("chrome.mobileMenu")}
        after={
          showLogin ? (
            <Box mt="md" onClick={close}>
              <UserArea viewer={viewer} placement="drawer" />
            </Box>
          ) : null
        }
      >
        <MobileMenu items={items} onNavigate={close} />
      </NavDrawer>
    </>
  );
}
