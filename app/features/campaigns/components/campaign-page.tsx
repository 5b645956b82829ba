import { Anchor, Badge, Grid, Group, Stack, Text, Title, useDirection } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useEffect } from "react";
import { Link, useRevalidator } from "react-router";
import type { RevisionRow } from "~/features/content/content";
import { dateFormat } from "~/platform/i18n/formats";
import { useTranslation } from "~/platform/i18n/use-translation";
import type {
  AbReport,
  CampaignCounts,
  CampaignDefinition,
  CampaignStatus,
  CampaignTimelinePoint,
} from "../campaign-shapes";
import { useCampaignCommand } from "./campaign-command";
import { CampaignEditor } from "./campaign-editor";
import { CampaignHistory, useCampaignRevert } from "./campaign-history";
import { CampaignMoves } from "./campaign-moves";
import { CampaignReport } from "./campaign-report";
import { campaignHref, isEditable, statusColour, useCampaignWords } from "./campaign-words";

/** The campaign `?campaign={id}` (or `new`) opens: `id` and `campaign` null for a new one. */
export type OpenedCampaign = {
  id: string | null;
  status: CampaignStatus;
  scheduledAt: string | null;
  campaign: CampaignDefinition | null;
  counts: CampaignCounts | null;
  /** Once sending began: the A/B test (null without one) and the report's hourly figures. */
  ab?: AbReport | null;
  timeline?: CampaignTimelinePoint[];
  /** Every save's revision, newest first. */
  revisions?: RevisionRow[];
};

/** One of the site's segments, for the audience picker. */
export type SegmentChoice = { id: string; name: string };

/** While a campaign sends, its figures are read again this often. */
const SENDING_REFRESH_MS = 5000;

/**
 * One campaign: back to the list, its name and state; once it has started, its report and the
 * moves it allows (pause, resume, cancel); then its editor, locked once it has started, and its
 * history (opened again on a revision once one is restored).
 */
export function CampaignPage({
  opened,
  segments,
  zone,
}: {
  opened: OpenedCampaign;
  segments: SegmentChoice[];
  zone: string;
}) {
  const { t, i18n } = useTranslation();
  const { dir } = useDirection();
  const words = useCampaignWords();
  const command = useCampaignCommand(opened.id);
  const revert = useCampaignRevert(opened.id);
  const { id, status, counts, scheduledAt } = opened;
  const editable = isEditable(status);
  const when = dateFormat(i18n.language, { dateStyle: "full", timeStyle: "short", timeZone: zone });
  useSendingRefresh(status === "sending");

  return (
    <Stack gap="md">
      <Anchor component={Link} to={campaignHref()} size="sm" w="fit-content">
        <Group gap={4} wrap="nowrap" component="span">
          <IconArrowLeft
            size={16}
            aria-hidden
            style={dir === "rtl" ? { transform: "scaleX(-1)" } : undefined}
          />
          <span>{t("campaigns.screen.back")}</span>
        </Group>
      </Anchor>
      <Stack gap={4}>
        <Group gap="sm" wrap="wrap">
          <Title order={2} size="h3">
            {opened.campaign?.name || t("campaigns.screen.new")}
          </Title>
          {id ? (
            <Badge variant="light" color={statusColour[status]} data-testid="campaign-status">
              {words.statuses[status]}
            </Badge>
          ) : null}
        </Group>
        {status === "scheduled" && scheduledAt ? (
          <Text size="sm" c="dimmed">
            {t("campaigns.screen.scheduledFor", { when: when.format(new Date(scheduledAt)) })}
          </Text>
        ) : null}
      </Stack>
      {id && !editable && counts ? (
        <>
          <CampaignMoves status={status} command={command} />
          <CampaignReport
            counts={counts}
            sending={status === "sending"}
            status={status}
            ab={opened.ab}
            timeline={opened.timeline}
            zone={zone}
          />
        </>
      ) : null}
      <CampaignEditor
        key={revert.restored}
        opened={opened}
        segments={segments}
        zone={zone}
        command={command}
      />
      {id ? (
        <Grid>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <CampaignHistory
              id={id}
              revisions={opened.revisions ?? []}
              segments={segments}
              locked={!editable}
              revert={revert}
            />
          </Grid.Col>
        </Grid>
      ) : null}
    </Stack>
  );
}

/** While `on`, the page's data is read again every few seconds, so the figures move. */
export function useSendingRefresh(on: boolean) {
  const revalidator = useRevalidator();
  const { revalidate } = revalidator;
  const idle = revalidator.state === "idle";
  useEffect(() => {
    if (!on || !idle) return;
    const timer = setTimeout(() => void revalidate(), SENDING_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [on, idle, revalidate]);
}
