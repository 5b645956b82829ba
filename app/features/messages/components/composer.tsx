import { ActionIcon, Alert, Group, Pill, Stack, Text, Textarea, useDirection } from "@mantine/core";
import { IconPaperclip, IconSend } from "@tabler/icons-react";
import { Suspense, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { MediaPicker } from "~/features/media/media";
import { useTranslation } from "~/platform/i18n/use-translation";
import {
  MAX_ATTACHMENTS,
  MESSAGE_MAX_LENGTH,
  MESSAGES_PATH,
  TYPING_EVERY_MS,
  type MessageAttachment,
} from "../message-shapes";
import { useMessageCommand } from "./message-words";
import classes from "./messages.module.css";
import type { useOutbox } from "./use-outbox";

type Outbox = ReturnType<typeof useOutbox>;

/**
 * The writing box under a thread: Enter sends, Shift+Enter starts a new line; files come from
 * the media library (an upload included). The others see "typing…" while the viewer writes. A
 * refused message comes back to the box, with the reason.
 */
export function Composer({
  conversationId,
  before,
  outbox,
  canAttach,
}: {
  conversationId: string;
  /** The thread shows an older page: a message sent goes back to the newest. */
  before: string | null;
  outbox: Outbox;
  canAttach: boolean;
}) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const navigate = useNavigate();
  const typing = useMessageCommand({ quiet: true });
  const [body, setBody] = useState("");
  const [attachments, setAttachments] = useState<MessageAttachment[]>([]);
  const [picking, setPicking] = useState(false);
  const lastTyping = useRef(0);
  const hintId = useId();
  // Refused messages come back in front of whatever was written since.
  const [taken, setTaken] = useState(outbox.returned);
  if (outbox.returned !== taken) {
    setTaken(outbox.returned);
    const back = outbox.returned;
    if (back.length > 0) {
      setBody((now) => [...back.map((draft) => draft.body), now].filter(Boolean).join("\n"));
      setAttachments((now) =>
        [...back.flatMap((draft) => draft.attachments), ...now].slice(0, MAX_ATTACHMENTS),
      );
    }
  }

  const empty = body.trim() === "" && attachments.length === 0;
  const send = () => {
    if (empty) return;
    outbox.post(body, attachments);
    setBody("");
    setAttachments([]);
    if (before) void navigate(`${MESSAGES_PATH}?c=${conversationId}`);
  };
  const write = (value: string) => {
    setBody(value);
    const now = Date.now();
    if (value.trim() && now - lastTyping.current >= TYPING_EVERY_MS) {
      lastTyping.current = now;
      void typing.send({ intent: "typing", conversationId });
    }
  };

  return (
    <form
      className={classes.composer}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <Stack gap={6}>
        {attachments.length > 0 ? (
          <Group gap={6} wrap="wrap" data-testid="composer-attachments">
            {attachments.map((item, index) => (
              <Pill
                key={`${item.url}-${index}`}
                withRemoveButton
                onRemove={() => setAttachments((now) => now.filter((one) => one !== item))}
                removeButtonProps={{
                  "aria-label": t("messages.composer.removeFile", { name: item.name }),
                }}
              >
                {item.name}
              </Pill>
            ))}
          </Group>
        ) : null}
        {outbox.refusal ? (
          <Text size="sm" c="red" role="alert" data-testid="composer-refusal">
            {outbox.refusal}
          </Text>
        ) : null}
        <Group gap="xs" align="flex-end" wrap="nowrap">
          {canAttach ? (
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={t("messages.composer.attach")}
              title={t("messages.composer.attach")}
              disabled={attachments.length >= MAX_ATTACHMENTS}
              onClick={() => setPicking(true)}
              data-testid="composer-attach"
            >
              <IconPaperclip size={20} aria-hidden />
            </ActionIcon>
          ) : null}
          <Textarea
            style={{ flex: 1 }}
            aria-label={t("messages.composer.label")}
            placeholder={t("messages.composer.placeholder")}
            aria-describedby={hintId}
            value={body}
            maxLength={MESSAGE_MAX_LENGTH}
            autosize
            minRows={1}
            maxRows={6}
            onChange={(event) => write(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
              event.preventDefault();
              send();
            }}
            data-testid="composer-input"
          />
          <ActionIcon
            type="submit"
            size="lg"
            aria-label={t("messages.composer.send")}
            title={t("messages.composer.send")}
            disabled={empty}
            data-testid="composer-send"
          >
            <IconSend
              size={18}
              aria-hidden
              style={dir === "rtl" ? { transform: "scaleX(-1)" } : undefined}
            />
          </ActionIcon>
        </Group>
        <Text id={hintId} size="xs" c="dimmed" visibleFrom="sm">
          {t("messages.composer.hint")}
        </Text>
      </Stack>
      {picking ? (
        <Suspense fallback={null}>
          <MediaPicker
            opened
            onClose={() => setPicking(false)}
            scope="own"
            onPick={(item) =>
              setAttachments((now) =>
                now.length >= MAX_ATTACHMENTS
                  ? now
                  : [
                      ...now,
                      {
                        url: item.url,
                        name: item.name.slice(0, 200) || item.url,
                        kind: item.kind === "image" ? "image" : "file",
                      },
                    ],
              )
            }
          />
        </Suspense>
      ) : null}
    </form>
  );
}

/** In place of the writing box where the viewer may not write, the reason. */
export function ComposerClosed({ blockedByMe }: { blockedByMe: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={classes.composer}>
      <Alert variant="light" color="gray" data-testid="composer-closed">
        {blockedByMe ? t("messages.composer.youBlocked") : t("messages.composer.closed")}
      </Alert>
    </div>
  );
}
