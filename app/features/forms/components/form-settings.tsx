import {
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useId } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { formPath, formStatuses, type FormDefinition, type FormStatus } from "../form-shapes";
import type { FormWords } from "./public-form";

/** A form's own settings: everything but its fields. */
export type Settings = Omit<FormDefinition, "fields">;

/**
 * Name, address, status and what happens after a visitor sends the form: the words of its
 * button, the thanks or the page they go on to, the tags their contact gets, double opt-in.
 */
export function FormSettings({
  settings,
  words,
  errorAt,
  onChange,
  onName,
  onSlug,
}: {
  settings: Settings;
  words: FormWords;
  errorAt: (path: string) => string | undefined;
  onChange: <K extends keyof Settings>(key: K, value: Settings[K]) => void;
  /** The name; a new form's address follows it until the owner writes one. */
  onName: (name: string) => void;
  onSlug: (slug: string) => void;
}) {
  const { t } = useTranslation();
  const title = useId();
  const statusLabels: Record<FormStatus, string> = {
    active: t("forms.screen.status.active"),
    closed: t("forms.screen.status.closed"),
  };
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={title}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={title}>
          {t("forms.screen.settings.title")}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t("forms.screen.settings.name")}
            description={t("forms.screen.settings.nameHelp")}
            required
            value={settings.name}
            error={errorAt("name")}
            onChange={(event) => onName(event.currentTarget.value)}
          />
          <TextInput
            label={t("forms.screen.settings.slug")}
            description={t("forms.screen.settings.slugHelp", {
              path: formPath(settings.slug || "…"),
            })}
            required
            value={settings.slug}
            error={errorAt("slug")}
            onChange={(event) => onSlug(event.currentTarget.value)}
          />
          <Select
            label={t("forms.screen.settings.status")}
            description={t("forms.screen.settings.statusHelp")}
            data={formStatuses.map((value) => ({ value, label: statusLabels[value] }))}
            value={settings.status}
            allowDeselect={false}
            error={errorAt("status")}
            onChange={(value) => value && onChange("status", value as FormStatus)}
          />
          <TextInput
            label={t("forms.screen.settings.submitLabel")}
            description={t("forms.screen.settings.submitLabelHelp")}
            placeholder={words.submit}
            value={settings.submitLabel}
            error={errorAt("submitLabel")}
            onChange={(event) => onChange("submitLabel", event.currentTarget.value)}
          />
        </SimpleGrid>
        <Textarea
          label={t("forms.screen.settings.successMessage")}
          description={t("forms.screen.settings.successMessageHelp")}
          autosize
          minRows={2}
          value={settings.successMessage}
          error={errorAt("successMessage")}
          onChange={(event) => onChange("successMessage", event.currentTarget.value)}
        />
        <TextInput
          label={t("forms.screen.settings.redirectUrl")}
          description={t("forms.screen.settings.redirectUrlHelp")}
          placeholder="https://"
          value={settings.redirectUrl}
          error={errorAt("redirectUrl")}
          onChange={(event) => onChange("redirectUrl", event.currentTarget.value)}
        />
        <TagsInput
          label={t("forms.screen.settings.tags")}
          description={t("forms.screen.settings.tagsHelp")}
          value={settings.tags}
          error={errorAt("tags")}
          onChange={(tags) => onChange("tags", tags)}
          clearable
        />
        <Switch
          label={t("forms.screen.settings.doubleOptIn")}
          description={t("forms.screen.settings.doubleOptInHelp")}
          checked={settings.doubleOptIn}
          onChange={(event) => onChange("doubleOptIn", event.currentTarget.checked)}
        />
      </Stack>
    </Paper>
  );
}
