import { Anchor, Box, Group, Stack, Text } from "@mantine/core";
import { IconFile } from "@tabler/icons-react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { MessageAttachment, Person, ThreadMessage } from "../message-shapes";
import { useMessageClock } from "./message-clock";
import classes from "./messages.module.css";
import { PersonAvatar } from "./person-avatar";
import { MessageMenu } from "./report-message";

const AVATAR = 32;

/** A message's files: pictures as thumbnails opening the file, other files as links. */
function Attachments({ items }: { items: MessageAttachment[] }) {
  if (items.length === 0) return null;
  return (
    <Stack gap={6} mt={4}>
      {items.map((item, index) =>
        item.kind === "image" ? (
          <a
            key={`${item.url}-${index}`}
            href={item.url}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="message-image"
          >
            <img src={item.url} alt={item.name} loading="lazy" className={classes.thumb} />
          </a>
        ) : (
          <Anchor
            key={`${item.url}-${index}`}
            href={item.url}
            target="_blank"
            rel="noopener noreferrer"
            download={item.name}
            size="sm"
            data-testid="message-file"
          >
            <Group gap={4} wrap="nowrap" component="span">
              <IconFile size={16} aria-hidden style={{ flexShrink: 0 }} />
              <bdi style={{ overflowWrap: "anywhere" }}>{item.name}</bdi>
            </Group>
          </Anchor>
        ),
      )}
    </Stack>
  );
}

/**
 * One message: the viewer's on the end side in a filled bubble; others' on the start side,
 * the first of a run with its writer's face and name. Its words are plain text, drawn as text.
 */
export function MessageBubble({
  message,
  mine,
  sender,
  first,
  pending = false,
}: {
  message: ThreadMessage;
  mine: boolean;
  /** Who wrote it; null for the viewer. */
  sender: Person | null;
  /** The first of a run by one writer: their face and name show. */
  first: boolean;
  /** On its way, not stored yet. */
  pending?: boolean;
}) {
  const { t } = useTranslation();
  const clock = useMessageClock();
  return (
    <Group
      justify={mine ? "flex-end" : "flex-start"}
      align="flex-start"
      wrap="nowrap"
      gap="xs"
      mt={first ? "sm" : 2}
      className={classes.message}
      data-testid={pending ? "message-pending" : "message"}
      data-mine={mine ? "true" : "false"}
      opacity={pending ? 0.6 : undefined}
      data-message-id={message.id}
    >
      {sender ? (
        <Box w={AVATAR} style={{ flexShrink: 0 }}>
          {first ? <PersonAvatar person={sender} size={AVATAR} /> : null}
        </Box>
      ) : null}
      <Stack gap={2} align={mine ? "flex-end" : "flex-start"} maw="min(75%, 36rem)" miw={0}>
        {sender && first ? (
          <Text size="xs" c="dimmed" fw={600}>
            <bdi>{sender.name}</bdi>
          </Text>
        ) : null}
        <div className={classes.bubble} data-mine={mine || undefined}>
          {message.body ? (
            <Text size="sm" dir="auto" className={classes.body} data-testid="message-body">
              {message.body}
            </Text>
          ) : null}
          <Attachments items={message.attachments} />
        </div>
        <Group gap={4} wrap="nowrap">
          {pending ? (
            <Text size="xs" c="dimmed">
              {t("messages.thread.sending")}
            </Text>
          ) : (
            <Text
              component="time"
              size="xs"
              c="dimmed"
              dateTime={message.createdAt}
              title={clock.full(message.createdAt)}
              suppressHydrationWarning
            >
              {clock.time(message.createdAt)}
            </Text>
          )}
          {mine ? null : (
            <span className={classes.messageActions}>
              <MessageMenu messageId={message.id} />
            </span>
          )}
        </Group>
      </Stack>
    </Group>
  );
}
