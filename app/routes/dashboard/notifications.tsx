import { Container, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { NotificationsHistory } from "~/features/notifications/notifications";
import { loadDashboardScreen, openDashboardSection } from "~/features/dashboard/dashboard.server";
import type { Route } from "./+types/notifications";

/** The same check as every dashboard screen (any member of the site, or a super-admin). */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["notificationsPage"], openDashboardSection);
}

export function meta() {
  return [{ title: "Notifications" }, { name: "robots", content: "noindex" }];
}

/** D11: every notification, newest first, read and unread, with its importance in colour. */
export default function Notifications() {
  const { t } = useTranslation();
  return (
    <Container size="md" py="md">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t("dashboard.sections.notifications.title")}</Title>
          <Text c="dimmed">{t("dashboard.sections.notifications.description")}</Text>
        </div>
        <NotificationsHistory />
      </Stack>
    </Container>
  );
}
