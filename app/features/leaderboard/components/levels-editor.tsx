import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { fieldIssueMessage, type FieldIssue } from "~/platform/field-issues";
import { useTranslation } from "~/platform/i18n/use-translation";
import { MAX_LEVELS, type Level } from "../levels";

type Answer = { ok: true } | { ok: false; code: string; issues?: FieldIssue[] };

/** The owner's levels: a name (empty: "Level N") and the points that reach it, climbing from 0. */
export function LevelsEditor({ levels }: { levels: Level[] }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Answer>();
  const [draft, setDraft] = useState(levels);
  const issues = fetcher.data && !fetcher.data.ok ? (fetcher.data.issues ?? []) : [];
  const issueAt = (n: number, field: keyof Level) => {
    const issue = issues.find((one) => one.path === `levels.${n}.${field}`);
    return issue ? fieldIssueMessage(t, issue) : undefined;
  };
  const change = (n: number, patch: Partial<Level>) =>
    setDraft((current) => current.map((level, i) => (i === n ? { ...level, ...patch } : level)));
  const save = () =>
    void fetcher.submit(
      { intent: "levels", levels: draft },
      { method: "post", encType: "application/json" },
    );
  return (
    <Paper withBorder radius="md" p="md" data-testid="levels-editor">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("leaderboard.levels.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("leaderboard.levels.help")}
        </Text>
        {draft.map((level, n) => (
          <Group key={n} gap="sm" align="flex-start" wrap="nowrap">
            <Text w={28} pt={8} fw={600} ta="center">
              {n + 1}
            </Text>
            <TextInput
              aria-label={t("leaderboard.levels.name")}
              placeholder={t("leaderboard.levelNumber", { n: n + 1 })}
              value={level.name}
              maxLength={40}
              onChange={(event) => change(n, { name: event.currentTarget.value })}
              error={issueAt(n, "name")}
              style={{ flex: 1 }}
              data-testid="level-name"
            />
            <NumberInput
              aria-label={t("leaderboard.levels.points")}
              value={level.points}
              min={0}
              max={100_000_000}
              allowDecimal={false}
              disabled={n === 0}
              onChange={(value) => change(n, { points: typeof value === "number" ? value : 0 })}
              error={issueAt(n, "points")}
              w={140}
              data-testid="level-points"
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={4}
              disabled={n === 0}
              aria-label={t("leaderboard.levels.remove")}
              onClick={() => setDraft((current) => current.filter((_, i) => i !== n))}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Group justify="space-between">
          <Button
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
            disabled={draft.length >= MAX_LEVELS}
            onClick={() =>
              setDraft((current) => [
                ...current,
                { name: "", points: (current.at(-1)?.points ?? 0) + 100 },
              ])
            }
          >
            {t("leaderboard.levels.add")}
          </Button>
          <Group gap="sm">
            {fetcher.data?.ok ? (
              <Text size="sm" c="teal" role="status">
                {t("leaderboard.levels.saved")}
              </Text>
            ) : null}
            <Button onClick={save} loading={fetcher.state !== "idle"} data-testid="levels-save">
              {t("leaderboard.levels.save")}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
