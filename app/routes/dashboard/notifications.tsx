import { Container, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { NotificationsHistory } from "~/features/notifications/notifications";
import { servicesContext } from "~/platform/request-context";
import { areaMessages } from "~/platform/i18n/area-messages.server";
import type { Route } from "./+types/notifications";
import { guardDashboardSection } from "~/features/dashboard/dashboard.server";

/** The same check as every dashboard screen (any member of the site, or a super-admin). */
export async function loader(args: Route.LoaderArgs) {
  const { lang } = args.context.get(servicesContext);
  return {
    ...(await guardDashboardSection(args)),
    messages: areaMessages(lang, "notificationsPage"),
  };
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
