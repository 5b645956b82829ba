import {
  Chip,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import {
  conditionKinds,
  waitUnits,
  type AutomationCondition,
  type ConditionKind,
  type TriggerType,
  type WaitUnit,
  triggerFilter,
} from "../automation-shapes";
import type { AutomationWords } from "./automation-words";
import type { EditorGraph, EditorStep } from "./editor-steps";
import type { Choices } from "./step-flow";

/* The fields of the steps that have more than one: a wait's, an if's condition, a unit. */

export function UnitSelect({
  value,
  words,
  readOnly,
  onChange,
}: {
  value: WaitUnit;
  words: AutomationWords;
  readOnly: boolean;
  onChange: (unit: WaitUnit) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      aria-label={t("automations.editor.unit")}
      w={140}
      data={waitUnits.map((unit) => ({ value: unit, label: words.units[unit] }))}
      value={value}
      readOnly={readOnly}
      allowDeselect={false}
      onChange={(unit) => unit && onChange(unit as WaitUnit)}
    />
  );
}

export function WaitFields({
  step,
  words,
  readOnly,
  at,
  set,
}: {
  step: Extract<EditorStep, { type: "wait" }>;
  words: AutomationWords;
  readOnly: boolean;
  at: (field: string) => string | undefined;
  set: (patch: Partial<EditorStep>) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <SegmentedControl
        w="fit-content"
        value={step.mode}
        readOnly={readOnly}
        onChange={(mode) => set({ mode: mode as "duration" | "weekday" })}
        data={[
          { value: "duration", label: t("automations.editor.waitFor") },
          { value: "weekday", label: t("automations.editor.waitUntil") },
        ]}
      />
      {step.mode === "duration" ? (
        <Group gap="sm" align="flex-end">
          <NumberInput
            label={t("automations.editor.amount")}
            min={0}
            max={1000}
            w={140}
            value={step.amount}
            readOnly={readOnly}
            error={at("amount")}
            onChange={(value) => set({ amount: Number(value) || 0 })}
          />
          <UnitSelect
            value={step.unit}
            words={words}
            readOnly={readOnly}
            onChange={(unit) => set({ unit })}
          />
        </Group>
      ) : (
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            {t("automations.editor.days")}
          </Text>
          <Chip.Group
            multiple
            value={step.days.map(String)}
            onChange={(days) => !readOnly && set({ days: days.map(Number).sort() })}
          >
            <Group gap={6}>
              {words.weekdays.map((day, index) => (
                <Chip key={day} value={String(index)} size="xs">
                  {day}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {at("days") ? (
            <Text size="sm" c="var(--mantine-color-error)">
              {at("days")}
            </Text>
          ) : null}
          <TextInput
            type="time"
            label={t("automations.editor.time")}
            description={t("automations.editor.timeHelp")}
            w={220}
            value={step.time}
            readOnly={readOnly}
            error={at("time")}
            onChange={(event) => set({ time: event.currentTarget.value })}
          />
        </Stack>
      )}
    </Stack>
  );
}

/** A condition's kind and what it looks at; a new kind starts empty. */
export function ConditionFields({
  condition,
  choices,
  emails,
  words,
  readOnly,
  at,
  onChange,
}: {
  condition: AutomationCondition;
  choices: Choices;
  emails: { id: string; subject: string }[];
  words: AutomationWords;
  readOnly: boolean;
  at: (field: string) => string | undefined;
  onChange: (condition: AutomationCondition) => void;
}) {
  const { t } = useTranslation();
  const fresh = (kind: ConditionKind): AutomationCondition => {
    switch (kind) {
      case "hasTag":
        return { kind, tag: "" };
      case "opened":
      case "clicked":
        return { kind, stepId: emails[0]?.id ?? "" };
      case "field":
        return { kind, field: "", value: "" };
      case "purchased":
        return { kind, productId: "" };
      case "enrolled":
      case "completed":
        return { kind, courseId: "" };
      case "hasMembership":
        return { kind, membershipId: "" };
    }
  };
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <Select
        label={t("automations.editor.condition")}
        w={260}
        data={conditionKinds.map((kind) => ({ value: kind, label: words.conditions[kind] }))}
        value={condition.kind}
        readOnly={readOnly}
        allowDeselect={false}
        onChange={(kind) => kind && onChange(fresh(kind as ConditionKind))}
      />
      {condition.kind === "hasTag" ? (
        <TextInput
          label={t("automations.editor.tag")}
          value={condition.tag}
          readOnly={readOnly}
          error={at("tag")}
          onChange={(event) => onChange({ ...condition, tag: event.currentTarget.value })}
        />
      ) : null}
      {condition.kind === "opened" || condition.kind === "clicked" ? (
        <Select
          label={t("automations.editor.emailStep")}
          w={260}
          data={emails.map((email) => ({ value: email.id, label: email.subject || email.id }))}
          value={condition.stepId || null}
          readOnly={readOnly}
          error={at("stepId")}
          onChange={(stepId) => onChange({ ...condition, stepId: stepId ?? "" })}
        />
      ) : null}
      {condition.kind === "field" ? (
        <>
          <TextInput
            label={t("automations.editor.field")}
            value={condition.field}
            readOnly={readOnly}
            error={at("field")}
            onChange={(event) => onChange({ ...condition, field: event.currentTarget.value })}
          />
          <TextInput
            label={t("automations.editor.fieldValue")}
            description={t("automations.editor.fieldValueHelp")}
            value={condition.value}
            readOnly={readOnly}
            error={at("value")}
            onChange={(event) => onChange({ ...condition, value: event.currentTarget.value })}
          />
        </>
      ) : null}
      {condition.kind === "purchased" ? (
        <Select
          label={t("automations.editor.product")}
          w={260}
          data={choices.products.map((product) => ({ value: product.id, label: product.title }))}
          value={condition.productId || null}
          readOnly={readOnly}
          error={at("productId")}
          onChange={(productId) => onChange({ ...condition, productId: productId ?? "" })}
        />
      ) : null}
      {condition.kind === "hasMembership" ? (
        <Select
          label={t("automations.editor.membership")}
          w={260}
          data={choices.memberships.map((level) => ({ value: level.id, label: level.name }))}
          value={condition.membershipId || null}
          readOnly={readOnly}
          error={at("membershipId")}
          onChange={(membershipId) => onChange({ ...condition, membershipId: membershipId ?? "" })}
        />
      ) : null}
      {condition.kind === "enrolled" || condition.kind === "completed" ? (
        <Select
          label={t("automations.editor.course")}
          w={260}
          data={choices.courses.map((course) => ({ value: course.id, label: course.title }))}
          value={condition.courseId || null}
          readOnly={readOnly}
          error={at("courseId")}
          onChange={(courseId) => onChange({ ...condition, courseId: courseId ?? "" })}
        />
      ) : null}
    </Group>
  );
}

/** The trigger's narrowing: a tag typed, or a form, product, course or membership picked. */
export function TriggerFilter({
  graph,
  filter,
  choices,
  onChange,
}: {
  graph: EditorGraph;
  filter: (typeof triggerFilter)[TriggerType];
  choices: Choices;
  onChange: (patch: Partial<EditorGraph["trigger"]>) => void;
}) {
  const { t } = useTranslation();
  const any = { value: "", label: t("automations.editor.any") };
  if (filter === "tag")
    return (
      <TextInput
        label={
          graph.trigger.type === "contact.anniversary"
            ? t("automations.editor.dateField")
            : t("automations.editor.tag")
        }
        description={
          graph.trigger.type === "contact.anniversary"
            ? t("automations.editor.dateFieldHelp")
            : undefined
        }
        value={graph.trigger.tag}
        onChange={(event) => onChange({ tag: event.currentTarget.value })}
      />
    );
  if (filter === null) return null;
  const [label, data] = {
    formId: [
      t("automations.editor.form"),
      choices.forms.map((one) => ({ value: one.id, label: one.name })),
    ],
    productId: [
      t("automations.editor.product"),
      choices.products.map((one) => ({ value: one.id, label: one.title })),
    ],
    courseId: [
      t("automations.editor.course"),
      choices.courses.map((one) => ({ value: one.id, label: one.title })),
    ],
    membershipId: [
      t("automations.editor.membership"),
      choices.memberships.map((one) => ({ value: one.id, label: one.name })),
    ],
  }[filter] as [string, { value: string; label: string }[]];
  return (
    <Select
      label={label}
      w={280}
      data={[any, ...data]}
      value={graph.trigger[filter]}
      allowDeselect={false}
      onChange={(value) => onChange({ [filter]: value ?? "" })}
    />
  );
}
