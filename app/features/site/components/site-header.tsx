import {
  ActionIcon,
  Box,
  Burger,
  Container,
  Drawer,
  Group,
  Image,
  Text,
  useComputedColorScheme,
  useMantineColorScheme,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { AccountSummary } from "~/features/accounts/tenant";
import type { SiteChrome } from "../site.server";
import { MobileMenu, SiteMenu } from "./site-menu";
import classes from "./site-frame.module.css";

function ThemeToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme("light", { getInitialValueInEffect: true });
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={t("site.toggleTheme")}
      onClick={() => setColorScheme(scheme === "dark" ? "light" : "dark")}
    >
      <svg
        width="18"
        height="18"
        viewBox="0 0 24 24"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M12 3a9 9 0 1 0 9 9 7 7 0 0 1-9-9z" />
      </svg>
    </ActionIcon>
  );
}

function Logo({ account }: { account: AccountSummary }) {
  const { logo, dark_logo, logo_width, sitetitle } = account.settings;
  const title = sitetitle ?? account.slug;
  if (!logo) {
    return (
      <Text fw={800} fz="xl" className={classes.title}>
        {title}
      </Text>
    );
  }
  // Spec §9: the width setting is multiplied by 16 (default 64 px), height at most 64.
  const width = (logo_width ?? 4) * 16;
  return (
    <>
      <Image
        src={logo}
        alt={title}
        w={width}
        mah={64}
        fit="contain"
        darkHidden={Boolean(dark_logo)}
      />
      {dark_logo ? (
        <Image src={dark_logo} alt={title} w={width} mah={64} fit="contain" lightHidden />
      ) : null}
    </>
  );
}

export function SiteHeader({
  account,
  chrome,
  userArea,
}: {
  account: AccountSummary;
  chrome: SiteChrome;
  userArea: ReactNode;
}) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const header = chrome.header;
  return (
    <Box
      component="header"
      className={classes.header}
      data-style={header?.header_style ?? "solid"}
      data-fixed={header?.header_fix ? "true" : undefined}
      style={{ "--site-header-font-size": `${header?.header_fontsize ?? 15}px` }}
    >
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Link
            to="/"
            className={classes.brand}
            aria-label={account.settings.sitetitle ?? account.slug}
          >
            <Logo account={account} />
          </Link>
          <Box visibleFrom="sm">
            <SiteMenu items={chrome.menus.header} />
          </Box>
          <Group gap="xs" wrap="nowrap">
            {header?.header_darklight !== false ? <ThemeToggle /> : null}
            {header?.header_login !== false ? userArea : null}
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              aria-label={t("site.openMenu")}
            />
          </Group>
        </Group>
      </Container>
      <Drawer
        opened={opened}
        onClose={close}
        title={account.settings.sitetitle}
        hiddenFrom="sm"
        size="80%"
      >
        <nav aria-label="mobile">
          <MobileMenu items={chrome.menus.mobile} onNavigate={close} />
        </nav>
      </Drawer>
    </Box>
  );
}
