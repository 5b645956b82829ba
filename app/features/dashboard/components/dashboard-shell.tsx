import {
  Anchor,
  AppShell,
  Box,
  Burger,
  Button,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { useDisclosure, useLocalStorage, useMediaQuery } from "@mantine/hooks";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link, useLocation } from "react-router";
import { authClient } from "~/features/auth/auth";
import { MemberAvatar } from "~/features/members/members";
import type { DashboardShell as Shell } from "../dashboard.server";
import type { MenuItem } from "../menus";
import { GuidedTour, TourRestartButton } from "./guided-tour";
import { ThemeMenu } from "./theme-menu";
import classes from "./dashboard-shell.module.css";

async function signOut() {
  await authClient().signOut();
  window.location.assign("/");
}

function isActive(pathname: string, href: string) {
  const path = href.replace(/\/+$/, "");
  return path === "/dashboard" ? pathname === path : pathname.startsWith(path);
}

function QuickCreate({ items }: { items: MenuItem[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <Menu position="bottom-end" withArrow>
      <Menu.Target>
        <Button
          size="sm"
          px="sm"
          data-testid="quick-create"
          data-tour="quick-create"
          aria-label={t("dashboard.create.label")}
        >
          <span aria-hidden="true">+</span>
          <Text span inherit visibleFrom="sm" ml={6}>
            {t("dashboard.create.open")}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown className={classes.createMenu}>
        {items.map((entry) => (
          <Menu.Item key={entry.id} component={Link} to={entry.href}>
            {t(entry.label)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function AccountMenu({ shell }: { shell: Shell }) {
  const { t } = useTranslation();
  if (!shell.accountMenu) return null;
  return (
    <Menu position="bottom-end" withArrow width={240}>
      <Menu.Target>
        <UnstyledButton
          aria-label={t("dashboard.accountMenu")}
          data-testid="account-menu"
          data-tour="account"
        >
          <MemberAvatar
            variant="avatar"
            filled
            userId={shell.person.id}
            name={shell.person.name}
            src={shell.person.avatar}
            size={34}
          />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{shell.person.name}</Menu.Label>
        <Menu.Item component={Link} to="/dashboard/profile">
          {t("dashboard.menu.editProfile")}
        </Menu.Item>
        {shell.accountMenu.manage.length > 0 ? <Menu.Divider /> : null}
        {shell.accountMenu.manage.map((entry) => (
          <Menu.Item key={entry.id} component={Link} to={entry.href}>
            {t(entry.label)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => void signOut()}>
          {t("auth.userMenu.signOut")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Everyone's own menu at the sidebar's foot, as on the public site (P12): profile, site, log out. */
function PersonMenu({ person }: { person: Shell["person"] }) {
  const { t } = useTranslation();
  return (
    <Menu position="top-start" withArrow width={220}>
      <Menu.Target>
        <UnstyledButton
          className={classes.personButton}
          aria-label={t("auth.userMenu.open")}
          data-testid="user-menu"
        >
          <MemberAvatar
            variant="member"
            filled
            userId={person.id}
            name={person.name}
            src={person.avatar}
            size={32}
            detail={person.email}
          />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/dashboard/profile">
          {t("auth.userMenu.profile")}
        </Menu.Item>
        <Menu.Item component="a" href="/" target="_blank" rel="noopener">
          {t("dashboard.viewSite")}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => void signOut()}>
          {t("auth.userMenu.signOut")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * D1–D3: the frame of every /dashboard screen. The sidebar's open state is kept under the
 * local key `isOpen`; on narrow screens (under 768 px) it starts closed and closes on every
 * navigation. `topBar` holds the live pieces (online members, notifications, chat).
 */
export function DashboardShell({
  shell,
  topBar,
  children,
}: {
  shell: Shell;
  topBar?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [desktopOpen, setDesktopOpen] = useLocalStorage({
    key: "isOpen",
    defaultValue: true,
    getInitialValueInEffect: true,
  });
  const [mobileOpen, mobile] = useDisclosure(false);
  const closeMobile = mobile.close;
  useEffect(() => closeMobile(), [pathname, closeMobile]);

  // Under 768 px the sidebar is a drawer with its own, unremembered state.
  const narrow = useMediaQuery("(max-width: 47.99em)") ?? false;
  const toggle = () => (narrow ? mobile.toggle() : setDesktopOpen((open) => !open));

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: 260,
        breakpoint: "sm",
        collapsed: { mobile: !mobileOpen, desktop: !desktopOpen },
      }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={narrow ? mobileOpen : desktopOpen}
              onClick={toggle}
              size="sm"
              aria-label={t("dashboard.toggleSidebar")}
              data-testid="sidebar-toggle"
            />
            <Anchor component={Link} to="/dashboard" fw={700} c="inherit" className={classes.brand}>
              {shell.siteName}
            </Anchor>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <QuickCreate items={shell.quickCreate} />
            <Button
              component="a"
              href="/"
              target="_blank"
              rel="noopener"
              variant="subtle"
              size="sm"
              visibleFrom="sm"
              data-tour="view-site"
            >
              {t("dashboard.viewSite")}
            </Button>
            <Button
              component={Link}
              to="/docs"
              variant="subtle"
              size="sm"
              visibleFrom="md"
              data-tour="documentation"
            >
              {t("dashboard.documentation")}
            </Button>
            {topBar}
            {/* On phones these two move to the sidebar's foot to leave room. */}
            <Box visibleFrom="sm">
              <TourRestartButton />
            </Box>
            <Box visibleFrom="sm" data-tour="theme">
              <ThemeMenu />
            </Box>
            <AccountMenu shell={shell} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar
        p="sm"
        aria-label={t("dashboard.sidebar")}
        className={classes.navbar}
        data-tour="sidebar"
        data-collapsed={(narrow ? !mobileOpen : !desktopOpen) || undefined}
      >
        <AppShell.Section grow component={ScrollArea}>
          <nav aria-label={t(`dashboard.menus.${shell.sidebar.kind}`)} data-testid="sidebar-menu">
            {shell.sidebar.items.map((entry) => (
              <NavLink
                key={entry.id}
                component={Link}
                to={entry.href}
                label={t(entry.label)}
                active={isActive(pathname, entry.href)}
                className={classes.navItem}
                data-menu-id={entry.id}
              />
            ))}
          </nav>
        </AppShell.Section>
        <AppShell.Section hiddenFrom="sm" pb="sm">
          <Group gap="xs">
            <TourRestartButton />
            <ThemeMenu />
          </Group>
        </AppShell.Section>
        <AppShell.Section className={classes.person}>
          <PersonMenu person={shell.person} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id="content" data-tour="home">
        {children}
      </AppShell.Main>
      <GuidedTour onboard={shell.onboard} />
    </AppShell>
  );
}
