import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import {
  IconArrowDown,
  IconArrowUp,
  IconClock,
  IconGitBranch,
  IconMail,
  IconBell,
  IconPlus,
  IconSchool,
  IconTag,
  IconTagOff,
  IconTrash,
  IconWebhook,
  IconId,
  IconIdOff,
  IconTrophy,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { BlockList } from "~/features/campaigns/campaigns";
import { useTranslation } from "~/platform/i18n/use-translation";
import { stepTypes, type StepType } from "../automation-shapes";
import type { AutomationWords } from "./automation-words";
import { ConditionFields, UnitSelect, WaitFields } from "./step-fields";
import { startingStep, type EditorStep } from "./editor-steps";

/** What the pickers of the steps offer: the site's forms, products, courses, and its e-mail steps. */
export type Choices = {
  forms: { id: string; name: string }[];
  products: { id: string; title: string }[];
  courses: { id: string; title: string }[];
  memberships: { id: string; name: string }[];
};

/** The message of the first issue at `path` (or inside it, unless `exact`). */
export type ErrorAt = (path: string, exact?: boolean) => string | undefined;

type FlowProps = {
  steps: EditorStep[];
  /** Where this list sits in the graph, for the server's issue paths (`graph.steps.2.yes`). */
  path: string;
  choices: Choices;
  emails: { id: string; subject: string }[];
  words: AutomationWords;
  errorAt: ErrorAt;
  readOnly: boolean;
  onChange: (steps: EditorStep[]) => void;
};

const icons: Record<StepType, ReactNode> = {
  email: <IconMail size={18} aria-hidden />,
  wait: <IconClock size={18} aria-hidden />,
  if: <IconGitBranch size={18} aria-hidden />,
  tag: <IconTag size={18} aria-hidden />,
  untag: <IconTagOff size={18} aria-hidden />,
  enrol: <IconSchool size={18} aria-hidden />,
  notify: <IconBell size={18} aria-hidden />,
  webhook: <IconWebhook size={18} aria-hidden />,
  grant: <IconId size={18} aria-hidden />,
  revoke: <IconIdOff size={18} aria-hidden />,
  points: <IconTrophy size={18} aria-hidden />,
};

/**
 * A list of steps, top to bottom, as a run goes through them: each step's card, a way to add a
 * step between any two, and an if's two branches side by side, each a list of its own.
 */
export function StepFlow(props: FlowProps) {
  const { steps, onChange, readOnly, words } = props;
  const { t } = useTranslation();
  const insert = (at: number, type: StepType) => {
    const step = startingStep(type, {
      subject: t("automations.defaults.subject"),
      body: t("automations.defaults.body"),
      message: t("automations.defaults.message"),
    });
    onChange([...steps.slice(0, at), step, ...steps.slice(at)]);
  };
  const adder = (at: number, last: boolean) =>
    readOnly ? null : (
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          {last ? (
            <Button
              variant="light"
              size="xs"
              w="fit-content"
              leftSection={<IconPlus size={14} aria-hidden />}
              data-testid="add-step"
            >
              {t("automations.editor.addStep")}
            </Button>
          ) : (
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={t("automations.editor.insertStep")}
              style={{ alignSelf: "center" }}
            >
              <IconPlus size={14} aria-hidden />
            </ActionIcon>
          )}
        </Menu.Target>
        <Menu.Dropdown>
          {stepTypes.map((type) => (
            <Menu.Item key={type} leftSection={icons[type]} onClick={() => insert(at, type)}>
              {words.steps[type]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    );
  return (
    <Stack gap="xs">
      {steps.map((step, index) => (
        <Stack key={step.id} gap="xs">
          {index > 0 ? adder(index, false) : null}
          <StepCard
            {...props}
            step={step}
            path={`${props.path}.${index}`}
            first={index === 0}
            last={index === steps.length - 1}
            onStep={(next) => onChange(steps.map((one, i) => (i === index ? next : one)))}
            onMove={(by) => {
              const next = [...steps];
              const [one] = next.splice(index, 1);
              next.splice(index + by, 0, one!);
              onChange(next);
            }}
            onRemove={() => onChange(steps.filter((_, i) => i !== index))}
          />
        </Stack>
      ))}
      {adder(steps.length, true)}
    </Stack>
  );
}

function StepCard({
  step,
  path,
  first,
  last,
  choices,
  emails,
  words,
  errorAt,
  readOnly,
  onStep,
  onMove,
  onRemove,
}: Omit<FlowProps, "steps" | "onChange"> & {
  step: EditorStep;
  first: boolean;
  last: boolean;
  onStep: (step: EditorStep) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const at = (field: string) => errorAt(`${path}.${field}`);
  const set = (patch: Partial<EditorStep>) => onStep({ ...step, ...patch } as EditorStep);
  const stepIssue = errorAt(path, true);
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`step-${step.type}`} data-step={step.id}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            {icons[step.type]}
            <Text fw={600}>{words.steps[step.type]}</Text>
          </Group>
          {readOnly ? null : (
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                disabled={first}
                aria-label={t("automations.editor.moveUp")}
                onClick={() => onMove(-1)}
              >
                <IconArrowUp size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                disabled={last}
                aria-label={t("automations.editor.moveDown")}
                onClick={() => onMove(1)}
              >
                <IconArrowDown size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t("automations.editor.removeStep", { step: words.steps[step.type] })}
                onClick={onRemove}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          )}
        </Group>
        {stepIssue ? (
          <Text size="sm" c="var(--mantine-color-error)" role="alert">
            {stepIssue}
          </Text>
        ) : null}
        {step.type === "email" ? (
          <Stack gap="sm">
            <TextInput
              label={t("automations.editor.subject")}
              value={step.subject}
              readOnly={readOnly}
              error={at("subject")}
              onChange={(event) => set({ subject: event.currentTarget.value })}
            />
            <TextInput
              label={t("automations.editor.preheader")}
              value={step.preheader}
              readOnly={readOnly}
              error={at("preheader")}
              onChange={(event) => set({ preheader: event.currentTarget.value })}
            />
            <BlockList
              blocks={step.blocks}
              readOnly={readOnly}
              errorAt={(field, exact) => errorAt(`${path}.${field}`, exact)}
              onChange={(index, block) =>
                set({ blocks: step.blocks.map((one, i) => (i === index ? block : one)) })
              }
              onRestructure={(blocks) => set({ blocks })}
            />
          </Stack>
        ) : null}
        {step.type === "wait" ? (
          <WaitFields step={step} words={words} readOnly={readOnly} at={at} set={set} />
        ) : null}
        {step.type === "tag" || step.type === "untag" ? (
          <TextInput
            label={t("automations.editor.tag")}
            value={step.tag}
            readOnly={readOnly}
            error={at("tag")}
            onChange={(event) => set({ tag: event.currentTarget.value })}
          />
        ) : null}
        {step.type === "enrol" ? (
          <Select
            label={t("automations.editor.course")}
            data={choices.courses.map((course) => ({ value: course.id, label: course.title }))}
            value={step.courseId || null}
            readOnly={readOnly}
            error={at("courseId")}
            onChange={(value) => set({ courseId: value ?? "" })}
          />
        ) : null}
        {step.type === "notify" ? (
          <Textarea
            label={t("automations.editor.message")}
            description={t("automations.editor.messageHelp")}
            value={step.message}
            readOnly={readOnly}
            autosize
            minRows={2}
            error={at("message")}
            onChange={(event) => set({ message: event.currentTarget.value })}
          />
        ) : null}
        {step.type === "grant" || step.type === "revoke" ? (
          <Select
            label={t("automations.editor.membership")}
            data={choices.memberships.map((level) => ({ value: level.id, label: level.name }))}
            value={step.membershipId || null}
            readOnly={readOnly}
            error={at("membershipId")}
            onChange={(value) => set({ membershipId: value ?? "" })}
          />
        ) : null}
        {step.type === "points" ? (
          <NumberInput
            label={t("automations.editor.points")}
            description={t("automations.editor.pointsHelp")}
            min={1}
            max={10_000}
            w={220}
            value={step.points}
            readOnly={readOnly}
            error={at("points")}
            onChange={(value) => set({ points: Number(value) || 0 })}
          />
        ) : null}
        {step.type === "webhook" ? (
          <TextInput
            label={t("automations.editor.url")}
            description={t("automations.editor.urlHelp")}
            placeholder="https://"
            value={step.url}
            readOnly={readOnly}
            error={at("url")}
            onChange={(event) => set({ url: event.currentTarget.value })}
          />
        ) : null}
        {step.type === "if" ? (
          <Stack gap="sm">
            <ConditionFields
              condition={step.condition}
              choices={choices}
              emails={emails}
              words={words}
              readOnly={readOnly}
              at={(field) => at(`condition.${field}`)}
              onChange={(condition) => set({ condition })}
            />
            <Group gap="sm" align="flex-end" wrap="wrap">
              <NumberInput
                label={t("automations.editor.within")}
                description={t("automations.editor.withinHelp")}
                min={0}
                max={1000}
                w={220}
                value={step.within}
                readOnly={readOnly}
                error={at("within")}
                onChange={(value) => set({ within: Number(value) || 0 })}
              />
              <UnitSelect
                value={step.withinUnit}
                words={words}
                readOnly={readOnly}
                onChange={(withinUnit) => set({ withinUnit })}
              />
            </Group>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
              {(["yes", "no"] as const).map((branch) => (
                <Paper
                  key={branch}
                  radius="md"
                  p="xs"
                  bg="var(--mantine-color-default-hover)"
                  data-testid={`branch-${branch}`}
                >
                  <Stack gap="xs">
                    <Badge variant="light" color={branch === "yes" ? "green" : "gray"}>
                      {branch === "yes" ? t("automations.editor.yes") : t("automations.editor.no")}
                    </Badge>
                    <StepFlow
                      steps={step[branch]}
                      path={`${path}.${branch}`}
                      choices={choices}
                      emails={emails}
                      words={words}
                      errorAt={errorAt}
                      readOnly={readOnly}
                      onChange={(steps) => set({ [branch]: steps })}
                    />
                  </Stack>
                </Paper>
              ))}
            </SimpleGrid>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
