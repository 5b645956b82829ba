import { Grid, SegmentedControl, Select, Stack, Text, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useSettingsSave } from "~/features/options/options";
import type { FieldIssue } from "~/platform/field-issues";
import { themePart, type ThemeValue } from "../theme-option";
import { fontChoiceOf, fontStacks, stackOf, type FontChoice } from "../theme-fonts";
import { SaveControls } from "../../../ui/settings/save-controls";
import { SettingsSection } from "../../../ui/settings/settings-section";
import { ThemePreview } from "./theme-preview";
import { ThemeSwatches } from "./theme-swatches";
import classes from "./theme-editor.module.css";

type Draft = {
  primaryColor: ThemeValue["primaryColor"];
  bodyStyle: ThemeValue["bodyStyle"];
  body: FontChoice;
  bodyCustom: string;
  headings: FontChoice;
  headingsCustom: string;
};

function draftOf(theme: ThemeValue): Draft {
  const body = fontChoiceOf(theme.fontFamily, "system");
  const headings = fontChoiceOf(theme.headingsFontFamily, "sameAsBody");
  return {
    primaryColor: theme.primaryColor,
    bodyStyle: theme.bodyStyle,
    body,
    bodyCustom: body === "custom" ? (theme.fontFamily ?? "") : "",
    headings,
    headingsCustom: headings === "custom" ? (theme.headingsFontFamily ?? "") : "",
  };
}

/** The option as it will be stored: the system font and "same as body" store nothing. */
function valueOf(draft: Draft): ThemeValue {
  const fontFamily =
    draft.body === "custom"
      ? draft.bodyCustom.trim()
      : draft.body === "system"
        ? undefined
        : stackOf(draft.body);
  const headingsFontFamily =
    draft.headings === "custom" ? draft.headingsCustom.trim() : stackOf(draft.headings);
  return {
    bodyStyle: draft.bodyStyle,
    primaryColor: draft.primaryColor,
    ...(fontFamily ? { fontFamily } : {}),
    ...(headingsFontFamily ? { headingsFontFamily } : {}),
  };
}

/** A custom stack left empty: asked for, not quietly dropped. */
function emptyCustom(draft: Draft): FieldIssue[] {
  const missing = (path: string) => ({ path, code: "too_small", origin: "string", minimum: 1 });
  return [
    ...(draft.body === "custom" && !draft.bodyCustom.trim() ? [missing("fontFamily")] : []),
    ...(draft.headings === "custom" && !draft.headingsCustom.trim()
      ? [missing("headingsFontFamily")]
      : []),
  ];
}

function FontField({
  label,
  description,
  choice,
  custom,
  withSameAsBody,
  error,
  onChoice,
  onCustom,
}: {
  label: string;
  description: string;
  choice: FontChoice;
  custom: string;
  withSameAsBody: boolean;
  error?: string;
  onChoice: (choice: FontChoice) => void;
  onCustom: (value: string) => void;
}) {
  const { t } = useTranslation();
  const data = [
    ...(withSameAsBody
      ? [{ value: "sameAsBody", label: t("siteSettings.theme.fonts.sameAsBody") }]
      : []),
    ...fontStacks.map((font) => ({
      value: font.id,
      label: t(`siteSettings.theme.fonts.${font.id}`),
    })),
    { value: "custom", label: t("siteSettings.theme.fonts.custom") },
  ];
  return (
    <Stack gap={6}>
      <Select
        label={label}
        description={description}
        data={data}
        value={choice}
        allowDeselect={false}
        onChange={(value) => value && onChoice(value as FontChoice)}
        renderOption={({ option }) => (
          <span style={{ fontFamily: stackOf(option.value as FontChoice) }}>{option.label}</span>
        )}
        error={choice === "custom" ? undefined : error}
      />
      {choice === "custom" ? (
        <TextInput
          label={t("siteSettings.theme.customFont", { field: label })}
          description={t("siteSettings.theme.customFontHelp")}
          placeholder='"Inter", "Helvetica Neue", sans-serif'
          value={custom}
          maxLength={200}
          onChange={(event) => onCustom(event.currentTarget.value)}
          error={error}
          ff="monospace"
        />
      ) : null}
    </Stack>
  );
}

/**
 * D16 theme screen: the primary colour, boxed or full-width pages and the two fonts, with a
 * live preview of the public site; saved through the theme option's schema.
 */
export function ThemeEditor({ saved, siteName }: { saved: ThemeValue; siteName: string }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(() => draftOf(saved));
  const saver = useSettingsSave(themePart);
  const value = valueOf(draft);
  const dirty = JSON.stringify(value) !== JSON.stringify(valueOf(draftOf(saved)));
  const { errorAt } = saver;
  const change = (patch: Partial<Draft>, path?: string) => {
    setDraft((current) => ({ ...current, ...patch }));
    if (path) saver.clearIssue(path);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    saver.save(value, emptyCustom(draft));
  }

  return (
    <Grid gap="lg" align="flex-start">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <SettingsSection
          titleId="theme-form-title"
          title={t("siteSettings.theme.formTitle")}
          titleSize="h4"
          headingGap="lg"
          onSubmit={submit}
          testId="theme-editor"
        >
          <Stack gap="lg">
            <ThemeSwatches
              value={draft.primaryColor}
              onChange={(primaryColor) => change({ primaryColor }, "primaryColor")}
              error={errorAt("primaryColor")}
            />
            <fieldset className={classes.fieldset}>
              <Text component="legend" size="sm" fw="var(--mantine-font-weight-medium)" mb={2}>
                {t("siteSettings.theme.bodyStyle")}
              </Text>
              <Text size="xs" c="dimmed" mb="xs">
                {t("siteSettings.theme.bodyStyleHelp")}
              </Text>
              <SegmentedControl
                fullWidth
                name="bodyStyle"
                value={draft.bodyStyle}
                onChange={(bodyStyle) => change({ bodyStyle: bodyStyle as Draft["bodyStyle"] })}
                data={[
                  { value: "full", label: t("siteSettings.theme.full") },
                  { value: "boxed", label: t("siteSettings.theme.boxed") },
                ]}
              />
            </fieldset>
            <FontField
              label={t("siteSettings.theme.bodyFont")}
              description={t("siteSettings.theme.bodyFontHelp")}
              choice={draft.body}
              custom={draft.bodyCustom}
              withSameAsBody={false}
              error={errorAt("fontFamily")}
              onChoice={(body) => change({ body }, "fontFamily")}
              onCustom={(bodyCustom) => change({ bodyCustom }, "fontFamily")}
            />
            <FontField
              label={t("siteSettings.theme.headingsFont")}
              description={t("siteSettings.theme.headingsFontHelp")}
              choice={draft.headings}
              custom={draft.headingsCustom}
              withSameAsBody
              error={errorAt("headingsFontFamily")}
              onChoice={(headings) => change({ headings }, "headingsFontFamily")}
              onCustom={(headingsCustom) => change({ headingsCustom }, "headingsFontFamily")}
            />
            <SaveControls
              status={saver.status}
              dirty={dirty}
              saveLabel={t("siteSettings.theme.save")}
              onReset={() => setDraft(draftOf(saved))}
              toast={{
                message: t("siteSettings.theme.saved"),
                savedAt: saver.savedAt,
                onClose: saver.dismissSaved,
              }}
            />
          </Stack>
        </SettingsSection>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }} className={classes.previewColumn}>
        <ThemePreview theme={value} siteName={siteName} />
      </Grid.Col>
    </Grid>
  );
}
