import { Anchor, Divider, Group, Stack, Text } from "@mantine/core";
import { IconChecks } from "@tabler/icons-react";
import { Fragment, useEffect, useRef } from "react";
import { Link } from "react-router";
import { numberFormat } from "~/platform/i18n/formats";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { ConversationView, Person, ThreadMessage } from "../message-shapes";
import { MessageBubble } from "./message-bubble";
import { useMessageClock } from "./message-clock";
import { isGroupConversation } from "./message-words";
import type { Draft } from "./use-outbox";
import classes from "./messages.module.css";

/** Under the viewer's last message: whether the others have read it (how many, in a group). */
function SeenMark({ view, message }: { view: ConversationView; message: ThreadMessage }) {
  const { t, i18n } = useTranslation();
  const sent = Date.parse(message.createdAt);
  const readers = view.readBy.filter((mark) => Date.parse(mark.at) >= sent).length;
  const everyone = view.others.length > 0 && readers >= view.others.length;
  let words: string | null = null;
  if (!isGroupConversation(view)) words = everyone ? t("messages.thread.seen") : null;
  else if (everyone) words = t("messages.thread.seenByAll");
  else if (readers > 0)
    words = t("messages.thread.seenBy", { value: numberFormat(i18n.language).format(readers) });
  if (!words) return null;
  return (
    <Group gap={4} justify="flex-end" data-testid="seen-mark">
      <IconChecks size={14} aria-hidden color="var(--mantine-color-dimmed)" />
      <Text size="xs" c="dimmed">
        {words}
      </Text>
    </Group>
  );
}

/** The page's links to older messages, or back to the newest. */
function PageLinks({ view, before }: { view: ConversationView; before: string | null }) {
  const { t } = useTranslation();
  if (!view.older && !before) return null;
  return (
    <Group justify="center" gap="md" py="xs">
      {view.older ? (
        <Anchor
          component={Link}
          to={`?c=${view.id}&before=${encodeURIComponent(view.older)}`}
          size="sm"
          data-testid="load-older"
        >
          {t("messages.thread.older")}
        </Anchor>
      ) : null}
      {before ? (
        <Anchor component={Link} to={`?c=${view.id}`} size="sm" data-testid="load-newest">
          {t("messages.thread.newest")}
        </Anchor>
      ) : null}
    </Group>
  );
}

/**
 * The open conversation's page of messages, oldest first, with a line at each new day; kept
 * scrolled to the newest message as messages arrive, unless the reader has scrolled up to read
 * (their own messages bring them back down), and not on an older page, read from its top.
 */
export function ThreadMessages({
  view,
  me,
  before,
  pending,
}: {
  view: ConversationView;
  me: string;
  before: string | null;
  /** The viewer's messages on their way, shown at once after the stored ones. */
  pending: Draft[];
}) {
  const { t } = useTranslation();
  const clock = useMessageClock();
  const scroller = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  const newest = view.messages.at(-1);
  const lastPending = pending.at(-1)?.key;
  const followed = newest?.senderId === me || lastPending !== undefined;
  useEffect(() => {
    const box = scroller.current;
    if (box && !before && (atEnd.current || followed)) box.scrollTop = box.scrollHeight;
  }, [newest?.id, lastPending, before, followed]);

  const people = new Map<string, Person>(view.others.map((person) => [person.userId, person]));
  const senderOf = (id: string): Person =>
    people.get(id) ?? { userId: id, name: t("messages.someone"), avatar: null };
  const myLast = view.messages.findLast((message) => message.senderId === me);

  return (
    <div
      className={classes.scroll}
      ref={scroller}
      onScroll={(event) => {
        const box = event.currentTarget;
        atEnd.current = box.scrollHeight - box.scrollTop - box.clientHeight < 80;
      }}
    >
      <Stack gap={0} className={classes.messages} role="log" aria-label={t("messages.thread.log")}>
        <PageLinks view={view} before={before} />
        {view.messages.length === 0 && pending.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl" data-testid="thread-empty">
            {t("messages.thread.empty")}
          </Text>
        ) : null}
        {view.messages.map((message, index) => {
          const previous = view.messages[index - 1];
          const newDay =
            !previous || clock.dayKey(previous.createdAt) !== clock.dayKey(message.createdAt);
          const mine = message.senderId === me;
          return (
            <Fragment key={message.id}>
              {newDay ? (
                <Divider
                  my="sm"
                  labelPosition="center"
                  label={<span suppressHydrationWarning>{clock.day(message.createdAt)}</span>}
                />
              ) : null}
              <MessageBubble
                message={message}
                mine={mine}
                sender={mine ? null : senderOf(message.senderId)}
                first={newDay || previous?.senderId !== message.senderId}
              />
              {message === myLast ? <SeenMark view={view} message={message} /> : null}
            </Fragment>
          );
        })}
        {pending.map((draft, index) => (
          <MessageBubble
            key={`pending-${draft.key}`}
            message={{
              id: `pending-${draft.key}`,
              senderId: me,
              body: draft.body,
              attachments: draft.attachments,
              createdAt: "",
            }}
            mine
            sender={null}
            first={index === 0 && view.messages.at(-1)?.senderId !== me}
            pending
          />
        ))}
      </Stack>
    </div>
  );
}
