import { Badge, Box, Group, Text } from "@mantine/core";
import { useState, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import type { AccountSummary } from "~/features/accounts/accounts";
import { SettingsPage, settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsPartSave,
  loadDashboardScreen,
  openSettingsEditor,
} from "~/features/dashboard/dashboard.server";
import {
  headerOption,
  headerPart,
  headerSwitches,
  HeaderSettingsForm,
  LogoSettings,
  SiteLogo,
  type Branding,
  type HeaderSettings,
} from "~/features/header/header";
import { headerEditorData } from "~/features/header/header.server";
import {
  editableMenus,
  MenuEditor,
  MobileMenu,
  SiteMenu,
  menusOption,
} from "~/features/menus/menus";
import type { MenuItem } from "~/features/menus/menus";
import type { Route } from "./+types/site-header";

export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["siteHeaderPage"], async (database, request) => {
    const { section, siteName, options } = await openSettingsEditor(database, {
      ...request,
      options: [headerOption, menusOption],
    });
    return {
      section,
      siteTitle: siteName,
      slug: request.account.slug,
      ...headerEditorData({ account: request.account, ...options }),
    };
  });
}

/** D16 save of the header's style and switches (the logo and menus save through the API). */
export async function action(args: Route.ActionArgs) {
  return answerSettingsPartSave(args, [headerPart]);
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.manageHeader.title",
    fallback: "Header, logo and menu",
  });
}

/** Links in a preview are for looking at: following one would leave unsaved work behind. */
const keepHere = (event: MouseEvent) => {
  if ((event.target as HTMLElement).closest("a")) event.preventDefault();
};

/** The public header as it will look: style, font size, logo, desktop menu and its controls. */
function HeaderPreview({
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
function MobilePreview({ items, siteTitle }: { items: MenuItem[]; siteTitle: string }) {
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

/** D16: header style and switches, logo, and the header and mobile menus, each with a preview. */
export default function SiteHeaderEditor({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [header, setHeader] = useState(loaderData.header);
  const [branding, setBranding] = useState(loaderData.branding);
  const [initialMenus] = useState(() => editableMenus(loaderData.menus));
  const [menus, setMenus] = useState(initialMenus);
  return (
    <SettingsPage
      title={t("dashboard.sections.manageHeader.title")}
      intro={t("siteSettings.header.intro")}
      size="lg"
      gap="xl"
    >
      <HeaderSettingsForm value={header} onChange={setHeader} initial={loaderData.header} />
      <LogoSettings
        value={branding}
        onChange={setBranding}
        initial={loaderData.branding}
        siteTitle={loaderData.siteTitle}
      />
      <MenuEditor
        value={menus}
        onChange={setMenus}
        initial={initialMenus}
        renderPreview={(kind, items) =>
          kind === "header" ? (
            <HeaderPreview
              header={header}
              branding={branding}
              siteTitle={loaderData.siteTitle}
              slug={loaderData.slug}
              items={items}
            />
          ) : (
            <MobilePreview items={items} siteTitle={loaderData.siteTitle} />
          )
        }
      />
    </SettingsPage>
  );
}
