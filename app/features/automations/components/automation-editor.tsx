import {
  Badge,
  Button,
  Code,
  CopyButton,
  Grid,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useEffect, useState } from "react";
import { useFetcher, useLocation, useNavigate } from "react-router";
import { fieldIssueMessage, type FieldIssue } from "~/platform/field-issues";
import { useTranslation } from "~/platform/i18n/use-translation";
import {
  AUTOMATIONS_SCREEN_PATH,
  triggerFilter,
  triggerTypes,
  type AutomationStatus,
  type DryRunLine,
  type OpenedAutomationView,
  type TriggerType,
} from "../automation-shapes";
import { statusColour, useAutomationWords } from "./automation-words";
import { editorSteps, emailSteps, savedSteps, type EditorGraph } from "./editor-steps";
import { DryRun, RecentRuns } from "./automation-side";
import { TriggerFilter } from "./step-fields";
import { StepFlow, type Choices, type ErrorAt } from "./step-flow";

export type { OpenedAutomationView };

type Answer =
  | {
      ok: true;
      id: string;
      version?: number;
      status?: AutomationStatus;
      dryRun?: { found: boolean; lines: DryRunLine[] };
    }
  | { ok: false; code?: string; issues?: FieldIssue[] };

type SavedState = { automationSaved?: boolean } | null;

/**
 * One automation in the builder: its trigger and its steps top to bottom, saved as a draft and
 * published as a new version (runs inside keep theirs); pause, resume, stop; a dry run for a
 * sample contact; its latest runs.
 */
