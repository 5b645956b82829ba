import { NumberInput, SegmentedControl, SimpleGrid, Stack, Switch, Text } from "@mantine/core";
import { useId, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useFetcher } from "react-router";
import { fieldIssuesOf, type FieldIssue } from "~/platform/field-issues";
import type { SettingsSaveAnswer } from "~/features/options/options";
import {
  headerSettingsSchema,
  headerSwitches,
  MAX_HEADER_FONT_SIZE,
  MIN_HEADER_FONT_SIZE,
  type HeaderSettings,
} from "../header-option";
import type { SaveStatus } from "~/ui/settings/save-controls";
import { SaveControls } from "../../../ui/settings/save-controls";
import { SettingsSection } from "../../../ui/settings/settings-section";

const same = (a: HeaderSettings, b: HeaderSettings) => JSON.stringify(a) === JSON.stringify(b);

/**
 * D16 the header's look: solid or transparent, fixed or hiding on scroll, the menu's font size,
 * and the four controls a site may switch off. Saved through the screen's action, which keeps
 * the header notices another screen edits.
 */
export function HeaderSettingsForm({
  value,
  onChange,
  initial,
}: {
  value: HeaderSettings;
  onChange: (value: HeaderSettings) => void;
  /** As stored when the screen opened. */
  initial: HeaderSettings;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<SettingsSaveAnswer & { value?: HeaderSettings }>();
  const [checkIssues, setCheckIssues] = useState<FieldIssue[]>([]);
  // The server's answer speaks for the value it was given, until the next change.
  const [changedSinceSave, setChangedSinceSave] = useState(false);
  const styleLabel = useId();

  const answer = fetcher.data;
  const saved = answer?.ok && answer.value ? answer.value : initial;
  const answered = answer && !changedSinceSave ? answer : null;
  const issues =
    checkIssues.length > 0 ? checkIssues : answered && !answered.ok ? answered.issues : [];
  const state: SaveStatus =
    fetcher.state !== "idle"
      ? "saving"
      : checkIssues.length > 0
        ? "invalid"
        : !answered
          ? "idle"
          : answered.ok
            ? "saved"
            : answered.issues.length > 0
              ? "invalid"
              : "failed";

  const set = <K extends keyof HeaderSettings>(key: K, next: HeaderSettings[K]) => {
    onChange({ ...value, [key]: next });
    setCheckIssues((current) => current.filter((issue) => issue.path !== key));
    setChangedSinceSave(true);
  };

  function save() {
    const checked = headerSettingsSchema.safeParse(value);
    if (!checked.success) {
      setCheckIssues(fieldIssuesOf(checked.error));
      return;
    }
    setCheckIssues([]);
    setChangedSinceSave(false);
    void fetcher.submit(
      { part: "header", value: checked.data },
      { method: "post", encType: "application/json" },
    );
  }

  const fontIssue = issues.some((issue) => issue.path === "header_fontsize");
  const dirty = !same(value, saved);
  return (
    <SettingsSection
      titleId="header-settings"
      title={t("siteSettings.header.title")}
      description={t("siteSettings.header.description")}
      headingGap="lg"
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack gap="lg">
          <div>
            <Text fw={500} size="sm" id={styleLabel} mb={4}>
              {t("siteSettings.header.style")}
            </Text>
            <SegmentedControl
              aria-labelledby={styleLabel}
              value={value.header_style}
              onChange={(next) => set("header_style", next as HeaderSettings["header_style"])}
              data={[
                { value: "solid", label: t("siteSettings.header.styleSolid") },
                { value: "transparent", label: t("siteSettings.header.styleTransparent") },
              ]}
            />
            <Text size="xs" c="dimmed" mt={6}>
              {t(
                value.header_style === "transparent"
                  ? "siteSettings.header.styleTransparentHelp"
                  : "siteSettings.header.styleSolidHelp",
              )}
            </Text>
          </div>
          <Switch
            label={t("siteSettings.header.fixed")}
            description={t("siteSettings.header.fixedHelp")}
            checked={value.header_fix}
            onChange={(event) => set("header_fix", event.currentTarget.checked)}
          />
          <NumberInput
            label={t("siteSettings.header.fontSize")}
            description={t("siteSettings.header.fontSizeHelp", {
              min: MIN_HEADER_FONT_SIZE,
              max: MAX_HEADER_FONT_SIZE,
            })}
            error={
              fontIssue
                ? t("siteSettings.header.fontSizeError", {
                    min: MIN_HEADER_FONT_SIZE,
                    max: MAX_HEADER_FONT_SIZE,
                  })
                : undefined
            }
            value={Number.isNaN(value.header_fontsize) ? "" : value.header_fontsize}
            onChange={(next) => set("header_fontsize", typeof next === "number" ? next : NaN)}
            min={MIN_HEADER_FONT_SIZE}
            max={MAX_HEADER_FONT_SIZE}
            allowDecimal={false}
            clampBehavior="none"
            suffix=" px"
            maw={300}
          />
        </Stack>
        <Stack gap="md" component="fieldset" m={0} p={0} style={{ border: 0 }}>
          <Text component="legend" fw={500} size="sm" mb="xs" p={0}>
            {t("siteSettings.header.controls")}
          </Text>
          {headerSwitches.map((key) => (
            <Switch
              key={key}
              label={t(`siteSettings.header.switches.${key}`)}
              description={t(`siteSettings.header.switches.${key}Help`)}
              checked={value[key]}
              onChange={(event) => set(key, event.currentTarget.checked)}
            />
          ))}
        </Stack>
      </SimpleGrid>
      <SaveControls
        status={state}
        dirty={dirty}
        saveLabel={t("siteSettings.header.save")}
        onSave={save}
        statusLine={{ scope: "header", keys: "siteSettings.header.status" }}
        mt="xl"
        gap="md"
      />
    </SettingsSection>
  );
}
