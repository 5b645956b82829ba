import { Anchor, Divider, Popover, ScrollArea, Text } from "@mantine/core";
import { IconMessage } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link, useNavigate } from "react-router";
import { useUnreadChat } from "../use-notifications";
import type { NotificationItem } from "../validation";
import { BellButton, BellList } from "./bell-parts";

/**
 * D1/D11 chat bell: the badge counts unread chat notifications; opening it shows them (the chat
 * list) and marks every one read (spec §4). Broadcasts refresh it (D12).
 */
export function ChatBell({ messagesHref = "/dashboard/messages" }: { messagesHref?: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  // What the open list shows: kept while it is open, though the items are now read.
  const [shown, setShown] = useState<NotificationItem[]>([]);
  const navigate = useNavigate();
  const { items, unread, status, markAllRead } = useUnreadChat();
  const count = unread.chat;
  const open = (next: boolean) => {
    setOpened(next);
    if (!next) return;
    setShown(items);
    if (items.length > 0 || count > 0) void markAllRead();
  };
  return (
    <Popover
      opened={opened}
      onChange={open}
      position="bottom-end"
      width={340}
      shadow="md"
      withArrow
    >
      <Popover.Target>
        <BellButton
          count={count}
          testId="chat-bell"
          icon={<IconMessage size={18} aria-hidden />}
          label={
            count > 0
              ? t("notifications.chat.openWithCount", { count })
              : t("notifications.chat.open")
          }
          onClick={() => open(!opened)}
        />
      </Popover.Target>
      <Popover.Dropdown p={0} data-testid="chat-list">
        <Text fw={600} size="sm" px="sm" py="xs">
          {t("notifications.chat.title")}
        </Text>
        <Divider />
        <ScrollArea.Autosize mah={360}>
          <BellList
            items={shown}
            failed={status === "failed"}
            emptyText={t("notifications.chat.empty")}
            failedText={t("notifications.failed")}
            // Opening the list marked them read: one with an address (a conversation) leads there.
            clickable={(item) => Boolean(item.data?.url)}
            onItemClick={(item) => {
              if (!item.data?.url) return;
              setOpened(false);
              void navigate(item.data.url);
            }}
          />
        </ScrollArea.Autosize>
        <Divider />
        <Anchor
          component={Link}
          to={messagesHref}
          size="sm"
          display="block"
          px="sm"
          py="xs"
          onClick={() => setOpened(false)}
        >
          {t("notifications.chat.openMessages")}
        </Anchor>
      </Popover.Dropdown>
    </Popover>
  );
}