export function AutomationEditor({
  opened,
  choices,
  timeZone,
}: {
  opened: OpenedAutomationView;
  choices: Choices;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const words = useAutomationWords();
  const navigate = useNavigate();
  const location = useLocation();
  const [name, setName] = useState(opened.name);
  const [reentry, setReentry] = useState(opened.reentry);
  const [graph, setGraph] = useState<EditorGraph>(() => ({
    ...opened.graph,
    steps: editorSteps(opened.graph.steps),
  }));
  const [edits, setEdits] = useState(0);
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [deleting, setDeleting] = useState(false);
  const saver = useFetcher<Answer>();
  const mover = useFetcher<Answer>();
  const answer = saver.state === "idle" ? saver.data : undefined;
  const moved = mover.state === "idle" ? mover.data : undefined;
  const issues = [answer, moved].flatMap((one) => (one && !one.ok ? (one.issues ?? []) : []));
  const arrived = (location.state as SavedState)?.automationSaved === true && edits === 0;
  const saved = (answer?.ok && sentAt === edits) || (sentAt === null && arrived);
  const { id } = opened;
  const readOnly = false;

  useEffect(() => {
    if (answer?.ok && id === null)
      void navigate(`?automation=${answer.id}`, {
        replace: true,
        state: { automationSaved: true },
      });
  }, [answer, id, navigate]);

  const errorAt: ErrorAt = (path, exact = false) => {
    const issue = issues.find(
      (candidate) => candidate.path === path || (!exact && candidate.path.startsWith(`${path}.`)),
    );
    return issue ? fieldIssueMessage(t, issue) : undefined;
  };
  const touch = () => setEdits((count) => count + 1);
  const setTrigger = (patch: Partial<EditorGraph["trigger"]>) => {
    setGraph((current) => ({ ...current, trigger: { ...current.trigger, ...patch } }));
    touch();
  };
  const body = () => ({ name, reentry, graph: { ...graph, steps: savedSteps(graph.steps) } });
  const save = () => {
    setSentAt(edits);
    void saver.submit(
      { intent: "save", id, automation: body() },
      { method: "post", encType: "application/json" },
    );
  };
  const command = (intent: "publish" | "pause" | "resume" | "stop") =>
    void mover.submit({ intent, id }, { method: "post", encType: "application/json" });
  const filter = triggerFilter[graph.trigger.type];
  const emails = emailSteps(graph.steps);
  const failed = (answer && !answer.ok && sentAt === edits) || (moved && !moved.ok);

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Stack gap="lg">
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <TextInput
                label={t("automations.editor.name")}
                value={name}
                error={errorAt("name")}
                onChange={(event) => {
                  setName(event.currentTarget.value);
                  touch();
                }}
              />
              <Switch
                label={t("automations.editor.reentry")}
                description={t("automations.editor.reentryHelp")}
                checked={reentry}
                onChange={(event) => {
                  setReentry(event.currentTarget.checked);
                  touch();
                }}
              />
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p="md" data-testid="trigger">
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t("automations.editor.trigger")}
              </Title>
              <Group gap="sm" align="flex-start" wrap="wrap">
                <Select
                  label={t("automations.editor.when")}
                  w={280}
                  data={triggerTypes.map((type) => ({ value: type, label: words.triggers[type] }))}
                  value={graph.trigger.type}
                  allowDeselect={false}
                  onChange={(type) => type && setTrigger({ type: type as TriggerType })}
                />
                <TriggerFilter
                  graph={graph}
                  filter={filter}
                  choices={choices}
                  onChange={setTrigger}
                />
              </Group>
            </Stack>
          </Paper>
          <Stack gap="xs">
            <Title order={2} size="h4">
              {t("automations.editor.steps")}
            </Title>
            {errorAt("graph.steps", true) ? (
              <Text size="sm" c="var(--mantine-color-error)" role="alert">
                {errorAt("graph.steps", true)}
              </Text>
            ) : null}
            <StepFlow
              steps={graph.steps}
              path="graph.steps"
              choices={choices}
              emails={emails}
              words={words}
              errorAt={errorAt}
              readOnly={readOnly}
              onChange={(steps) => {
                setGraph((current) => ({ ...current, steps }));
                touch();
              }}
            />
          </Stack>
          <Paper withBorder radius="md" p="sm" pos="sticky" bottom={0} style={{ zIndex: 2 }}>
            <Group justify="space-between" wrap="wrap" gap="sm">
              <div>
                <Text size="sm" role="status">
                  {saved ? t("automations.editor.saved") : ""}
                  {moved?.ok && moved.version
                    ? t("automations.editor.published", { version: moved.version })
                    : ""}
                </Text>
                {failed ? (
                  <Text size="sm" c="var(--mantine-color-error)" role="alert">
                    {issues.length > 0
                      ? t("automations.editor.checkIssues")
                      : t("automations.editor.failed")}
                  </Text>
                ) : null}
              </div>
              <Group gap="xs">
                {id && opened.status === "active" ? (
                  <Button
                    variant="default"
                    onClick={() => command("pause")}
                    loading={mover.state !== "idle"}
                  >
                    {t("automations.editor.pause")}
                  </Button>
                ) : null}
                {id && opened.status === "paused" ? (
                  <Button
                    variant="default"
                    onClick={() => command("resume")}
                    loading={mover.state !== "idle"}
                  >
                    {t("automations.editor.resume")}
                  </Button>
                ) : null}
                {id && (opened.status === "active" || opened.status === "paused") ? (
                  <Button variant="default" color="red" onClick={() => command("stop")}>
                    {t("automations.editor.stop")}
                  </Button>
                ) : null}
                {id ? (
                  <Button variant="subtle" color="red" onClick={() => setDeleting(true)}>
                    {t("automations.editor.delete")}
                  </Button>
                ) : null}
                <Button
                  variant="default"
                  onClick={save}
                  loading={saver.state !== "idle"}
                  data-testid="save-automation"
                >
                  {t("automations.editor.save")}
                </Button>
                {id ? (
                  <Button
                    onClick={() => command("publish")}
                    disabled={edits !== (sentAt ?? 0) || saver.state !== "idle"}
                    loading={mover.state !== "idle"}
                    data-testid="publish-automation"
                  >
                    {opened.version
                      ? t("automations.editor.publishChanges")
                      : t("automations.editor.publish")}
                  </Button>
                ) : null}
              </Group>
            </Group>
          </Paper>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Stack gap="lg">
          <Paper withBorder radius="md" p="md">
            <Stack gap={6}>
              <Group gap="xs">
                <Badge variant="light" color={statusColour[opened.status]}>
                  {words.statuses[opened.status]}
                </Badge>
                {opened.version ? (
                  <Text size="sm" c="dimmed">
                    {t("automations.editor.version", { version: opened.version })}
                  </Text>
                ) : null}
              </Group>
              <Text size="sm" c="dimmed">
                {opened.version === 0
                  ? t("automations.editor.neverPublished")
                  : opened.changed
                    ? t("automations.editor.unpublishedChanges")
                    : t("automations.editor.upToDate")}
              </Text>
            </Stack>
          </Paper>
          {id ? <DryRun id={id} words={words} /> : null}
          {id ? <RecentRuns runs={opened.runs} words={words} timeZone={timeZone} /> : null}
          {id ? (
            <Paper withBorder radius="md" p="md">
              <Stack gap={6}>
                <Text fw={600}>{t("automations.editor.secret")}</Text>
                <Text size="sm" c="dimmed">
                  {t("automations.editor.secretHelp")}
                </Text>
                <Group gap="xs" wrap="nowrap">
                  <Code style={{ overflowWrap: "anywhere" }}>{opened.signingSecret}</Code>
                  <CopyButton value={opened.signingSecret}>
                    {({ copied, copy }) => (
                      <Button size="compact-xs" variant="light" onClick={copy}>
                        {copied ? t("automations.editor.copied") : t("automations.editor.copy")}
                      </Button>
                    )}
                  </CopyButton>
                </Group>
              </Stack>
            </Paper>
          ) : null}
        </Stack>
      </Grid.Col>
      {deleting && id ? (
        <Modal
          opened
          onClose={() => setDeleting(false)}
          size="sm"
          title={t("automations.editor.deleteTitle")}
          closeButtonProps={{ "aria-label": t("automations.editor.close") }}
        >
          <Stack gap="md">
            <Text size="sm">{t("automations.editor.deleteText", { name: opened.name })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeleting(false)}>
                {t("automations.editor.cancel")}
              </Button>
              <Button
                color="red"
                onClick={() => {
                  void mover.submit(
                    { intent: "delete", id },
                    { method: "post", encType: "application/json" },
                  );
                  void navigate(AUTOMATIONS_SCREEN_PATH);
                }}
              >
                {t("automations.editor.delete")}
              </Button>
            </Group>
          </Stack>
        </Modal>
      ) : null}
    </Grid>
  );
}
