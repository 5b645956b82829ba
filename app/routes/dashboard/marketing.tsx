import { Anchor, Card, SimpleGrid, Text } from "@mantine/core";
import { Link } from "react-router";
import { useTranslation } from "~/platform/i18n/use-translation";
import { SettingsPage, settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsPartSave,
  loadDashboardScreen,
  openSettingsEditor,
} from "~/features/dashboard/dashboard.server";
import { footerOption } from "~/features/footer/footer";
import { headerOption } from "~/features/header/header";
import {
  footerNoticePart,
  headerNoticesSchema,
  NoticesSection,
  noticesPart,
} from "~/features/notices/notices";
import type { Route } from "./+types/marketing";

/** The marketing tools, each with the sections registry's name and description for it. */
const tools = [
  [
    "emails",
    "dashboard.sections.manageEmails.title",
    "dashboard.sections.manageEmails.description",
  ],
  ["forms", "dashboard.sections.manageForms.title", "dashboard.sections.manageForms.description"],
  [
    "popups",
    "dashboard.sections.managePopups.title",
    "dashboard.sections.managePopups.description",
  ],
  [
    "funnels",
    "dashboard.sections.manageFunnels.title",
    "dashboard.sections.manageFunnels.description",
  ],
  [
    "automations",
    "dashboard.sections.manageAutomations.title",
    "dashboard.sections.manageAutomations.description",
  ],
  [
    "affiliates",
    "dashboard.sections.manageAffiliates.title",
    "dashboard.sections.manageAffiliates.description",
  ],
] as const;

/**
 * M5 `/dashboard/manage/marketing` (managers): the way to each marketing tool, and the site's
 * header and footer notices — the same editor the footer screen shows, one option behind both.
 */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["marketingPage"], async (database, request) => {
    const { options } = await openSettingsEditor(database, {
      ...request,
      options: [footerOption, headerOption],
    });
    return {
      footer: options.footer ?? footerOption.schema.parse({}),
      notices: options.header?.notices ?? headerNoticesSchema.parse(undefined),
    };
  });
}

/** Either notice, saved on its own (as on the footer screen). */
export async function action(args: Route.ActionArgs) {
  return answerSettingsPartSave(args, [footerNoticePart, noticesPart]);
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.manageMarketing.title",
    fallback: "Marketing",
  });
}

export default function Marketing({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <SettingsPage
      title={t("dashboard.sections.manageMarketing.title")}
      intro={t("dashboard.sections.manageMarketing.description")}
      size="md"
      gap="lg"
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} data-testid="marketing-tools">
        {tools.map(([path, title, text]) => (
          <Card key={path} withBorder radius="md" padding="md">
            <Anchor component={Link} to={`/dashboard/manage/marketing/${path}`} fw={600}>
              {t(title)}
            </Anchor>
            <Text size="sm" c="dimmed" mt={4}>
              {t(text)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <NoticesSection header={loaderData.notices} footer={loaderData.footer} />
    </SettingsPage>
  );
}
