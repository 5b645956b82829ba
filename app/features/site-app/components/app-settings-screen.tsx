import { Anchor, Button, Group, Image, Stack, Text } from "@mantine/core";
import { IconPackageExport } from "@tabler/icons-react";
import { Link } from "react-router";
import { useTranslation } from "~/platform/i18n/use-translation";
import { SettingsPage } from "~/features/dashboard/dashboard";
import { SettingsSection } from "~/ui/settings/settings-section";
import { MANIFEST_PATH, type AppScreenData } from "../validation";
import { AppSettingsForm } from "./app-settings-form";
import { DomainPanel } from "./domain-panel";

/** The installable web app: what a visitor's home screen gets, and the manifest it comes from. */
function WebAppPanel({ data, iconUrl }: { data: AppScreenData; iconUrl: string }) {
  const { t } = useTranslation();
  return (
    <SettingsSection
      titleId="site-web-app-title"
      testId="site-web-app"
      title={t("siteApp.webApp.title")}
      description={t("siteApp.webApp.description")}
      headingGap="md"
    >
      <Group gap="md" wrap="nowrap" align="center">
        <Image
          src={iconUrl}
          alt={t("siteApp.webApp.iconAlt", { site: data.settings.sitetitle })}
          w={64}
          h={64}
          radius="lg"
          fit="contain"
          data-testid="web-app-icon"
        />
        <Stack gap={4}>
          <Text fw={600}>{data.settings.sitetitle}</Text>
          <Text size="sm" c="dimmed">
            {t("siteApp.webApp.how")}
          </Text>
          <Anchor href={MANIFEST_PATH} size="sm" target="_blank" rel="noreferrer">
            {t("siteApp.webApp.manifest")}
          </Anchor>
        </Stack>
      </Group>
    </SettingsSection>
  );
}

/** The way to the owner's export of the whole site (issue 37, /dashboard/export). */
function DataPanel() {
  const { t } = useTranslation();
  return (
    <SettingsSection
      titleId="site-data-title"
      testId="site-data"
      title={t("dashboard.sections.export.title")}
      description={t("dashboard.sections.export.description")}
      headingGap="md"
    >
      <Group>
        <Button
          component={Link}
          to="/dashboard/export"
          variant="light"
          leftSection={<IconPackageExport size={18} aria-hidden />}
        >
          {t("dashboard.sections.export.title")}
        </Button>
      </Group>
    </SettingsSection>
  );
}

/** /dashboard/app: the site's identity and features, its custom domain and its web app. */
export function AppSettingsScreen({ data, iconUrl }: { data: AppScreenData; iconUrl: string }) {
  const { t } = useTranslation();
  return (
    <SettingsPage title={t("siteApp.title")} intro={t("siteApp.intro")} size="md" gap="lg">
      <AppSettingsForm data={data} />
      <DomainPanel domain={data.domain} platformAddress={data.platformAddress} />
      <WebAppPanel data={data} iconUrl={iconUrl} />
      <DataPanel />
    </SettingsPage>
  );
}
