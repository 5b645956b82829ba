import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "~/platform/i18n/use-translation";
import {
  fieldPatternNames,
  formFieldTypes,
  hiddenSources,
  isChoice,
  type FieldPattern,
  type FormField,
  type FormFieldInput,
  type FormFieldType,
  type HiddenSource,
} from "../form-shapes";

/** A field in the builder: the form's own field with a key of the builder's (never sent). */
export type DraftField = FormField & { uid: string };

let lastUid = 0;
const nextUid = () => `field-${++lastUid}`;

const OPTIONS_MAX = 50;
const placeholderTypes = new Set<FormFieldType>(["text", "email", "phone", "textarea"]);
const patternTypes = new Set<FormFieldType>(["text", "phone", "textarea"]);

/** A field as the builder keeps it, every setting filled in. */
export function draftField(field: FormFieldInput): DraftField {
  return {
    help: "",
    placeholder: "",
    required: false,
    pattern: "",
    options: [],
    hiddenSource: "fixed",
    hiddenValue: "",
    ...field,
    uid: nextUid(),
  };
}

/**
 * What is sent (and previewed) of a field: the settings its type has, nothing left over from
 * another type the owner tried (a pattern of a text field would still check a drop-down).
 */
export function cleanField({ uid: _uid, ...field }: DraftField): FormField {
  const hidden = field.type === "hidden";
  return {
    ...field,
    help: hidden ? "" : field.help,
    required: hidden ? false : field.required,
    placeholder: placeholderTypes.has(field.type) ? field.placeholder : "",
    pattern: patternTypes.has(field.type) ? field.pattern : "",
    options: isChoice(field.type) ? field.options : [],
    hiddenSource: hidden ? field.hiddenSource : "fixed",
    hiddenValue: hidden && field.hiddenSource === "fixed" ? field.hiddenValue : "",
  };
}

/** A new option of a drop-down or a choice, numbered. */
export function useNewOption() {
  const { t } = useTranslation();
  return (number: number) => ({
    value: `option_${number}`,
    label: t("forms.screen.field.defaultOption", { number }),
  });
}

/** The names of field types, patterns and hidden sources, in the owner's language. */
export function useFieldWords() {
  const { t } = useTranslation();
  const types: Record<FormFieldType, string> = {
    text: t("forms.screen.types.text"),
    email: t("forms.screen.types.email"),
    phone: t("forms.screen.types.phone"),
    textarea: t("forms.screen.types.textarea"),
    select: t("forms.screen.types.select"),
    radio: t("forms.screen.types.radio"),
    checkbox: t("forms.screen.types.checkbox"),
    country: t("forms.screen.types.country"),
    date: t("forms.screen.types.date"),
    hidden: t("forms.screen.types.hidden"),
    consent: t("forms.screen.types.consent"),
  };
  const patterns: Record<FieldPattern, string> = {
    email: t("forms.screen.patterns.email"),
    url: t("forms.screen.patterns.url"),
    domain: t("forms.screen.patterns.domain"),
    phone: t("forms.screen.patterns.phone"),
    digits: t("forms.screen.patterns.digits"),
    letters: t("forms.screen.patterns.letters"),
  };
  const sources: Record<HiddenSource, string> = {
    utm_source: t("forms.screen.sources.utm_source"),
    utm_medium: t("forms.screen.sources.utm_medium"),
    utm_campaign: t("forms.screen.sources.utm_campaign"),
    utm_term: t("forms.screen.sources.utm_term"),
    utm_content: t("forms.screen.sources.utm_content"),
    page: t("forms.screen.sources.page"),
    fixed: t("forms.screen.sources.fixed"),
  };
  return { types, patterns, sources };
}

