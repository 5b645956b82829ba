import { Alert, Text } from "@mantine/core";
import { useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { RevisionHistory, type HistorySide, type RevisionRow } from "~/features/content/content";
import { errorKeyOf } from "~/platform/errors";
import { numberFormat } from "~/platform/i18n/formats";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { ComparedCampaign } from "../campaign-history.server";
import { durationIn } from "./campaign-ab-fields";
import { campaignHistoryText, historyFields, type HistoryWords } from "./campaign-history-text";
import type { SegmentChoice } from "./campaign-page";
import { useCampaignWords } from "./campaign-words";

type RevertAnswer = { ok: boolean; code?: string };

/**
 * A revision saved again as the campaign. `restored` counts the restores that came back saved:
 * the editor is keyed by it, so it opens again on the fields the page's data now holds.
 */
export function useCampaignRevert(id: string | null) {
  const fetcher = useFetcher<RevertAnswer>();
  const [restored, setRestored] = useState(0);
  const [counted, setCounted] = useState<RevertAnswer | undefined>(undefined);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  // Counted while rendering (React's "state from a change" pattern), once per answer.
  if (answer !== counted) {
    setCounted(answer);
    if (answer?.ok) setRestored((count) => count + 1);
  }
  const run = (revisionId: string) => {
    if (!id) return;
    void fetcher.submit(
      { intent: "revertCampaign", id, revisionId },
      { method: "post", encType: "application/json" },
    );
  };
  return { run, busy: fetcher.state !== "idle", answer, restored };
}

export type CampaignRevert = ReturnType<typeof useCampaignRevert>;

/** What the campaigns screen's loader answers a compare with (only this part is read). */
type CompareData = {
  campaigns?: { compared?: [ComparedCampaign, ComparedCampaign] | null } | null;
};

/**
 * M5 a campaign's history, the content core's as pages and posts have it: its saves, two
 * compared field by field, one restored as a new save. A campaign that began sending is only
 * compared: what went out cannot change.
 */
export function CampaignHistory({
  id,
  revisions,
  segments,
  locked,
  revert,
}: {
  id: string;
  revisions: RevisionRow[];
  segments: SegmentChoice[];
  locked: boolean;
  revert: CampaignRevert;
}) {
  const { t, i18n } = useTranslation();
  const { blocks } = useCampaignWords();
  const { pathname } = useLocation();
  const percent = numberFormat(i18n.language, { style: "percent" });
  const names = new Map(segments.map((segment) => [segment.id, segment.name]));
  const words: HistoryWords = {
    block: (type, text) =>
      text ? t("campaigns.screen.history.block", { type: blocks[type], text }) : blocks[type],
    segmentName: (segmentId) => names.get(segmentId) ?? t("campaigns.screen.settings.goneSegment"),
    everyone: t("campaigns.screen.settings.everyone"),
    abTest: (sample, wait) =>
      t("campaigns.screen.history.abTest", {
        sample: percent.format(sample / 100),
        wait: durationIn(i18n.language, wait),
      }),
    noTest: t("campaigns.screen.history.noTest"),
    on: t("campaigns.screen.history.on"),
    off: t("campaigns.screen.history.off"),
  };
  const sideOf = ({ campaign, ...side }: ComparedCampaign): HistorySide => ({
    ...side,
    fields: campaignHistoryText(campaign, words),
  });
  const { answer } = revert;
  return (
    <div data-testid="campaign-history">
      <RevisionHistory
        revisions={revisions}
        fields={historyFields.map(({ key, labelKey }) => ({ key, label: t(labelKey) }))}
        compareAt={`${pathname}?tab=campaigns&campaign=${id}`}
        sidesOf={(data) => {
          const pair = (data as CompareData).campaigns?.compared;
          return pair ? [sideOf(pair[0]), sideOf(pair[1])] : null;
        }}
        onRestore={locked ? null : revert.run}
        restoring={revert.busy}
        closeLabel={t("campaigns.screen.close")}
        titleOrder={3}
      >
        {locked ? (
          <Text size="sm" c="dimmed" mb="sm">
            {t("campaigns.screen.history.locked")}
          </Text>
        ) : null}
        {answer ? (
          <Alert
            mb="sm"
            color={answer.ok ? "teal" : "red"}
            role={answer.ok ? "status" : "alert"}
            data-testid="campaign-history-notice"
          >
            {answer.ok ? t("campaigns.screen.history.restored") : t(errorKeyOf(answer.code ?? ""))}
          </Alert>
        ) : null}
      </RevisionHistory>
    </div>
  );
}
