import { Box, Group, Paper, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { diffFields, type DiffPart } from "../revision-diff";
import classes from "./revision-compare.module.css";

export type CompareSide = {
  /** Which version this is ("Saved 23 Nov, 14:02 by Ada"). */
  label: string;
  /** Plain text by field key; rich text through `contentText` first. */
  fields: Record<string, string>;
};

export type RevisionCompareProps = {
  before: CompareSide;
  after: CompareSide;
  /** The fields to compare, in order, with their visible names. */
  fields: readonly { key: string; label: string }[];
};

function Part({ part }: { part: DiffPart }) {
  const { t } = useTranslation();
  if (part.kind === "same") return <span>{part.text}</span>;
  // Not colour alone: <ins>/<del> are underlined and struck through, and each says what it is
  // to a screen reader, which does not announce the elements themselves.
  const Tag = part.kind === "added" ? "ins" : "del";
  return (
    <Tag className={classes[part.kind]}>
      <VisuallyHidden>
        {t(
          part.kind === "added" ? "content.compare.insertedStart" : "content.compare.deletedStart",
        )}
      </VisuallyHidden>
      {part.text}
      <VisuallyHidden>{t("content.compare.end")}</VisuallyHidden>
    </Tag>
  );
}

/**
 * Two versions of an item side by side in one text: per field, the words deleted from the older
 * (struck through) and inserted in the newer (underlined). Any editor's revisions can use it.
 */
export function RevisionCompare({ before, after, fields }: RevisionCompareProps) {
  const { t } = useTranslation();
  const diffs = diffFields(before.fields, after.fields, fields);
  return (
    <Stack gap="md" data-testid="revision-compare">
      <Group gap="lg" wrap="wrap">
        <Text size="sm">
          <del className={classes.removed}>{t("content.compare.older")}</del> {before.label}
        </Text>
        <Text size="sm">
          <ins className={classes.added}>{t("content.compare.newer")}</ins> {after.label}
        </Text>
      </Group>
      {diffs.map((diff) => (
        <Paper
          key={diff.key}
          withBorder
          p="sm"
          radius="sm"
          component="section"
          aria-labelledby={`compare-${diff.key}`}
        >
          <Group justify="space-between" gap="xs" mb={4}>
            <Title order={3} size="h6" id={`compare-${diff.key}`}>
              {diff.label}
            </Title>
            <Text size="xs" c="dimmed">
              {diff.changed
                ? t("content.compare.summary", { added: diff.added, removed: diff.removed })
                : t("content.compare.unchanged")}
            </Text>
          </Group>
          <Box className={classes.text} data-testid={`compare-${diff.key}`}>
            {diff.parts.map((part, index) => (
              <Part key={index} part={part} />
            ))}
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}
