import { Paper, SimpleGrid, Stack, Text, Title, Tooltip } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useId, type ReactNode } from "react";
import { numberFormat } from "~/platform/i18n/formats";
import { useTranslation } from "~/platform/i18n/use-translation";
import type {
  AbReport,
  CampaignCounts,
  CampaignStatus,
  CampaignTimelinePoint,
} from "../campaign-shapes";
import { AbTestReport } from "./campaign-ab-report";
import { CampaignTimeline } from "./campaign-timeline";

/**
 * What a campaign did, from its ledger: whom it went to, what became of each message, and what
 * readers did. Opens a mail client or a scanner made (no person behind them) are counted apart.
 * Then the A/B subject test, if the campaign has one, and the figures hour by hour.
 */
export function CampaignReport({
  counts,
  sending,
  status = sending ? "sending" : "sent",
  ab = null,
  timeline = [],
  zone = "UTC",
}: {
  counts: CampaignCounts;
  sending: boolean;
  status?: CampaignStatus;
  ab?: AbReport | null;
  timeline?: CampaignTimelinePoint[];
  /** The site's time zone, for when the test's winner is chosen. */
  zone?: string;
}) {
  const { t, i18n } = useTranslation();
  const title = useId();
  const number = numberFormat(i18n.language);
  const percent = numberFormat(i18n.language, { style: "percent", maximumFractionDigits: 1 });
  const share = (part: number) =>
    counts.sent > 0
      ? t("campaigns.screen.report.ofSent", { percent: percent.format(part / counts.sent) })
      : undefined;
  const figures: { key: keyof CampaignCounts; label: string; note?: string; hint?: ReactNode }[] = [
    { key: "audience", label: t("campaigns.screen.report.audience") },
    { key: "sent", label: t("campaigns.screen.report.sent") },
    { key: "failed", label: t("campaigns.screen.report.failed") },
    { key: "skipped", label: t("campaigns.screen.report.skipped") },
    { key: "opened", label: t("campaigns.screen.report.opened"), note: share(counts.opened) },
    {
      key: "machineOpened",
      label: t("campaigns.screen.report.machineOpened"),
      hint: t("campaigns.screen.report.machineOpenedHelp"),
    },
    { key: "clicked", label: t("campaigns.screen.report.clicked"), note: share(counts.clicked) },
    { key: "unsubscribed", label: t("campaigns.screen.report.unsubscribed") },
    {
      key: "bounced",
      label: t("campaigns.screen.report.bounced"),
      hint: t("campaigns.screen.report.bouncedHelp"),
    },
    {
      key: "complained",
      label: t("campaigns.screen.report.complained"),
      hint: t("campaigns.screen.report.complainedHelp"),
    },
  ];

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby={title}
      data-testid="campaign-report"
    >
      <Stack gap="sm">
        <Title order={3} size="h4" id={title}>
          {t("campaigns.screen.report.title")}
        </Title>
        {sending ? (
          <Text size="sm" c="dimmed" role="status">
            {t("campaigns.screen.report.sending", {
              done: number.format(counts.sent + counts.failed + counts.skipped),
              audience: number.format(counts.audience),
            })}
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="md">
          {figures.map(({ key, label, note, hint }) => (
            <Stack key={key} gap={0} data-testid={`report-${key}`}>
              {/* The icon follows the label's last word, also when a narrow column wraps it. */}
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {label}
                {hint ? " " : null}
                {hint ? (
                  <Tooltip
                    label={hint}
                    multiline
                    w={280}
                    withArrow
                    events={{ hover: true, focus: true, touch: true }}
                  >
                    <IconInfoCircle
                      size={14}
                      tabIndex={0}
                      role="img"
                      aria-label={t("campaigns.screen.report.about", { label })}
                      style={{ color: "var(--mantine-color-dimmed)", verticalAlign: "-2px" }}
                    />
                  </Tooltip>
                ) : null}
              </Text>
              <Text size="xl" fw={700}>
                {number.format(counts[key])}
              </Text>
              {note ? (
                <Text size="xs" c="dimmed">
                  {note}
                </Text>
              ) : null}
            </Stack>
          ))}
        </SimpleGrid>
        {ab || timeline.length > 1 ? (
          <Stack gap="xl" mt="md">
            {ab ? (
              <AbTestReport ab={ab} audience={counts.audience} status={status} zone={zone} />
            ) : null}
            <CampaignTimeline timeline={timeline} />
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
