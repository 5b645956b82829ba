import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useId, type ReactNode } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import {
  popupAnchor,
  popupLayouts,
  popupStatuses,
  popupTriggers,
  type PopupLayout,
  type PopupStatus,
  type PopupTrigger,
} from "../popup-shapes";
import type { Draft, ErrorAt, FormChoice, SetDraft } from "./popup-editor";
import { usePopupWords } from "./popup-words";

/** The picker's value for "no form" (a Select option needs a non-empty value). */
const NO_FORM = "none";

/** One titled part of the editor, named by its heading. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const heading = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={heading}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={heading}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** A segmented choice with a visible label that names it. */
export function Choice<V extends string>({
  label,
  description,
  value,
  data,
  onChange,
}: {
  label: string;
  description?: string;
  value: V;
  data: { value: V; label: string }[];
  onChange: (value: V) => void;
}) {
  const labelId = useId();
  const helpId = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        {label}
      </Text>
      {description ? (
        <Text size="xs" c="dimmed" id={helpId}>
          {description}
        </Text>
      ) : null}
      <SegmentedControl
        aria-labelledby={labelId}
        aria-describedby={description ? helpId : undefined}
        fullWidth
        // Long choices ("All but these") wrap on a phone rather than being cut.
        styles={{ label: { whiteSpace: "normal", lineHeight: 1.25 } }}
        value={value}
        data={data}
        onChange={(next) => onChange(next as V)}
      />
    </Stack>
  );
}

/** Name, status, look, and what the popup shows: a form, or a title, text and button. */
export function ContentSection({
  draft,
  forms,
  errorAt,
  onChange,
}: {
  draft: Draft;
  forms: FormChoice[];
  errorAt: ErrorAt;
  onChange: SetDraft;
}) {
  const { t } = useTranslation();
  const words = usePopupWords();
  return (
    <Section title={t("popups.screen.content.title")}>
      <TextInput
        label={t("popups.screen.content.name")}
        description={t("popups.screen.content.nameHelp")}
        required
        value={draft.name}
        error={errorAt("name")}
        onChange={(event) => onChange("name", event.currentTarget.value)}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Choice<PopupStatus>
          label={t("popups.screen.content.status")}
          description={t("popups.screen.content.statusHelp")}
          value={draft.status}
          data={popupStatuses.map((value) => ({ value, label: words.statuses[value] }))}
          onChange={(value) => onChange("status", value)}
        />
        <Choice<PopupLayout>
          label={t("popups.screen.content.layout")}
          description={t("popups.screen.content.layoutHelp")}
          value={draft.layout}
          data={popupLayouts.map((value) => ({ value, label: words.layouts[value] }))}
          onChange={(value) => onChange("layout", value)}
        />
      </SimpleGrid>
      <Select
        label={t("popups.screen.content.form")}
        description={t("popups.screen.content.formHelp")}
        data={[
          { value: NO_FORM, label: t("popups.screen.content.noForm") },
          ...forms.map((form) => ({ value: form.id, label: form.name })),
        ]}
        value={draft.formId || NO_FORM}
        allowDeselect={false}
        searchable={forms.length > 8}
        error={errorAt("formId")}
        onChange={(value) => onChange("formId", !value || value === NO_FORM ? "" : value)}
      />
      <TextInput
        label={t("popups.screen.content.heading")}
        value={draft.title}
        error={errorAt("title")}
        onChange={(event) => onChange("title", event.currentTarget.value)}
      />
      <Textarea
        label={t("popups.screen.content.body")}
        autosize
        minRows={3}
        value={draft.body}
        error={errorAt("body")}
        onChange={(event) => onChange("body", event.currentTarget.value)}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t("popups.screen.content.ctaLabel")}
          description={t("popups.screen.content.ctaLabelHelp")}
          value={draft.ctaLabel}
          error={errorAt("ctaLabel")}
          onChange={(event) => onChange("ctaLabel", event.currentTarget.value)}
        />
        <TextInput
          label={t("popups.screen.content.ctaHref")}
          description={t("popups.screen.content.ctaHrefHelp")}
          placeholder="https://"
          value={draft.ctaHref}
          error={errorAt("ctaHref")}
          onChange={(event) => onChange("ctaHref", event.currentTarget.value)}
        />
      </SimpleGrid>
    </Section>
  );
}

/** What opens the popup, with that trigger's setting. */
export function OpeningSection({
  id,
  draft,
  errorAt,
  onChange,
}: {
  id: string | null;
  draft: Draft;
  errorAt: ErrorAt;
  onChange: SetDraft;
}) {
  const { t } = useTranslation();
  const words = usePopupWords();
  return (
    <Section title={t("popups.screen.opening.title")}>
      <Select
        label={t("popups.screen.opening.trigger")}
        data={popupTriggers.map((value) => ({ value, label: words.triggers[value] }))}
        value={draft.trigger}
        allowDeselect={false}
        error={errorAt("trigger")}
        onChange={(value) => value && onChange("trigger", value as PopupTrigger)}
      />
      {draft.trigger === "delay" ? (
        <NumberInput
          label={t("popups.screen.opening.delay")}
          description={t("popups.screen.opening.delayHelp")}
          min={0}
          max={600}
          allowDecimal={false}
          allowNegative={false}
          value={draft.delaySeconds}
          error={errorAt("delaySeconds")}
          onChange={(value) => onChange("delaySeconds", value)}
        />
      ) : null}
      {draft.trigger === "scroll" ? (
        <NumberInput
          label={t("popups.screen.opening.scroll")}
          description={t("popups.screen.opening.scrollHelp")}
          min={1}
          max={100}
          suffix=" %"
          allowDecimal={false}
          allowNegative={false}
          value={draft.scrollPercent}
          error={errorAt("scrollPercent")}
          onChange={(value) => onChange("scrollPercent", value)}
        />
      ) : null}
      {draft.trigger === "exit" ? (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t("popups.screen.opening.exitNote")}
        </Alert>
      ) : null}
      {draft.trigger === "click" ? <ClickAnchor id={id} /> : null}
    </Section>
  );
}

/** The address a link or button of the site's pages uses to open this popup. */
function ClickAnchor({ id }: { id: string | null }) {
  const { t } = useTranslation();
  if (!id)
    return (
      <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
        {t("popups.screen.opening.saveFirst")}
      </Alert>
    );
  const anchor = popupAnchor(id);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t("popups.screen.opening.anchor")}
      </Text>
      <Text size="xs" c="dimmed">
        {t("popups.screen.opening.anchorHelp")}
      </Text>
      <Group gap="sm" wrap="nowrap">
        <Code data-testid="popup-anchor">{anchor}</Code>
        <CopyButton value={anchor}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" color={copied ? "teal" : undefined} onClick={copy}>
              {copied ? t("popups.screen.opening.copied") : t("popups.screen.opening.copy")}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
