import { BarChart, LineChart } from "@mantine/charts";
import {
  Card,
  Group,
  Paper,
  ScrollArea,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { formatMoney, minorToMajor } from "~/features/cart/cart";
import { revenuePeriods, type RevenueReport } from "../order-views";
import { moneyIn } from "./order-format";
import { useQueryChange } from "~/ui/use-query-change";

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/** A chart and, under it, the same numbers as a table (what a screen reader reads). */
function ChartCard({
  id,
  title,
  summary,
  chart,
  table,
}: {
  id: string;
  title: string;
  summary: string;
  chart: React.ReactNode;
  table: React.ReactNode;
}) {
  return (
    <Card
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby={`${id}-title`}
      data-testid={id}
    >
      <Title order={2} size="h4" id={`${id}-title`}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {summary}
      </Text>
      <div aria-hidden="true">{chart}</div>
      <ScrollArea.Autosize
        mah={260}
        mt="md"
        type="auto"
        viewportProps={{ tabIndex: 0, "aria-label": title }}
      >
        {table}
      </ScrollArea.Autosize>
    </Card>
  );
}

/** Revenue per day and MRR over the chosen period, in one currency, with the period's totals. */
export function RevenueReportView({ report, lang }: { report: RevenueReport; lang: string }) {
  const { t } = useTranslation();
  const change = useQueryChange();
  const r = (key: string, values?: Record<string, unknown>) =>
    t(`ordersDashboard.revenue.${key}`, values ?? {});
  const money = (minor: number) => moneyIn(lang)(minor, report.currency);
  const major = (minor: number) => minorToMajor(minor, report.currency);
  const formatMajor = (amount: number) => formatMoney({ amount, currency: report.currency, lang });
  const day = new Intl.DateTimeFormat(lang, { month: "short", day: "numeric", timeZone: "UTC" });
  const label = (iso: string) => day.format(new Date(`${iso}T00:00:00Z`));
  const revenueName = r("revenue");
  const mrrName = r("mrr");
  const points = report.days.map((point) => ({
    label: label(point.day),
    [revenueName]: major(point.revenue),
    [mrrName]: major(point.mrr),
  }));
  const { totals } = report;

  return (
    <Stack gap="lg" data-testid="revenue-report">
      <Group justify="space-between" wrap="wrap" align="flex-end">
        <Stack gap={4}>
          <Text size="sm" id="revenue-period">
            {r("period")}
          </Text>
          <SegmentedControl
            aria-labelledby="revenue-period"
            value={report.period}
            onChange={(period) => change({ period: period === "30d" ? null : period })}
            data={revenuePeriods.map((period) => ({
              value: period,
              label: r(`periods.${period}`),
            }))}
          />
        </Stack>
        {report.currencies.length > 1 ? (
          <Select
            label={r("currency")}
            data={report.currencies}
            value={report.currency}
            onChange={(currency) => change({ currency })}
            allowDeselect={false}
            w={140}
          />
        ) : null}
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Figure label={r("revenueTotal")} value={money(totals.revenue)} testId="revenue-total" />
        <Figure label={r("orders")} value={String(totals.orders)} testId="revenue-orders" />
        <Figure label={r("refunded")} value={money(totals.refunded)} testId="revenue-refunded" />
        <Figure label={r("mrrNow")} value={money(totals.mrr)} testId="revenue-mrr" />
      </SimpleGrid>
      <ChartCard
        id="revenue-per-day"
        title={r("perDay")}
        summary={r("perDaySummary", { amount: money(totals.revenue), orders: totals.orders })}
        chart={
          <BarChart
            h={240}
            data={points}
            dataKey="label"
            series={[{ name: revenueName, color: "indigo.5" }]}
            valueFormatter={formatMajor}
            barChartProps={{ accessibilityLayer: false }}
            tickLine="y"
            withTooltip
          />
        }
        table={
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{r("day")}</Table.Th>
                <Table.Th scope="col" ta="end">
                  {revenueName}
                </Table.Th>
                <Table.Th scope="col" ta="end">
                  {r("orders")}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.days
                .filter((point) => point.orders > 0)
                .map((point) => (
                  <Table.Tr key={point.day}>
                    <Table.Th scope="row">{label(point.day)}</Table.Th>
                    <Table.Td ta="end">{money(point.revenue)}</Table.Td>
                    <Table.Td ta="end">{point.orders}</Table.Td>
                  </Table.Tr>
                ))}
              <Table.Tr>
                <Table.Th scope="row">{r("periodTotal")}</Table.Th>
                <Table.Td ta="end" fw={700}>
                  {money(totals.revenue)}
                </Table.Td>
                <Table.Td ta="end" fw={700}>
                  {totals.orders}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        }
      />
      <ChartCard
        id="revenue-mrr-chart"
        title={r("mrrOverTime")}
        summary={r("mrrSummary", {
          amount: money(totals.mrr),
          subscriptions: totals.activeSubscriptions,
        })}
        chart={
          <LineChart
            h={240}
            data={points}
            dataKey="label"
            series={[{ name: mrrName, color: "teal.5" }]}
            valueFormatter={formatMajor}
            curveType="stepAfter"
            withDots={false}
            lineChartProps={{ accessibilityLayer: false }}
            tickLine="y"
          />
        }
        table={
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{r("day")}</Table.Th>
                <Table.Th scope="col" ta="end">
                  {mrrName}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.days
                .filter(
                  (point, index, all) =>
                    index === 0 || index === all.length - 1 || point.mrr !== all[index - 1]!.mrr,
                )
                .map((point) => (
                  <Table.Tr key={point.day}>
                    <Table.Th scope="row">{label(point.day)}</Table.Th>
                    <Table.Td ta="end">{money(point.mrr)}</Table.Td>
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
        }
      />
    </Stack>
  );
}
