import { Alert, Button, Group, Paper, Stack, Table, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useFetcher } from "react-router";
import { dateFormat } from "~/platform/i18n/formats";
import { useTranslation } from "~/platform/i18n/use-translation";
import { AUTOMATIONS_SCREEN_PATH, type DryRunLine, type WaitUnit } from "../automation-shapes";
import type { OpenedAutomationView } from "./automation-editor";
import type { AutomationWords } from "./automation-words";

/*
 * The builder's side column: a dry run for a sample contact, and the latest runs.
 */

type DryRunAnswer = { ok: boolean; dryRun?: { found: boolean; lines: DryRunLine[] } };

/** The draft walked for a sample contact: what each step would do, doing nothing. */
export function DryRun({ id, words }: { id: string; words: AutomationWords }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState("");
  const runner = useFetcher<DryRunAnswer>();
  const result = runner.state === "idle" && runner.data?.ok ? runner.data.dryRun : undefined;
  return (
    <Paper withBorder radius="md" p="md" data-testid="dry-run">
      <Stack gap="sm">
        <Text fw={600}>{t("automations.dryRun.title")}</Text>
        <Text size="sm" c="dimmed">
          {t("automations.dryRun.help")}
        </Text>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label={t("automations.dryRun.email")}
            type="email"
            value={email}
            style={{ flex: 1 }}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <Button
            variant="light"
            loading={runner.state !== "idle"}
            onClick={() =>
              void runner.submit(
                { intent: "dryRun", id, email },
                { method: "post", encType: "application/json" },
              )
            }
          >
            {t("automations.dryRun.run")}
          </Button>
        </Group>
        {result && !result.found ? (
          <Alert color="yellow" variant="light">
            {t("automations.dryRun.noContact")}
          </Alert>
        ) : null}
        {result?.found ? (
          <Stack gap={4} component="ol" style={{ paddingInlineStart: "1.2rem", margin: 0 }}>
            {result.lines.map((line) => (
              <Text key={line.stepId} size="sm" component="li">
                <strong>{words.steps[line.stepType]}</strong> — {dryOutcome(t, words, line)}
              </Text>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

function dryOutcome(
  t: ReturnType<typeof useTranslation>["t"],
  words: AutomationWords,
  line: DryRunLine,
): string {
  switch (line.outcome) {
    case "would":
      return t("automations.dryRun.would");
    case "yes":
      return t("automations.dryRun.yes");
    case "no":
      return line.detail.within
        ? t("automations.dryRun.noYet", {
            within: `${line.detail.within} ${words.units[line.detail.unit as WaitUnit] ?? ""}`,
          })
        : t("automations.dryRun.no");
    case "skip":
      return t("automations.dryRun.skip", {
        reason: words.reasons[line.detail.reason ?? ""] ?? line.detail.reason,
      });
    case "wait":
      return t("automations.dryRun.wait");
  }
}

export function RecentRuns({
  runs,
  words,
  timeZone,
}: {
  runs: OpenedAutomationView["runs"];
  words: AutomationWords;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const when = dateFormat(i18n.language, { dateStyle: "medium", timeStyle: "short", timeZone });
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Text fw={600}>{t("automations.runs.title")}</Text>
        {runs.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("automations.runs.empty")}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing={4} data-testid="runs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("automations.runs.contact")}</Table.Th>
                  <Table.Th>{t("automations.runs.status")}</Table.Th>
                  <Table.Th>{t("automations.runs.started")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {runs.map((run) => (
                  <Table.Tr key={run.id}>
                    <Table.Td>
                      <Text
                        size="sm"
                        component="a"
                        href={`${AUTOMATIONS_SCREEN_PATH}?contact=${encodeURIComponent(run.email)}`}
                      >
                        {run.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {words.runStatuses[run.status as keyof AutomationWords["runStatuses"]] ??
                        run.status}
                    </Table.Td>
                    <Table.Td>{when.format(new Date(run.startedAt))}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
