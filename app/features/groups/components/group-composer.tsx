import { Box, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { ContentEditor } from "~/features/content/content";
import { useTranslation } from "~/platform/i18n/use-translation";
import { POST_MAX_LENGTH } from "../group-shapes";
import classes from "./group-composer.module.css";
import { useGroupCommand, useRefusal } from "./group-words";

/** Whether the editor's HTML says nothing yet (no words, no picture or player). */
const blank = (html: string) =>
  !/<(img|iframe|video|audio)\b/i.test(html) &&
  !html
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .trim();

/** A new post in the group: the posts' rich-text editor, sent as its HTML (the server sanitises it). */
export function GroupComposer({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const command = useGroupCommand();
  const refusal = useRefusal(command.answer);
  const [body, setBody] = useState("");
  // A new editor, empty, once a post is stored (the editor keeps its own document).
  const [round, setRound] = useState(0);
  const [handled, setHandled] = useState(command.answer);
  if (command.answer !== handled) {
    setHandled(command.answer);
    if (command.answer?.ok) {
      setBody("");
      setRound((count) => count + 1);
    }
  }
  const tooLong = body.length > POST_MAX_LENGTH;
  return (
    <Paper withBorder radius="md" p="md" data-testid="group-composer">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!blank(body) && !tooLong) void command.send({ intent: "post", groupId, body });
        }}
      >
        <Stack gap="xs">
          <Box className={classes.composer} style={{ minWidth: 0 }}>
            <ContentEditor
              key={round}
              value=""
              onChange={setBody}
              label={t("groups.composer.label")}
            />
          </Box>
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
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={command.busy}
              disabled={blank(body) || tooLong}
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
