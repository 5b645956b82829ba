import { Box, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { IconChartBar } from "@tabler/icons-react";
import type { Editor } from "@tiptap/react";
import { useRef, useState } from "react";
import { ContentEditor } from "~/features/content/content";
import { useTranslation } from "~/platform/i18n/use-translation";
import { POST_MAX_LENGTH } from "../group-shapes";
import classes from "./group-composer.module.css";
import { useGroupCommand, useRefusal } from "./group-words";
import { MentionPicker } from "./mention-picker";
import { emptyPoll, PollFields, pollOptionsOf, type PollDraft } from "./poll-fields";
import type { Mentionable } from "./mentions";

/** Whether the editor's HTML says nothing yet (no words, no picture or player). */
const blank = (html: string) =>
  !/<(img|iframe|video|audio)\b/i.test(html) &&
  !html
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .trim();

/** HTML with a text added at its end (in its last paragraph when it ends with one). */
const appended = (html: string, text: string) =>
  /<\/p>\s*$/.test(html) ? html.replace(/<\/p>\s*$/, `${text}</p>`) : `${html}<p>${text}</p>`;

/** A new post in the group: the posts' rich-text editor, sent as its HTML (the server sanitises it). */
export function GroupComposer({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const command = useGroupCommand();
  const refusal = useRefusal(command.answer);
  const [body, setBody] = useState("");
  const [poll, setPoll] = useState<PollDraft | null>(null);
  // A new editor once a post is stored, empty (the editor keeps its own document), or with a
  // mention added where the editor could not be reached.
  const [round, setRound] = useState(0);
  const [seed, setSeed] = useState("");
  const holder = useRef<HTMLDivElement>(null);
  const [handled, setHandled] = useState(command.answer);
  if (command.answer !== handled) {
    setHandled(command.answer);
    if (command.answer?.ok) {
      setBody("");
      setPoll(null);
      setSeed("");
      setRound((count) => count + 1);
    }
  }
  // `@slug ` at the editor's caret: Tiptap hangs the editor on its element.
  const mention = (person: Mentionable) => {
    const text = `@${person.slug} `;
    const root = holder.current?.querySelector<HTMLElement & { editor?: Editor }>(".ProseMirror");
    const editor = root?.editor;
    if (editor && !editor.isDestroyed) {
      editor.chain().focus().insertContent({ type: "text", text }).run();
      return;
    }
    const next = appended(body, text);
    setSeed(next);
    setBody(next);
    setRound((count) => count + 1);
  };
  const tooLong = body.length > POST_MAX_LENGTH;
  const pollUnready = poll !== null && pollOptionsOf(poll).length < 2;
  const ready = !blank(body) && !tooLong && !pollUnready;
  return (
    <Paper withBorder radius="md" p="md" data-testid="group-composer">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (ready)
            void command.send({
              intent: "post",
              groupId,
              body,
              poll: poll ? { options: pollOptionsOf(poll), multiple: poll.multiple } : null,
            });
        }}
      >
        <Stack gap="xs">
          <Box ref={holder} className={classes.composer} style={{ minWidth: 0 }}>
            <ContentEditor
              key={round}
              value={seed}
              onChange={setBody}
              label={t("groups.composer.label")}
            />
          </Box>
          {poll ? (
            <PollFields draft={poll} onChange={setPoll} onRemove={() => setPoll(null)} />
          ) : null}
          {tooLong ? (
            <Text size="sm" c="red" role="alert">
              {t("groups.composer.tooLong")}
            </Text>
          ) : null}
          {refusal ? (
            <Text size="sm" c="red" role="alert">
              {refusal}
            </Text>
          ) : null}
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Group gap="xs">
              <MentionPicker onPick={mention} />
              {poll ? null : (
                <Button
                  variant="subtle"
                  color="gray"
                  size="compact-sm"
                  leftSection={<IconChartBar size={16} aria-hidden />}
                  onClick={() => setPoll(emptyPoll())}
                  data-testid="poll-add"
                >
                  {t("groups.poll.add")}
                </Button>
              )}
            </Group>
            <Button
              ms="auto"
              type="submit"
              loading={command.busy}
              disabled={!ready}
              data-testid="group-post-submit"
            >
              {t("groups.composer.post")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
