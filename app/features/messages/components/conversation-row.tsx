import { Badge, Group, Text } from "@mantine/core";
import { IconPaperclip } from "@tabler/icons-react";
import { Link } from "react-router";
import { numberFormat } from "~/platform/i18n/formats";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { ConversationSummary, MessagesScreenData } from "../message-shapes";
import { useMessageClock } from "./message-clock";
import { useConversationName } from "./message-words";
import classes from "./messages.module.css";
import { ConversationFaces } from "./person-avatar";

/** A row's time, as the reader's clock says it once live. */
function RowTime({ at }: { at: string }) {
  const clock = useMessageClock();
  return (
    <Text
      component="time"
      size="xs"
      c="dimmed"
      dateTime={at}
      title={clock.full(at)}
      style={{ flexShrink: 0 }}
      suppressHydrationWarning
    >
      {clock.short(at)}
    </Text>
  );
}

/** A conversation in the list: its faces, name, last message, when, and how many are unread. */
export function ConversationRow({
  conversation,
  open,
  me,
}: {
  conversation: ConversationSummary;
  open: boolean;
  me: string;
}) {
  const { t, i18n } = useTranslation();
  const nameOf = useConversationName();
  const { last, unread } = conversation;
  const excerpt = last ? last.body || t("messages.list.attachment") : t("messages.list.fresh");
  return (
    <Link
      to={`?c=${conversation.id}`}
      className={classes.row}
      aria-current={open ? "page" : undefined}
      data-testid="conversation-row"
      data-conversation-id={conversation.id}
      data-unread={unread}
    >
      <ConversationFaces others={conversation.others} />
      <div style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Text size="sm" fw={unread > 0 ? 700 : 600} truncate="end">
            <bdi>{nameOf(conversation)}</bdi>
          </Text>
          {last ? <RowTime at={last.at} /> : null}
        </Group>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Text size="sm" c={unread > 0 ? undefined : "dimmed"} truncate="end">
            {last && !last.body ? (
              <IconPaperclip size={12} aria-hidden style={{ marginInlineEnd: 4 }} />
            ) : null}
            <bdi>
              {last?.senderId === me ? t("messages.list.mine", { text: excerpt }) : excerpt}
            </bdi>
          </Text>
          {unread > 0 ? (
            <Badge
              size="sm"
              circle={unread < 10}
              aria-label={t("messages.list.unread", {
                value: numberFormat(i18n.language).format(unread),
              })}
            >
              {numberFormat(i18n.language).format(unread)}
            </Badge>
          ) : null}
        </Group>
      </div>
    </Link>
  );
}

/** A message found by the search: where it was written, when, and its words. */
export function FoundRow({
  message,
  others,
  query,
}: {
  message: MessagesScreenData["found"][number];
  others: ConversationSummary["others"];
  query: string;
}) {
  const nameOf = useConversationName();
  return (
    <Link
      to={`?c=${message.conversationId}&q=${encodeURIComponent(query)}`}
      className={classes.row}
      data-testid="found-message"
      data-conversation-id={message.conversationId}
    >
      <ConversationFaces others={others} size={32} />
      <div style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Text size="sm" fw={600} truncate="end">
            <bdi>{nameOf({ title: message.title, others })}</bdi>
          </Text>
          <RowTime at={message.createdAt} />
        </Group>
        <Text size="sm" c="dimmed" lineClamp={2} dir="auto" className={classes.body}>
          {message.body}
        </Text>
      </div>
    </Link>
  );
}
