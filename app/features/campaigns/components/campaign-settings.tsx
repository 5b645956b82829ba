import { MultiSelect, Paper, Stack, Switch, Title } from "@mantine/core";
import { useId } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { CampaignDefinition } from "../campaign-shapes";
import { AbTestFields } from "./campaign-ab-fields";
import type { ErrorAt } from "./campaign-editor";
import type { SegmentChoice } from "./campaign-page";
import { CampaignTextField } from "./campaign-text-field";

/**
 * A campaign's own settings, everything but its blocks; the A/B share as typed (a cleared field
 * is "", for the server to judge).
 */
export type Settings = Omit<CampaignDefinition, "blocks" | "abSamplePercent"> & {
  abSamplePercent: number | string;
};

/** Name, subject and preview text, audience, tracking and the A/B subject test. */
export function CampaignSettings({
  settings,
  segments,
  testing,
  readOnly = false,
  errorAt,
  onChange,
  onTesting,
}: {
  settings: Settings;
  segments: SegmentChoice[];
  /** Whether the campaign tests two subjects (the switch's state). */
  testing: boolean;
  /** A campaign that has started: every value shown as it is, none to be changed. */
  readOnly?: boolean;
  errorAt: ErrorAt;
  onChange: <K extends keyof Settings>(key: K, value: Settings[K]) => void;
  onTesting: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  const title = useId();
  // A segment deleted since the campaign was saved still shows, by its id, to be taken out.
  const known = new Set(segments.map((segment) => segment.id));
  const choices = [
    ...segments.map((segment) => ({ value: segment.id, label: segment.name })),
    ...settings.segmentIds
      .filter((id) => !known.has(id))
      .map((id) => ({ value: id, label: t("campaigns.screen.settings.goneSegment") })),
  ];

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={title}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={title}>
          {t("campaigns.screen.settings.title")}
        </Title>
        <CampaignTextField
          label={t("campaigns.screen.settings.name")}
          description={t("campaigns.screen.settings.nameHelp")}
          required
          readOnly={readOnly}
          value={settings.name}
          error={errorAt("name")}
          onChange={(event) => onChange("name", event.currentTarget.value)}
          data-testid="campaign-name"
        />
        <CampaignTextField
          label={t("campaigns.screen.settings.subject")}
          description={t("campaigns.screen.settings.subjectHelp")}
          readOnly={readOnly}
          value={settings.subject}
          error={errorAt("subject")}
          onChange={(event) => onChange("subject", event.currentTarget.value)}
          data-testid="campaign-subject"
        />
        <CampaignTextField
          label={t("campaigns.screen.settings.preheader")}
          description={t("campaigns.screen.settings.preheaderHelp")}
          readOnly={readOnly}
          value={settings.preheader}
          error={errorAt("preheader")}
          onChange={(event) => onChange("preheader", event.currentTarget.value)}
        />
        {readOnly && settings.segmentIds.length === 0 ? (
          // Sent to everyone: said in words, not in the picker's faint placeholder.
          <CampaignTextField
            label={t("campaigns.screen.settings.segments")}
            description={t("campaigns.screen.settings.segmentsHelp")}
            readOnly
            value={t("campaigns.screen.settings.everyone")}
            data-testid="campaign-segments"
          />
        ) : (
          <MultiSelect
            label={t("campaigns.screen.settings.segments")}
            description={t("campaigns.screen.settings.segmentsHelp")}
            placeholder={
              settings.segmentIds.length === 0 ? t("campaigns.screen.settings.everyone") : undefined
            }
            data={choices}
            value={settings.segmentIds}
            error={errorAt("segmentIds")}
            onChange={(value) => onChange("segmentIds", value)}
            maxValues={20}
            searchable
            clearable
            readOnly={readOnly}
            // Nothing to open: no chevron suggesting otherwise.
            rightSection={readOnly ? null : undefined}
            nothingFoundMessage={t("campaigns.screen.settings.noSegments")}
            data-testid="campaign-segments"
          />
        )}
        <Switch
          label={t("campaigns.screen.settings.tracking")}
          description={t("campaigns.screen.settings.trackingHelp")}
          checked={settings.tracking}
          readOnly={readOnly}
          aria-readonly={readOnly || undefined}
          onChange={(event) => onChange("tracking", event.currentTarget.checked)}
        />
        <AbTestFields
          testing={testing}
          settings={settings}
          tracking={settings.tracking}
          readOnly={readOnly}
          errorAt={errorAt}
          onTesting={onTesting}
          onChange={onChange}
        />
      </Stack>
    </Paper>
  );
}
