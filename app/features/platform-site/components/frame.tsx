import { Box, Button, Container, Group, Stack, Text } from "@mantine/core";
import { ResponsiveSimpleGrid } from "~/ui/responsive-grid";
import { useDisclosure } from "@mantine/hooks";
import { NavBurger, NavDrawer } from "~/ui/nav-drawer";
import { ThemeToggle } from "~/ui/theme-toggle";
import type { ReactNode } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link, NavLink } from "react-router";
import classes from "./platform.module.css";

/** The marketing navigation (spec §2): Home, Product, Use cases, Features, Pricing. */
export const marketingNav = [
  { to: "/", key: "home" },
  { to: "/product", key: "product" },
  { to: "/use-cases", key: "useCases" },
  { to: "/features", key: "features" },
  { to: "/pricing", key: "pricing" },
] as const;

function Brand() {
  return (
    <Link to="/" className={classes.brand}>
      <span className={classes.mark} aria-hidden="true">
        L
      </span>
      Lyceum
    </Link>
  );
}

function AuthButtons({ onClick, full }: { onClick?: () => void; full?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Button component={Link} to="/login" variant="default" onClick={onClick} fullWidth={full}>
        {t("platform.nav.login")}
      </Button>
      <Button
        component={Link}
        to="/signup"
        variant="gradient"
        gradient={{ from: "violet", to: "indigo", deg: 135 }}
        onClick={onClick}
        fullWidth={full}
      >
        {t("platform.nav.start")}
      </Button>
    </>
  );
}

function Footer({ year }: { year: number }) {
  const { t } = useTranslation();
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="lg" py={48}>
        <ResponsiveSimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap="sm">
            <Brand />
            <Text size="sm" c="dimmed" maw={320}>
              {t("platform.footer.tagline")}
            </Text>
          </Stack>
          <nav aria-label={t("platform.footer.product")}>
            <Text fw={700} mb="xs">
              {t("platform.footer.product")}
            </Text>
            {marketingNav.slice(1).map((item) => (
              <Link key={item.to} to={item.to} className={classes.footerLink}>
                {t(`platform.nav.${item.key}`)}
              </Link>
            ))}
          </nav>
          <nav aria-label={t("platform.footer.start")}>
            <Text fw={700} mb="xs">
              {t("platform.footer.start")}
            </Text>
            <Link to="/signup" className={classes.footerLink}>
              {t("platform.nav.start")}
            </Link>
            <Link to="/login" className={classes.footerLink}>
              {t("platform.nav.login")}
            </Link>
          </nav>
        </ResponsiveSimpleGrid>
        <Text size="sm" c="dimmed" mt={40}>
          {t("platform.footer.rights", { year })}
        </Text>
      </Container>
    </Box>
  );
}

/** The platform's own frame on the base domain (marketing site and, later, the console). */
export function PlatformFrame({ children, year }: { children: ReactNode; year: number }) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <Box className={classes.page}>
      <Box component="header" className={classes.header}>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Brand />
            <Group gap={4} visibleFrom="md" component="nav" aria-label={t("platform.nav.label")}>
              {marketingNav.map((item) => (
                <NavLink key={item.to} to={item.to} end className={classes.navLink}>
                  {t(`platform.nav.${item.key}`)}
                </NavLink>
              ))}
            </Group>
            <Group gap="xs" wrap="nowrap">
              <ThemeToggle label={t("platform.nav.toggleTheme")} />
              <Group gap="xs" visibleFrom="md" wrap="nowrap">
                <AuthButtons />
              </Group>
              <NavBurger
                opened={opened}
                onToggle={toggle}
                hiddenFrom="md"
                label={t("platform.nav.openMenu")}
              />
            </Group>
          </Group>
        </Container>
      </Box>
      <NavDrawer
        opened={opened}
        onClose={close}
        position="right"
        size="100%"
        title={<Brand />}
        hiddenFrom="md"
        closeLabel={t("platform.nav.closeMenu")}
        navLabel={t("platform.nav.label")}
        after={
          <Stack mt="xl">
            <AuthButtons onClick={close} full />
          </Stack>
        }
      >
        {marketingNav.map((item) => (
          <NavLink key={item.to} to={item.to} end className={classes.drawerLink} onClick={close}>
            {t(`platform.nav.${item.key}`)}
          </NavLink>
        ))}
      </NavDrawer>
      <Box component="main" className={classes.main}>
        {children}
      </Box>
      <Footer year={year} />
    </Box>
  );
}
