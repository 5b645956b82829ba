import { Button, Group, Stack, Text, Textarea } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { COMMENT_MAX_LENGTH } from "../group-shapes";
import { useGroupCommand, useRefusal } from "./group-words";

/** A comment on a post, or (with `parentId`) a reply to one of its comments: plain text. */
export function CommentBox({
  postId,
  parentId = null,
  onSent,
  autoFocus = false,
}: {
  postId: string;
  parentId?: string | null;
  onSent?: () => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const command = useGroupCommand();
  const refusal = useRefusal(command.answer);
  const [body, setBody] = useState("");
  const [handled, setHandled] = useState(command.answer);
  if (command.answer !== handled) {
    setHandled(command.answer);
    if (command.answer?.ok) setBody("");
  }
  // A reply sent closes its box (the thread's state).
  useEffect(() => {
    if (command.answer?.ok) onSent?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [command.answer]);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (body.trim()) void command.send({ intent: "comment", postId, parentId, body });
      }}
      data-testid={parentId ? "reply-box" : "comment-box"}
    >
      <Stack gap={6}>
        <Textarea
          aria-label={t(parentId ? "groups.comments.replyLabel" : "groups.comments.label")}
          placeholder={t(
            parentId ? "groups.comments.replyPlaceholder" : "groups.comments.placeholder",
          )}
          value={body}
          autosize
          minRows={1}
          maxRows={8}
          maxLength={COMMENT_MAX_LENGTH}
          onChange={(event) => setBody(event.currentTarget.value)}
          autoFocus={autoFocus}
          dir="auto"
          data-testid="comment-input"
        />
        {refusal ? (
          <Text size="sm" c="red" role="alert">
            {refusal}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="xs">
          {parentId && onSent ? (
            <Button variant="subtle" color="gray" size="xs" onClick={onSent}>
              {t("groups.screen.cancel")}
            </Button>
          ) : null}
          <Button
            type="submit"
            size="xs"
            loading={command.busy}
            disabled={!body.trim()}
            data-testid="comment-submit"
          >
            {t(parentId ? "groups.comments.sendReply" : "groups.comments.send")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
