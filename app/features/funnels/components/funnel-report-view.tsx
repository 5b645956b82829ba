import { BarChart } from "@mantine/charts";
import { Badge, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { formatMoney, minorToMajor } from "~/features/cart/cart";
import { numberFormat } from "~/platform/i18n/formats";
import { useTranslation } from "~/platform/i18n/use-translation";
import { SPLIT_MIN_VISITORS, splitWinner, type FunnelReport } from "../funnel-shapes";
import { useFunnelWords } from "./funnel-words";

const percentOf = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

/**
 * A funnel's report: per step visitors, conversions and their rate, revenue and the drop-off to
 * the next step, in a table and a chart; a split test's pages side by side; visitors by UTM
 * source and by device with those who bought.
 */
export function FunnelReportView({ report }: { report: FunnelReport }) {
  const { t, i18n } = useTranslation();
  const words = useFunnelWords();
  const number = numberFormat(i18n.language);
  const percent = new Intl.NumberFormat(i18n.language, {
    style: "percent",
    maximumFractionDigits: 1,
  });
  const money = (minor: number) =>
    formatMoney({
      amount: minorToMajor(minor, report.currency),
      currency: report.currency,
      lang: i18n.language,
    });
  if (report.steps.every((step) => step.visitors === 0))
    return (
      <Text c="dimmed" py="xl" ta="center" data-testid="funnel-report-empty">
        {t("funnels.report.empty")}
      </Text>
    );
  const groups = [
    {
      title: t("funnels.report.bySource"),
      rows: report.bySource.map((row) => ({
        ...row,
        key: row.source || t("funnels.report.direct"),
      })),
    },
    {
      title: t("funnels.report.byDevice"),
      rows: report.byDevice.map((row) => ({
        ...row,
        key: words.devices[row.device] ?? row.device,
      })),
    },
  ];
  return (
    <Stack gap="lg" data-testid="funnel-report">
      <Paper withBorder radius="md" p="lg">
        <Title order={2} size="h4" mb="md">
          {t("funnels.report.chart")}
        </Title>
        <BarChart
          h={260}
          data={report.steps.map((step) => ({
            step: step.title,
            visitors: step.visitors,
            conversions: step.conversions,
          }))}
          dataKey="step"
          series={[
            { name: "visitors", label: t("funnels.report.visitors"), color: "blue.5" },
            { name: "conversions", label: t("funnels.report.conversions"), color: "teal.6" },
          ]}
          withLegend
          yAxisProps={{ allowDecimals: false }}
          barChartProps={{ accessibilityLayer: false }}
        />
      </Paper>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" data-testid="funnel-report-steps">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("funnels.report.step")}</Table.Th>
              <Table.Th ta="end">{t("funnels.report.visitors")}</Table.Th>
              <Table.Th ta="end">{t("funnels.report.conversions")}</Table.Th>
              <Table.Th ta="end">{t("funnels.report.rate")}</Table.Th>
              <Table.Th ta="end">{t("funnels.report.revenue")}</Table.Th>
              <Table.Th ta="end">{t("funnels.report.dropOff")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.steps.flatMap((step, index) => {
              const next = report.steps[index + 1];
              const rows = [
                <Table.Tr key={step.stepId}>
                  <Table.Td>
                    <Text fw={500}>{step.title}</Text>
                    {step.title === words.kinds[step.kind] ? null : (
                      <Text size="xs" c="dimmed">
                        {words.kinds[step.kind]}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="end">{number.format(step.visitors)}</Table.Td>
                  <Table.Td ta="end">{number.format(step.conversions)}</Table.Td>
                  <Table.Td ta="end">
                    {percent.format(percentOf(step.conversions, step.visitors))}
                  </Table.Td>
                  <Table.Td ta="end">{step.revenue > 0 ? money(step.revenue) : "—"}</Table.Td>
                  <Table.Td ta="end">
                    {next
                      ? percent.format(
                          percentOf(Math.max(step.visitors - next.visitors, 0), step.visitors),
                        )
                      : "—"}
                  </Table.Td>
                </Table.Tr>,
              ];
              const winner = splitWinner(step.variants);
              for (const variant of step.variants)
                rows.push(
                  <Table.Tr
                    key={`${step.stepId}-${variant.variant}`}
                    data-testid={`variant-${variant.variant}`}
                  >
                    <Table.Td ps="xl">
                      <Group gap="xs">
                        <Text size="sm" c="dimmed">
                          {t("funnels.report.variant", { name: variant.variant.toUpperCase() })}
                        </Text>
                        {winner === variant.variant ? (
                          <Badge color="teal" variant="light" data-testid="split-winner">
                            {t("funnels.report.winner")}
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td ta="end">{number.format(variant.visitors)}</Table.Td>
                    <Table.Td ta="end">{number.format(variant.conversions)}</Table.Td>
                    <Table.Td ta="end">
                      {percent.format(percentOf(variant.conversions, variant.visitors))}
                    </Table.Td>
                    <Table.Td />
                    <Table.Td />
                  </Table.Tr>,
                );
              return rows;
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {report.steps.some((step) => step.variants.length > 0) ? (
        <Text size="sm" c="dimmed">
          {t("funnels.report.winnerHelp", { count: SPLIT_MIN_VISITORS })}
        </Text>
      ) : null}
      {groups.map((group) => (
        <Paper withBorder radius="md" p="lg" key={group.title}>
          <Title order={2} size="h5" mb="sm">
            {group.title}
          </Title>
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{group.title}</Table.Th>
                  <Table.Th ta="end">{t("funnels.report.visitors")}</Table.Th>
                  <Table.Th ta="end">{t("funnels.report.buyers")}</Table.Th>
                  <Table.Th ta="end">{t("funnels.report.revenue")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {group.rows.map((row) => (
                  <Table.Tr key={row.key}>
                    <Table.Td>{row.key}</Table.Td>
                    <Table.Td ta="end">{number.format(row.visitors)}</Table.Td>
                    <Table.Td ta="end">{number.format(row.conversions)}</Table.Td>
                    <Table.Td ta="end">{row.revenue > 0 ? money(row.revenue) : "—"}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      ))}
    </Stack>
  );
}
