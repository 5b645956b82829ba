import {
  ActionIcon,
  Anchor,
  Button,
  Divider,
  Group,
  Popover,
  ScrollArea,
  Text,
} from "@mantine/core";
import { IconBell, IconCheck } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link, useNavigate } from "react-router";
import { useUnreadNotifications } from "../use-notifications";
import type { NotificationItem } from "../validation";
import { BellButton, BellList } from "./bell-parts";

/**
 * D1/D11 notifications bell for the dashboard's top bar: the badge counts unread notifications
 * (the account's, for its managers, and the person's own that are not chat); the popover lists
 * them in their severity colours; a click marks one read and, when it has an address (a
 * group's post), goes there. Broadcasts refresh it (D12).
 */
export function NotificationsBell({
  historyHref = "/dashboard/notifications",
}: {
  historyHref?: string;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const navigate = useNavigate();
  const { items, unread, status, markRead, markAllRead } = useUnreadNotifications("other");
  // A click marks the item read; one with an address (a group's post) then leads there.
  const follow = async (item: NotificationItem) => {
    const url = item.data?.url;
    if (url) setOpened(false);
    await markRead(item);
    if (url) void navigate(url);
  };
  const count = unread.other;
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={360}
      shadow="md"
      withArrow
    >
      <Popover.Target>
        <BellButton
          count={count}
          testId="notifications-bell"
          icon={<IconBell size={18} aria-hidden />}
          label={count > 0 ? t("notifications.openWithCount", { count }) : t("notifications.open")}
          onClick={() => setOpened((open) => !open)}
        />
      </Popover.Target>
      <Popover.Dropdown p={0} data-testid="notifications-list">
        <Group justify="space-between" px="sm" py="xs">
          <Text fw={600} size="sm">
            {t("notifications.title")}
          </Text>
          {items.length > 0 ? (
            <Button variant="subtle" size="compact-xs" onClick={() => void markAllRead()}>
              {t("notifications.markAllRead")}
            </Button>
          ) : null}
        </Group>
        <Divider />
        <ScrollArea.Autosize mah={360}>
          <BellList
            items={items}
            failed={status === "failed"}
            emptyText={t("notifications.empty")}
            failedText={t("notifications.failed")}
            onItemClick={(item) => void follow(item)}
            actionFor={(item) => (
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label={t("notifications.markRead")}
                onClick={(event) => {
                  event.stopPropagation();
                  void markRead(item);
                }}
              >
                <IconCheck size={14} aria-hidden />
              </ActionIcon>
            )}
          />
        </ScrollArea.Autosize>
        <Divider />
        <Anchor
          component={Link}
          to={historyHref}
          size="sm"
          display="block"
          px="sm"
          py="xs"
          onClick={() => setOpened(false)}
        >
          {t("notifications.seeAll")}
        </Anchor>
      </Popover.Dropdown>
    </Popover>
  );
}
