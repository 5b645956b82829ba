import { Badge, Group, Stack, Table, Text, Title } from "@mantine/core";
import { IconTrophy } from "@tabler/icons-react";
import { useId } from "react";
import { dateFormat, numberFormat } from "~/platform/i18n/formats";
import { useTranslation } from "~/platform/i18n/use-translation";
import { AB_SIGNIFICANCE, abSampleSize } from "../campaign-ab";
import type { AbReport, AbVariantFigures, CampaignStatus } from "../campaign-shapes";
import { durationIn } from "./campaign-ab-fields";

type Letter = "a" | "b";

/** A click rate: people who clicked ÷ messages delivered (null before any was). */
const rateOf = (figures: AbVariantFigures) =>
  figures.sent > 0 ? figures.clicked / figures.sent : null;

/**
 * The report's A/B test: each subject's figures and click rate, then when the winner will be
 * chosen or which one won and how sure that is. A confidence is shown rounded down, so that a
 * result just short of significant never reads as 95 %.
 */
export function AbTestReport({
  ab,
  audience,
  status,
  zone,
}: {
  ab: AbReport;
  /** How many contacts the ledger holds: too few, and no sample was drawn. */
  audience: number;
  status: CampaignStatus;
  zone: string;
}) {
  const { t, i18n } = useTranslation();
  const title = useId();
  const number = numberFormat(i18n.language);
  const percent = numberFormat(i18n.language, { style: "percent", maximumFractionDigits: 1 });
  const when = dateFormat(i18n.language, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: zone,
  });
  const names: Record<Letter, string> = {
    a: t("campaigns.screen.report.ab.a"),
    b: t("campaigns.screen.report.ab.b"),
  };
  const rate = (letter: Letter) => {
    const value = rateOf(ab[letter]);
    return value === null ? "—" : percent.format(value);
  };
  const confidence = percent.format(Math.floor((ab.confidence ?? 0) * 1000) / 1000);

  const outcome = (): string => {
    const { winner } = ab;
    if (winner) {
      const loser: Letter = winner === "a" ? "b" : "a";
      if ((ab.confidence ?? 0) >= AB_SIGNIFICANCE)
        return t(`campaigns.screen.report.ab.won.${winner}`, {
          rate: rate(winner),
          other: rate(loser),
          confidence,
        });
      if (rateOf(ab.a) === rateOf(ab.b)) return t("campaigns.screen.report.ab.tie");
      return t(`campaigns.screen.report.ab.unclear.${winner}`, { confidence });
    }
    if (abSampleSize(audience, ab.samplePercent) === 0)
      return t("campaigns.screen.report.ab.tooSmall");
    if (status === "cancelled") return t("campaigns.screen.report.ab.stopped");
    return ab.decidesAt
      ? t("campaigns.screen.report.ab.due", { time: when.format(new Date(ab.decidesAt)) })
      : t("campaigns.screen.report.ab.dueAfter", {
          wait: durationIn(i18n.language, ab.waitMinutes),
        });
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby={title} data-testid="campaign-ab-report">
      <Title order={4} size="h5" id={title}>
        {t("campaigns.screen.report.ab.title")}
      </Title>
      <Text size="sm" c="dimmed">
        {t("campaigns.screen.report.ab.sample", {
          sample: percent.format(ab.samplePercent / 100),
          each: percent.format(ab.samplePercent / 200),
          wait: durationIn(i18n.language, ab.waitMinutes),
        })}
      </Text>
      <Table.ScrollContainer
        minWidth={480}
        // A visible scrollbar on a narrow screen says there is more to the side; the keyboard
        // scrolls it too.
        scrollAreaProps={{ type: "auto", viewportProps: { tabIndex: 0, "aria-labelledby": title } }}
      >
        <Table verticalSpacing="xs" data-testid="campaign-ab-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("campaigns.screen.report.ab.subject")}</Table.Th>
              <Table.Th scope="col" ta="end">
                {t("campaigns.screen.report.sent")}
              </Table.Th>
              <Table.Th scope="col" ta="end">
                {t("campaigns.screen.report.opened")}
              </Table.Th>
              <Table.Th scope="col" ta="end">
                {t("campaigns.screen.report.clicked")}
              </Table.Th>
              <Table.Th scope="col" ta="end">
                {t("campaigns.screen.report.ab.clickRate")}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(["a", "b"] as const).map((letter) => (
              <Table.Tr key={letter} data-testid={`campaign-ab-${letter}`}>
                <Table.Th scope="row" fw={400} maw={320}>
                  <Group gap={6} wrap="wrap">
                    <Text size="sm" fw={600} style={{ whiteSpace: "nowrap" }}>
                      {names[letter]}
                    </Text>
                    {ab.winner === letter ? (
                      <Badge
                        color="green"
                        variant="light"
                        size="sm"
                        leftSection={<IconTrophy size={12} aria-hidden />}
                        data-testid="campaign-ab-winner"
                      >
                        {t("campaigns.screen.report.ab.winner")}
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                    {ab[letter].subject}
                  </Text>
                </Table.Th>
                <Table.Td ta="end">{number.format(ab[letter].sent)}</Table.Td>
                <Table.Td ta="end">{number.format(ab[letter].opened)}</Table.Td>
                <Table.Td ta="end">{number.format(ab[letter].clicked)}</Table.Td>
                <Table.Td ta="end" fw={600}>
                  {rate(letter)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="sm" fw={500} data-testid="campaign-ab-outcome">
        {outcome()}
      </Text>
      <Text size="xs" c="dimmed">
        {t("campaigns.screen.report.ab.byClicks")}
      </Text>
    </Stack>
  );
}
