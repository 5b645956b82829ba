import { Badge, Box, Container, Group, Stack, Text, Title } from "@mantine/core";
import { useState, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import type { AccountSummary } from "~/features/accounts/tenant";
import { tenantContext } from "~/features/accounts/tenant";
import { requireViewer } from "~/features/auth/guards.server";
import type { MenuItem } from "~/features/options/validation";
import type { Branding } from "~/features/site-settings/branding-validation";
import { HeaderSettingsForm } from "~/features/site-settings/components/header-settings-form";
import { LogoSettings } from "~/features/site-settings/components/logo-settings";
import { editableMenus, MenuEditor } from "~/features/site-settings/components/menu-editor";
import { headerSwitches, type HeaderSettings } from "~/features/site-settings/header-settings";
import {
  loadHeaderEditor,
  saveHeaderSettings,
} from "~/features/site-settings/header-settings.server";
import { SiteLogo } from "~/features/site/components/site-logo";
import { MobileMenu, SiteMenu } from "~/features/site/components/site-menu";
import { siteCacheContext } from "~/features/site/site-cache.server";
import { AppError, isAppError } from "~/platform/errors";
import { answerAppErrors } from "~/platform/http-errors";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/site-header";

// A client-side navigation asks for the same path with React Router's ".data" suffix.
const pathOf = (request: Request) => new URL(request.url).pathname.replace(/\.data$/, "");

export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireViewer({ context, request });
  const tenant = context.get(tenantContext);
  const { database } = context.get(servicesContext);
  return answerAppErrors(async () => {
    if (tenant.kind !== "account") throw new AppError({ code: "route.notFound" });
    const editor = await loadHeaderEditor(database, {
      account: tenant.account,
      viewer,
      pathname: pathOf(request),
    });
    return { ...editor, slug: tenant.account.slug };
  });
}

/** D16 save of the header's style and switches (the logo and menus save through the API). */
export async function action({ context, request }: Route.ActionArgs) {
  const viewer = requireViewer({ context, request });
  const tenant = context.get(tenantContext);
  const { database } = context.get(servicesContext);
  try {
    if (tenant.kind !== "account") throw new AppError({ code: "route.notFound" });
    const body = (await request.json().catch(() => null)) as { part?: unknown; value?: unknown };
    // The access rule comes first inside the use case; a body for another part is refused there.
    const answer = await saveHeaderSettings(database, {
      account: tenant.account,
      viewer,
      pathname: pathOf(request),
      siteCache: context.get(siteCacheContext),
      value: body?.part === "header" ? body.value : undefined,
    });
    return data(answer, { status: answer.ok ? 200 : 400 });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ ok: false as const, issues: [] }, { status: error.status });
  }
}

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData as { messages?: Record<string, unknown> } | undefined;
  const sections = (root?.messages?.dashboard as { sections?: Record<string, { title: string }> })
    ?.sections;
  return [
    { title: sections?.manageHeader?.title ?? "Header, logo and menu" },
    { name: "robots", content: "noindex" },
  ];
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
    <Container size="lg" py="md">
      <Stack gap="xl">
        <div>
          <Title order={1}>{t("dashboard.sections.manageHeader.title")}</Title>
          <Text c="dimmed">{t("siteSettings.header.intro")}</Text>
        </div>
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
      </Stack>
    </Container>
  );
}
