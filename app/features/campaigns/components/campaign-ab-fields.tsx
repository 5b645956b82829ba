import { Alert, Box, Group, NumberInput, Select, Stack, Switch, Text } from "@mantine/core";
import type { FieldIssue } from "~/platform/field-issues";
import { numberFormat } from "~/platform/i18n/formats";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { ErrorAt } from "./campaign-editor";
import { CampaignTextField } from "./campaign-text-field";
import type { Settings } from "./campaign-settings";

/** The sample the editor offers: from a tenth of the audience to half of it. */
export const AB_SAMPLE_MIN = 10;
export const AB_SAMPLE_MAX = 50;
/** What a test starts with when switched on. */
export const AB_SAMPLE_DEFAULT = 20;
/** How long the sample's clicks may be counted, in hours (stored as minutes). */
export const AB_WAIT_HOURS = [1, 2, 4, 8, 12, 24, 48] as const;

/** Whether the sample's share is one the editor can send (a cleared field is ""). */
export const isSampleSize = (value: number | string) =>
  typeof value === "number" && value >= AB_SAMPLE_MIN && value <= AB_SAMPLE_MAX;

/**
 * What the editor checks before saving a test (the server takes any share from 0 to 50, and
 * reads a test without a second subject as none): subject B written, the share offered.
 */
export function abTestIssues(
  testing: boolean,
  settings: Pick<Settings, "subjectB" | "abSamplePercent">,
): FieldIssue[] {
  if (!testing) return [];
  const issues: FieldIssue[] = [];
  if (!settings.subjectB.trim())
    issues.push({ path: "subjectB", code: "too_small", origin: "string", minimum: 1 });
  const sample = settings.abSamplePercent;
  if (sample === "" || Number.isNaN(Number(sample)))
    issues.push({ path: "abSamplePercent", code: "too_small", origin: "string", minimum: 1 });
  else if (Number(sample) < AB_SAMPLE_MIN)
    issues.push({ path: "abSamplePercent", code: "too_small", minimum: AB_SAMPLE_MIN });
  else if (Number(sample) > AB_SAMPLE_MAX)
    issues.push({ path: "abSamplePercent", code: "too_big", maximum: AB_SAMPLE_MAX });
  return issues;
}

/** A length of time in the reader's words ("4 hours", "4 Stunden"), plural forms by Intl. */
export function durationIn(lang: string, minutes: number, display: "long" | "narrow" = "long") {
  const hours = minutes % 60 === 0;
  return numberFormat(lang, {
    style: "unit",
    unit: hours ? "hour" : "minute",
    unitDisplay: display,
  }).format(hours ? minutes / 60 : minutes);
}

/**
 * The A/B subject test of a campaign: off, or a second subject, the share of the audience that
 * gets one of the two first and how long their clicks are counted before the rest gets the
 * subject more of them clicked in.
 */
export function AbTestFields({
  testing,
  settings,
  tracking,
  readOnly = false,
  errorAt,
  onTesting,
  onChange,
}: {
  testing: boolean;
  settings: Pick<Settings, "subjectB" | "abSamplePercent" | "abWaitMinutes">;
  tracking: boolean;
  /** A campaign that has started: the test shown as it ran, nothing to change. */
  readOnly?: boolean;
  errorAt: ErrorAt;
  onTesting: (on: boolean) => void;
  onChange: <K extends keyof Settings>(key: K, value: Settings[K]) => void;
}) {
  const { t, i18n } = useTranslation();
  const percent = numberFormat(i18n.language, { style: "percent", maximumFractionDigits: 1 });
  const sample = settings.abSamplePercent;
  const waits = AB_WAIT_HOURS.map((hours) => hours * 60);
  // A wait set elsewhere (through the API, say) stays as it is, among the choices.
  if (!waits.includes(settings.abWaitMinutes)) waits.push(settings.abWaitMinutes);

  return (
    <Stack gap="sm" data-testid="campaign-ab">
      <Switch
        label={t("campaigns.screen.abTest.switch")}
        description={t("campaigns.screen.abTest.switchHelp")}
        checked={testing}
        readOnly={readOnly}
        aria-readonly={readOnly || undefined}
        onChange={(event) => onTesting(event.currentTarget.checked)}
        data-testid="campaign-ab-switch"
      />
      {testing ? (
        <Box ps="md" style={{ borderInlineStart: "3px solid var(--mantine-color-default-border)" }}>
          <Stack gap="sm">
            <CampaignTextField
              label={t("campaigns.screen.abTest.subjectB")}
              description={t("campaigns.screen.abTest.subjectBHelp")}
              required
              readOnly={readOnly}
              value={settings.subjectB}
              error={errorAt("subjectB")}
              onChange={(event) => onChange("subjectB", event.currentTarget.value)}
              data-testid="campaign-subject-b"
            />
            <Group gap="sm" align="flex-start" wrap="wrap">
              <NumberInput
                label={t("campaigns.screen.abTest.sample")}
                required
                w={{ base: "100%", xs: 220 }}
                min={AB_SAMPLE_MIN}
                max={AB_SAMPLE_MAX}
                step={5}
                allowDecimal={false}
                allowNegative={false}
                suffix="%"
                readOnly={readOnly}
                value={sample}
                error={errorAt("abSamplePercent")}
                onChange={(value) => onChange("abSamplePercent", value)}
                data-testid="campaign-ab-sample"
              />
              <Select
                label={t("campaigns.screen.abTest.wait")}
                w={{ base: "100%", xs: 220 }}
                data={waits.map((minutes) => ({
                  value: String(minutes),
                  label: durationIn(i18n.language, minutes),
                }))}
                value={String(settings.abWaitMinutes)}
                allowDeselect={false}
                readOnly={readOnly}
                // Nothing to open: no chevron suggesting otherwise.
                rightSection={readOnly ? null : undefined}
                error={errorAt("abWaitMinutes")}
                onChange={(value) => {
                  if (value) onChange("abWaitMinutes", Number(value));
                }}
                data-testid="campaign-ab-wait"
              />
            </Group>
            {isSampleSize(sample) ? (
              <Text size="sm" data-testid="campaign-ab-split">
                {t("campaigns.screen.abTest.split", {
                  sample: percent.format(Number(sample) / 100),
                  each: percent.format(Number(sample) / 200),
                  rest: percent.format(1 - Number(sample) / 100),
                })}
              </Text>
            ) : null}
            <Text size="sm" c="dimmed">
              {t("campaigns.screen.abTest.byClicks")}
            </Text>
            {tracking ? null : (
              <Alert color="yellow" p="xs" data-testid="campaign-ab-no-tracking">
                <Text size="sm">{t("campaigns.screen.abTest.noTracking")}</Text>
              </Alert>
            )}
          </Stack>
        </Box>
      ) : null}
    </Stack>
  );
}
