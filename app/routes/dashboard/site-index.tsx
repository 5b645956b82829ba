import { Card, SimpleGrid, Text } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import {
  MemberMenuEditor,
  memberMenuPart,
  SettingsPage,
  settingsMeta,
} from "~/features/dashboard/dashboard";
import {
  answerSettingsPartSave,
  loadDashboardScreen,
  loadMemberMenuSetting,
} from "~/features/dashboard/dashboard.server";
import type { Route } from "./+types/site-index";

export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(
    args,
    ["dashboardSections", "memberMenuEditor"],
    async (database, { account, viewer }) => ({
      ...(await loadMemberMenuSetting(database, { account, viewer })),
      // The API keys screen is the owner's (sections.ts): its card shows to whoever may open it.
      apiKeys: viewer.isSuperAdmin || viewer.membership?.role === "site_owner",
    }),
  );
}

/** D8 save of the member menu's items and order. */
export async function action(args: Route.ActionArgs) {
  return answerSettingsPartSave(args, [memberMenuPart]);
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.manageSite.title",
    fallback: "Site settings",
  });
}

const editors = [
  { id: "manageTheme", href: "/dashboard/manage/site/theme" },
  { id: "manageHeader", href: "/dashboard/manage/site/header" },
  { id: "manageFooter", href: "/dashboard/manage/site/footer" },
  { id: "manageWebhooks", href: "/dashboard/manage/site/webhooks" },
];
const apiKeysEditor = { id: "manageApiKeys", href: "/dashboard/manage/site/api-keys" };

/** D16 hub: the public site's editors, and D8 the member menu's items and order. */
export default function SiteSettings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <SettingsPage
      title={t("dashboard.sections.manageSite.title")}
      intro={t("dashboard.sections.manageSite.description")}
      size="md"
      gap="lg"
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {[...editors, ...(loaderData.apiKeys ? [apiKeysEditor] : [])].map((editor) => (
          <Card key={editor.id} component={Link} to={editor.href} withBorder radius="md" p="lg">
            <Text fw={700}>{t(`dashboard.sections.${editor.id}.title`)}</Text>
            <Text size="sm" c="dimmed" mt={4}>
              {t(`dashboard.sections.${editor.id}.description`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <MemberMenuEditor enabled={loaderData.enabled} />
    </SettingsPage>
  );
}
