import { AreaChart, BarChart } from "@mantine/charts";
import { Card, ScrollArea, SegmentedControl, Table, Text, Title } from "@mantine/core";
import { useState, type ReactNode } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { minorToMajor, formatMoney } from "~/features/cart/cart";
import type { ReportBucket } from "../period";
import type { FunnelMetric, Metric, RevenueMetric } from "../report-model";
import type { ReportFormat } from "./report-format";
import classes from "./reports.module.css";

type Column = { label: string; value: (row: number) => string };

/**
 * A chart and its figures: the chart is a picture (hidden from screen readers, recharts' own
 * keyboard layer off); the same numbers are a table behind "Show the figures".
 */
function ChartCard({
  id,
  title,
  chart,
  bucketLabels,
  bucket,
  columns,
  footer,
  children,
}: {
  id: string;
  title: string;
  chart: ReactNode;
  bucketLabels: string[];
  bucket: ReportBucket;
  columns: Column[];
  footer?: string[];
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby={`${id}-title`}
      data-testid={id}
    >
      <Title order={2} size="h4" id={`${id}-title`} mb="sm">
        {title}
      </Title>
      {children}
      <div aria-hidden="true">{chart}</div>
      <details className={classes.figures}>
        <summary>{t("reports.showFigures")}</summary>
        <ScrollArea.Autosize
          mah={280}
          mt="xs"
          type="auto"
          viewportProps={{ tabIndex: 0, "aria-label": title }}
        >
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t(`reports.bucket.${bucket}`)}</Table.Th>
                {columns.map((column, index) => (
                  <Table.Th scope="col" ta="end" key={index}>
                    {column.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bucketLabels.map((label, row) => (
                <Table.Tr key={label}>
                  <Table.Th scope="row" fw={400}>
                    {label}
                  </Table.Th>
                  {columns.map((column, index) => (
                    <Table.Td ta="end" key={index}>
                      {column.value(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
              {footer ? (
                <Table.Tr>
                  <Table.Th scope="row">{t("reports.total")}</Table.Th>
                  {footer.map((cell, index) => (
                    <Table.Td ta="end" fw={700} key={index}>
                      {cell}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      </details>
    </Card>
  );
}

const chartHeight = 220;

/** A count per bucket: an area for what accumulates (members), bars for what happens. */
export function MetricChart({
  id,
  title,
  metric,
  color,
  kind,
  bucket,
  format,
  withTotal = true,
}: {
  id: string;
  title: string;
  metric: Metric;
  color: string;
  kind: "area" | "bar";
  bucket: ReportBucket;
  format: ReportFormat;
  /** A row of the period's total under the table (not for a running figure). */
  withTotal?: boolean;
}) {
  const labels = metric.points.map((point) => format.bucket(point.bucket, bucket));
  const data = metric.points.map((point, index) => ({ bucket: labels[index], value: point.value }));
  const common = {
    h: chartHeight,
    data,
    dataKey: "bucket",
    series: [{ name: "value", label: title, color }],
    valueFormatter: format.count,
    tickLine: "y" as const,
    // Counts are whole: no 0.5 on the axis of a quiet week.
    yAxisProps: { allowDecimals: false },
  };
  return (
    <ChartCard
      id={id}
      title={title}
      bucket={bucket}
      bucketLabels={labels}
      columns={[{ label: title, value: (row) => format.count(metric.points[row]!.value) }]}
      footer={withTotal ? [format.count(metric.total)] : undefined}
      chart={
        kind === "area" ? (
          <AreaChart
            {...common}
            withDots={false}
            withGradient
            areaChartProps={{ accessibilityLayer: false }}
          />
        ) : (
          <BarChart {...common} barChartProps={{ accessibilityLayer: false }} />
        )
      }
    />
  );
}

/** Revenue per bucket in one currency at a time (a choice when the site sells in several). */
export function RevenueChart({
  revenue,
  bucket,
  format,
  lang,
}: {
  revenue: RevenueMetric[];
  bucket: ReportBucket;
  format: ReportFormat;
  lang: string;
}) {
  const { t } = useTranslation();
  const [chosen, choose] = useState(revenue[0]?.currency);
  const shown = revenue.find((entry) => entry.currency === chosen) ?? revenue[0];
  const title = t("reports.charts.revenue");
  if (!shown)
    return (
      <Card withBorder radius="md" p="md" component="section" data-testid="chart-revenue">
        <Title order={2} size="h4" mb="sm">
          {title}
        </Title>
        <Text c="dimmed">{t("reports.noRevenue")}</Text>
      </Card>
    );
  const { currency } = shown;
  const labels = shown.points.map((point) => format.bucket(point.bucket, bucket));
  const name = t("reports.metrics.revenueIn", { currency });
  return (
    <ChartCard
      id="chart-revenue"
      title={title}
      bucket={bucket}
      bucketLabels={labels}
      columns={[{ label: name, value: (row) => format.money(shown.points[row]!.value, currency) }]}
      footer={[format.money(shown.total, currency)]}
      chart={
        <BarChart
          h={chartHeight}
          data={shown.points.map((point, index) => ({
            bucket: labels[index],
            value: minorToMajor(point.value, currency),
          }))}
          dataKey="bucket"
          series={[{ name: "value", label: name, color: "var(--report-revenue)" }]}
          valueFormatter={(amount) => formatMoney({ amount, currency, lang })}
          yAxisProps={{ width: 72 }}
          tickLine="y"
          barChartProps={{ accessibilityLayer: false }}
        />
      }
    >
      {revenue.length > 1 ? (
        <SegmentedControl
          mb="sm"
          size="xs"
          aria-label={t("reports.currency")}
          value={currency}
          onChange={choose}
          data={revenue.map((entry) => entry.currency)}
        />
      ) : null}
    </ChartCard>
  );
}

const sourceColors = [1, 2, 3, 4, 5].map((n) => `var(--report-source-${n})`);

/** Campaign visits per bucket, stacked by utm_source (the biggest five, then the rest). */
export function FunnelChart({
  funnel,
  bucket,
  format,
}: {
  funnel: FunnelMetric;
  bucket: ReportBucket;
  format: ReportFormat;
}) {
  const { t } = useTranslation();
  const title = t("reports.charts.funnel");
  if (funnel.series.length === 0)
    return (
      <Card withBorder radius="md" p="md" component="section" data-testid="chart-funnel">
        <Title order={2} size="h4" mb="sm">
          {title}
        </Title>
        <Text c="dimmed">{t("reports.noVisits")}</Text>
      </Card>
    );
  const names = funnel.series.map((entry) => entry.source ?? t("reports.otherSources"));
  const labels = funnel.points.map((point) => format.bucket(point.bucket, bucket));
  return (
    <ChartCard
      id="chart-funnel"
      title={title}
      bucket={bucket}
      bucketLabels={labels}
      columns={names.map((label, index) => ({
        label,
        value: (row) => format.count(funnel.points[row]!.values[index]!),
      }))}
      footer={funnel.series.map((entry) => format.count(entry.total))}
      chart={
        <BarChart
          h={chartHeight + 40}
          type="stacked"
          withLegend
          data={funnel.points.map((point, row) => ({
            bucket: labels[row],
            ...Object.fromEntries(point.values.map((value, index) => [`s${index}`, value])),
          }))}
          dataKey="bucket"
          series={funnel.series.map((entry, index) => ({
            name: `s${index}`,
            label: names[index]!,
            color: entry.source === null ? "var(--report-source-other)" : sourceColors[index]!,
          }))}
          valueFormatter={format.count}
          tickLine="y"
          yAxisProps={{ allowDecimals: false }}
          barChartProps={{ accessibilityLayer: false }}
        />
      }
    />
  );
}
