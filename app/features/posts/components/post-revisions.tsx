import { Button, Group, Paper, ScrollArea, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";

export type RevisionRow = {
  id: string;
  version: number;
  authorName: string;
  autosave: boolean;
  createdAt: string;
};

/** Every save's revision, newest first; restoring one saves it again as the newest. */
export function PostRevisions({
  revisions,
  onRestore,
}: {
  revisions: RevisionRow[];
  onRestore: (revisionId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h5" mb="sm">
        {t("content.revisions.title")}
      </Title>
      <ScrollArea.Autosize mah={260}>
        <Stack gap={6} data-testid="revisions">
          {revisions.map((revision, index) => (
            <Group key={revision.id} justify="space-between" wrap="nowrap" gap="xs">
              <div>
                <Text size="sm">{new Date(revision.createdAt).toLocaleString(i18n.language)}</Text>
                <Text size="xs" c="dimmed">
                  {revision.authorName || t("content.someone")}
                  {revision.autosave ? ` · ${t("content.revisions.autosave")}` : ""}
                  {index === 0 ? ` · ${t("content.revisions.current")}` : ""}
                </Text>
              </div>
              {index > 0 ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => onRestore(revision.id)}
                  aria-label={t("content.revisions.restoreFrom", {
                    time: new Date(revision.createdAt).toLocaleString(i18n.language),
                  })}
                >
                  {t("content.revisions.restore")}
                </Button>
              ) : null}
            </Group>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}
