import { Stack, Text } from "@mantine/core";
import { IconMessageCircle } from "@tabler/icons-react";
import { useEffect, useEffectEvent, useRef } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { ConversationView } from "../message-shapes";
import { Composer, ComposerClosed } from "./composer";
import { useMessageCommand } from "./message-words";
import { ThreadHeader } from "./thread-header";
import { ThreadMessages } from "./thread-messages";
import { useOutbox } from "./use-outbox";

/**
 * The open conversation is marked read when it opens with news, and again as news arrives while
 * the viewer looks at it; a tab in the background marks it when it comes to the front.
 */
function useReadMark(view: ConversationView, me: string) {
  const marker = useMessageCommand();
  const newest = view.messages.at(-1);
  const news = view.unread > 0 || (newest !== undefined && newest.senderId !== me);
  const key = `${view.id}:${newest?.id ?? ""}`;
  const marked = useRef<string | null>(null);
  const mark = useEffectEvent(() => {
    if (!news || marked.current === key || document.visibilityState !== "visible") return;
    marked.current = key;
    void marker.send({ intent: "read", conversationId: view.id });
  });
  useEffect(() => {
    mark();
    const onVisible = () => mark();
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [key]);
}

/** Who is typing in the open conversation, said politely to screen readers. */
function TypingLine({ name }: { name: string | null }) {
  const { t } = useTranslation();
  return (
    <Text size="xs" c="dimmed" px="md" mih={18} aria-live="polite">
      {name ? (
        <span data-testid="typing-indicator">{t("messages.thread.typing", { name })}</span>
      ) : null}
    </Text>
  );
}

/** The open conversation: its head, its messages, who is typing, and the writing box. */
export function Thread({
  view,
  me,
  before,
  blocked,
  typingUserId,
  canAttach,
}: {
  view: ConversationView;
  me: string;
  before: string | null;
  blocked: string[];
  typingUserId: string | null;
  canAttach: boolean;
}) {
  const { t } = useTranslation();
  useReadMark(view, me);
  const typist = typingUserId
    ? (view.others.find((person) => person.userId === typingUserId)?.name ?? t("messages.someone"))
    : null;
  const blockedByMe = view.others.some((person) => blocked.includes(person.userId));
  const outbox = useOutbox(view.id);
  return (
    <>
      <ThreadHeader view={view} blocked={blocked} />
      <ThreadMessages view={view} me={me} before={before} pending={outbox.waiting} />
      <TypingLine name={typist} />
      {view.canSend ? (
        <Composer conversationId={view.id} before={before} outbox={outbox} canAttach={canAttach} />
      ) : (
        <ComposerClosed blockedByMe={blockedByMe && view.others.length === 1} />
      )}
    </>
  );
}

/** No conversation open (wide screens): how to open one. */
export function NoThread() {
  const { t } = useTranslation();
  return (
    <Stack
      align="center"
      justify="center"
      gap="xs"
      ta="center"
      p="xl"
      h="100%"
      data-testid="no-thread"
    >
      <IconMessageCircle size={48} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
      <Text fw={600}>{t("messages.thread.choose")}</Text>
      <Text size="sm" c="dimmed">
        {t("messages.thread.chooseHelp")}
      </Text>
    </Stack>
  );
}
