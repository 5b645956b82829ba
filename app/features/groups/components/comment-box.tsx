import { Button, Group, Stack, Text, Textarea } from "@mantine/core";
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { COMMENT_MAX_LENGTH } from "../group-shapes";
import { useGroupCommand, useRefusal } from "./group-words";
import { useGroupPlace } from "./group-place";
import { MentionOptions, useMentionKeys } from "./mention-parts";
import { matchMentionable, mentionQueryAt, type Mentionable } from "./mentions";

/**
 * The text of a comment with `@` suggestions: typing `@` and the start of a name lists the
 * group's members who match; choosing one writes their `@slug`.
 */
function useMentionField(body: string, setBody: (next: string) => void) {
  const { mentionable, viewerId } = useGroupPlace();
  const field = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState<number | null>(null);
  // Where the caret goes once the chosen name is in the box: placed as React writes the text,
  // before the next key is read (a frame later, a fast typist's next letters landed before it).
  const placeCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (placeCaret.current === null) return;
    field.current?.setSelectionRange(placeCaret.current, placeCaret.current);
    placeCaret.current = null;
  });
  // The `@` whose list Escape closed: it stays closed until another is typed.
  const [dismissed, setDismissed] = useState<number | null>(null);
  const typed = caret === null ? null : mentionQueryAt(body, caret);
  if (!typed && dismissed !== null) setDismissed(null);
  const options =
    typed && typed.start !== dismissed
      ? matchMentionable(mentionable, typed.query, { except: viewerId })
      : [];
  const pick = (person: Mentionable) => {
    if (!typed || caret === null) return;
    const words = `@${person.slug} `;
    const next = (body.slice(0, typed.start) + words + body.slice(caret)).slice(
      0,
      COMMENT_MAX_LENGTH,
    );
    const at = Math.min(typed.start + words.length, next.length);
    placeCaret.current = at;
    setBody(next);
    setCaret(at);
  };
  const keys = useMentionKeys(options, pick, () => setDismissed(typed?.start ?? null));
  const track = (target: HTMLTextAreaElement) =>
    setCaret(target.selectionStart === target.selectionEnd ? target.selectionStart : null);
  return { field, options, pick, keys, track, close: () => setCaret(null) };
}

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
  const mention = useMentionField(body, setBody);
  const listId = useId();
  // What was sent: once it is stored, it leaves the box, and whatever was typed after it stays.
  const [sent, setSent] = useState("");
  const [handled, setHandled] = useState(command.answer);
  if (command.answer !== handled) {
    setHandled(command.answer);
    if (command.answer?.ok && sent) {
      setBody(body.startsWith(sent) ? body.slice(sent.length).trimStart() : body);
      setSent("");
    }
  }
  // A reply sent closes its box (the thread's state).
  useEffect(() => {
    if (command.answer?.ok) onSent?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [command.answer]);
  const listed = mention.options.length > 0;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!body.trim()) return;
        setSent(body);
        void command.send({ intent: "comment", postId, parentId, body });
      }}
      data-testid={parentId ? "reply-box" : "comment-box"}
    >
      <Stack gap={6}>
        <Textarea
          ref={mention.field}
          aria-label={t(parentId ? "groups.comments.replyLabel" : "groups.comments.label")}
          placeholder={t(
            parentId ? "groups.comments.replyPlaceholder" : "groups.comments.placeholder",
          )}
          value={body}
          autosize
          minRows={1}
          maxRows={8}
          maxLength={COMMENT_MAX_LENGTH}
          onChange={(event) => {
            setBody(event.currentTarget.value);
            mention.track(event.currentTarget);
          }}
          onSelect={(event) => mention.track(event.currentTarget)}
          onKeyDown={(event) => void mention.keys.onKeyDown(event)}
          onBlur={mention.close}
          aria-autocomplete="list"
          aria-controls={listed ? listId : undefined}
          aria-activedescendant={listed ? `${listId}-${mention.keys.active}` : undefined}
          autoFocus={autoFocus}
          dir="auto"
          data-testid="comment-input"
        />
        {listed ? (
          <MentionOptions
            id={listId}
            options={mention.options}
            active={mention.keys.active}
            onPick={mention.pick}
            onHover={mention.keys.setActive}
          />
        ) : null}
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
