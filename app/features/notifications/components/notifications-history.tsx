import { Alert, Button, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useNotificationHistory } from "../use-notifications";
import { NotificationEntry } from "./notification-entry";

/**
 * D11 /dashboard/notifications: every notification of the person (and the account's, for its
 * managers), newest first, in severity colours; unread ones can be marked read; older pages on
 * demand. Broadcasts bring new ones in without a reload.
 */
export function NotificationsHistory({ pageSize = 30 }: { pageSize?: number }) {
  const { t } = useTranslation();
  const { items, status, hasMore, loadMore, markRead } = useNotificationHistory(pageSize);
  return (
    <Stack gap="sm" data-testid="notifications-history">
      {status === "failed" ? (
        <Alert color="red" variant="light">
          {t("notifications.failed")}
        </Alert>
      ) : null}
      {status === "ready" && items.length === 0 ? (
        <Text c="dimmed">{t("notifications.historyEmpty")}</Text>
      ) : null}
      {items.map((item) => (
        <Paper
          key={`${item.source}-${item.id}`}
          withBorder
          radius="sm"
          style={{ overflow: "hidden" }}
        >
          <NotificationEntry
            item={item}
            action={
              item.read ? (
                <Text size="xs" c="dimmed">
                  {t("notifications.read")}
                </Text>
              ) : (
                <Button variant="subtle" size="compact-xs" onClick={() => void markRead(item)}>
                  {t("notifications.markRead")}
                </Button>
              )
            }
          />
        </Paper>
      ))}
      {hasMore ? (
        <Button variant="default" onClick={loadMore} loading={status === "loading"}>
          {t("notifications.loadMore")}
        </Button>
      ) : null}
    </Stack>
  );
}
