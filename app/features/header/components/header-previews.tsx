import { Badge, Box, Group, Text } from "@mantine/core";
import type { MouseEvent } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { AccountSummary } from "~/features/accounts/accounts";
import { MobileMenu, SiteMenu, type MenuItem } from "~/features/menus/menus";
import type { Branding } from "../branding-validation";
import { headerSwitches, type HeaderSettings } from "../header-option";
import { SiteLogo } from "./site-logo";

// The header screen's previews: links inside them are shown, not followed.
const keepHere = (event: MouseEvent) => {
  if ((event.target as HTMLElement).closest("a")) event.preventDefault();
};

/** The public header as it will look: style, font size, logo, desktop menu and its controls. */
export function HeaderPreview({
  header,
  branding,
  siteTitle,
  slug,
  items,
}: {
  header: HeaderSettings;
  branding: Branding;
  siteTitle: string;
  slug: string;
  items: MenuItem[];
}) {
  const { t } = useTranslation();
  const account: AccountSummary = {
    accountId: "preview",
    slug,
    domain: null,
    settings: {
      sitetitle: siteTitle,
      logo: branding.logo ?? undefined,
      dark_logo: branding.dark_logo ?? undefined,
      logo_width: branding.logo_width ?? undefined,
    },
  };
  // A size being typed (or out of range) previews at the nearest one the site allows.
  const fontSize = Number.isNaN(header.header_fontsize)
    ? 15
    : Math.min(24, Math.max(10, header.header_fontsize));
  return (
    <Box
      onClickCapture={keepHere}
      data-style={header.header_style}
      style={{
        "--site-header-font-size": `${fontSize}px`,
        background:
          header.header_style === "transparent"
            ? "light-dark(linear-gradient(120deg, #e7f5ff, #d0ebff), linear-gradient(120deg, #1b2733, #213547))"
            : "var(--mantine-color-body)",
      }}
    >
      <Group h={72} px="md" justify="space-between" wrap="nowrap" gap="md" miw={760}>
        <Box style={{ display: "flex", alignItems: "center", minWidth: 0 }}>
          <SiteLogo account={account} />
        </Box>
        <SiteMenu items={items} />
        <Group gap={6} wrap="nowrap">
          {headerSwitches
            .filter((key) => header[key])
            .map((key) => (
              <Badge
                key={key}
                variant="default"
                size="sm"
                radius="sm"
                tt="none"
                style={{ flexShrink: 0 }}
              >
                {t(`siteSettings.header.previewControl.${key}`)}
              </Badge>
            ))}
        </Group>
      </Group>
    </Box>
  );
}

/** The mobile drawer's list as a visitor at 375 px will see it. */
export function MobilePreview({ items, siteTitle }: { items: MenuItem[]; siteTitle: string }) {
  const { t } = useTranslation();
  return (
    <Box maw={340} p="md" onClickCapture={keepHere}>
      <Text fw={700} mb="xs">
        {siteTitle}
      </Text>
      <nav aria-label={t("siteSettings.menu.preview.mobileNav")}>
        <MobileMenu items={items} onNavigate={() => undefined} />
      </nav>
    </Box>
  );
}