type Props = {
  field: DraftField;
  index: number;
  count: number;
  /** The message of the issue at a path inside this field ("label", "options"), if any. */
  errorAt: (path: string, exact?: boolean) => string | undefined;
  onChange: (patch: Partial<FormField>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
};

/** One field of the form being built: its type, question, key and the checks of its answer. */
export function FieldCard({ field, index, count, errorAt, onChange, onMove, onRemove }: Props) {
  const { t } = useTranslation();
  const words = useFieldWords();
  const item = field.label.trim() || field.name || words.types[field.type];
  const hidden = field.type === "hidden";
  const newOption = useNewOption();
  const changeType = (type: FormFieldType) =>
    onChange(
      isChoice(type) && field.options.length === 0
        ? { type, options: [newOption(1), newOption(2)] }
        : { type },
    );

  return (
    <Paper withBorder radius="md" p="md" data-testid="form-field">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} lineClamp={1}>
            {t("forms.screen.field.title", { number: index + 1, type: words.types[field.type] })}
          </Text>
          <Group gap={2} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              disabled={index === 0}
              aria-label={t("forms.screen.field.moveUp", { item })}
              onClick={() => onMove(-1)}
            >
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              disabled={index === count - 1}
              aria-label={t("forms.screen.field.moveDown", { item })}
              onClick={() => onMove(1)}
            >
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              disabled={count === 1}
              aria-label={t("forms.screen.field.remove", { item })}
              onClick={onRemove}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t("forms.screen.field.type")}
            data={formFieldTypes.map((value) => ({ value, label: words.types[value] }))}
            value={field.type}
            allowDeselect={false}
            error={errorAt("type")}
            onChange={(value) => value && changeType(value as FormFieldType)}
          />
          <TextInput
            label={t("forms.screen.field.name")}
            description={t("forms.screen.field.nameHelp")}
            required
            value={field.name}
            maxLength={40}
            error={errorAt("name")}
            styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
            onChange={(event) =>
              onChange({ name: event.currentTarget.value.toLowerCase().replace(/[\s-]+/g, "_") })
            }
          />
        </SimpleGrid>
        {field.type === "email" ? (
          <Text size="sm" c="dimmed">
            {t("forms.screen.field.emailHelp")}
          </Text>
        ) : null}
        {field.type === "consent" ? (
          <Textarea
            label={t("forms.screen.field.consentLabel")}
            description={t("forms.screen.field.consentHelp")}
            required
            autosize
            minRows={2}
            value={field.label}
            error={errorAt("label")}
            onChange={(event) => onChange({ label: event.currentTarget.value })}
          />
        ) : (
          <TextInput
            label={t("forms.screen.field.label")}
            description={hidden ? t("forms.screen.field.hiddenLabelHelp") : undefined}
            required
            value={field.label}
            error={errorAt("label")}
            onChange={(event) => onChange({ label: event.currentTarget.value })}
          />
        )}
        {hidden ? null : (
          <TextInput
            label={t("forms.screen.field.help")}
            value={field.help}
            error={errorAt("help")}
            onChange={(event) => onChange({ help: event.currentTarget.value })}
          />
        )}
        {placeholderTypes.has(field.type) || patternTypes.has(field.type) ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {placeholderTypes.has(field.type) ? (
              <TextInput
                label={t("forms.screen.field.placeholder")}
                value={field.placeholder}
                error={errorAt("placeholder")}
                onChange={(event) => onChange({ placeholder: event.currentTarget.value })}
              />
            ) : null}
            {patternTypes.has(field.type) ? (
              <Select
                label={t("forms.screen.field.pattern")}
                data={[
                  { value: "none", label: t("forms.screen.patterns.none") },
                  ...fieldPatternNames.map((value) => ({ value, label: words.patterns[value] })),
                ]}
                value={field.pattern || "none"}
                allowDeselect={false}
                error={errorAt("pattern")}
                onChange={(value) =>
                  onChange({ pattern: !value || value === "none" ? "" : (value as FieldPattern) })
                }
              />
            ) : null}
          </SimpleGrid>
        ) : null}
        {isChoice(field.type) ? (
          <OptionsEditor
            field={field}
            errorAt={errorAt}
            onChange={(options) => onChange({ options })}
            newOption={newOption}
          />
        ) : null}
        {hidden ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t("forms.screen.field.hiddenSource")}
              data={hiddenSources.map((value) => ({ value, label: words.sources[value] }))}
              value={field.hiddenSource}
              allowDeselect={false}
              error={errorAt("hiddenSource")}
              onChange={(value) => value && onChange({ hiddenSource: value as HiddenSource })}
            />
            {field.hiddenSource === "fixed" ? (
              <TextInput
                label={t("forms.screen.field.hiddenValue")}
                value={field.hiddenValue}
                error={errorAt("hiddenValue")}
                onChange={(event) => onChange({ hiddenValue: event.currentTarget.value })}
              />
            ) : null}
          </SimpleGrid>
        ) : (
          <Checkbox
            label={t("forms.screen.field.required")}
            checked={field.required}
            onChange={(event) => onChange({ required: event.currentTarget.checked })}
          />
        )}
      </Stack>
    </Paper>
  );
}

type Option = FormField["options"][number];

/** A drop-down's or a choice's options: what is stored (value) and what the visitor reads. */
function OptionsEditor({
  field,
  errorAt,
  onChange,
  newOption,
}: {
  field: DraftField;
  errorAt: Props["errorAt"];
  onChange: (options: Option[]) => void;
  newOption: (number: number) => Option;
}) {
  const { t } = useTranslation();
  const { options } = field;
  const set = (index: number, patch: Partial<Option>) =>
    onChange(options.map((one, i) => (i === index ? { ...one, ...patch } : one)));
  const add = () => {
    const taken = new Set(options.map((one) => one.value));
    let number = options.length + 1;
    while (taken.has(`option_${number}`)) number++;
    onChange([...options, newOption(number)]);
  };
  const problem = errorAt("options", true);
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t("forms.screen.option.title")}
      </Text>
      {options.map((option, index) => (
        <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            flex={1}
            size="sm"
            label={t("forms.screen.option.label", { number: index + 1 })}
            required
            value={option.label}
            error={errorAt(`options.${index}.label`)}
            onChange={(event) => set(index, { label: event.currentTarget.value })}
          />
          <TextInput
            flex={1}
            size="sm"
            label={t("forms.screen.option.value", { number: index + 1 })}
            required
            value={option.value}
            error={errorAt(`options.${index}.value`)}
            styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
            onChange={(event) => set(index, { value: event.currentTarget.value })}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            mt={26}
            aria-label={t("forms.screen.option.remove", { number: index + 1 })}
            onClick={() => onChange(options.filter((_, i) => i !== index))}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      {problem ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {problem}
        </Text>
      ) : null}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          disabled={options.length >= OPTIONS_MAX}
          onClick={add}
        >
          {t("forms.screen.option.add")}
        </Button>
      </Group>
    </Stack>
  );
}
