import { Badge, Box, Group, Text, Typography } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { severityColor, type NotificationItem } from "../validation";
import { dateFormat } from "~/platform/i18n/formats";

/** A notification's label: its severity for account notifications, else its type. */
export function NotificationLabel({ item }: { item: NotificationItem }) {
  const { t } = useTranslation();
  const label = item.severity
    ? t(`notifications.severity.${item.severity}`)
    : t(`notifications.types.${item.type}`);
  return (
    <Badge
      size="xs"
      variant="light"
      color={severityColor(item.severity)}
      style={{ flexShrink: 0, overflow: "visible" }}
    >
      {label}
    </Badge>
  );
}

export function NotificationTime({ item }: { item: NotificationItem }) {
  const { i18n } = useTranslation();
  const when = new Date(item.createdAt);
  return (
    <Text component="time" dateTime={when.toISOString()} size="xs" c="dimmed">
      {dateFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(when)}
    </Text>
  );
}

/**
 * The message (HTML the server sanitised on save and again on the way out) and, for a chat
 * notification, the short text in data.message (plain text).
 */
export function NotificationBody({ item }: { item: NotificationItem }) {
  return (
    <Box>
      <Typography fz="sm" dangerouslySetInnerHTML={{ __html: item.message }} />
      {item.data?.message ? (
        <Text size="sm" c="dimmed" lineClamp={2}>
          {item.data.message}
        </Text>
      ) : null}
    </Box>
  );
}

/** One row: a bar in the severity colour, label, time and message. */
export function NotificationEntry({
  item,
  action,
  onClick,
}: {
  item: NotificationItem;
  action?: ReactNode;
  onClick?: () => void;
}) {
  return (
    <Box
      data-testid="notification-entry"
      data-read={item.read ? "true" : "false"}
      onClick={onClick}
      px="sm"
      py="xs"
      style={{
        borderInlineStart: `4px solid var(--mantine-color-${severityColor(item.severity)}-filled)`,
        cursor: onClick ? "pointer" : undefined,
      }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs" mb={4}>
        <Group gap={4} wrap="wrap" style={{ columnGap: "var(--mantine-spacing-xs)" }}>
          <NotificationLabel item={item} />
          <NotificationTime item={item} />
        </Group>
        {action ? <Box style={{ flexShrink: 0 }}>{action}</Box> : null}
      </Group>
      <NotificationBody item={item} />
    </Box>
  );
}
