import { Alert, Button, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { Report } from "../report-model";
import { FunnelChart, MetricChart, RevenueChart } from "./report-charts";
import { reportFormat } from "./report-format";
import classes from "./reports.module.css";
import { PeriodPicker } from "./period-picker";
import { StatCard } from "./stat-card";

/**
 * /dashboard/reports (issue 17 scope 5): the site's page views, sign-ups, members, enrolments,
 * revenue and campaign visits over a chosen period, each a total against the period before and
 * a chart, with the period's figures per day as CSV.
 */
export function ReportsScreen({ report, lang }: { report: Report; lang: string }) {
  const { t } = useTranslation();
  const format = reportFormat(lang);
  const { period } = report;
  const csv = `/dashboard/reports.csv?${new URLSearchParams({ from: period.from, to: period.to })}`;
  const money = (currency: string) => (minor: number) => format.money(minor, currency);
  const revenue = report.revenue.length
    ? report.revenue
    : [{ currency: report.currency, total: 0, previous: 0 }];

  return (
    <Stack gap="lg" className={classes.report} data-testid="reports-screen">
      <div>
        <Title order={1}>{t("dashboard.sections.reports.title")}</Title>
        <Text c="dimmed">{t("dashboard.sections.reports.description")}</Text>
      </div>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <PeriodPicker
          key={`${period.preset} ${period.from} ${period.to}`}
          period={period}
          today={report.today}
        />
        <Button
          component="a"
          href={csv}
          download
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          {t("reports.export")}
        </Button>
      </Group>
      {report.fellBack ? (
        <Alert color="yellow" role="status" data-testid="report-fell-back">
          {t("reports.fellBack")}
        </Alert>
      ) : null}
      <Text size="sm" c="dimmed" data-testid="report-range">
        {t("reports.range", {
          from: format.day(period.from),
          to: format.day(period.to),
          timeZone: report.timeZone,
        })}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        <StatCard
          id="page-views"
          label={t("reports.metrics.pageViews")}
          {...report.pageViews}
          write={format.count}
          format={format}
        />
        <StatCard
          id="sign-ups"
          label={t("reports.metrics.signUps")}
          {...report.signUps}
          write={format.count}
          format={format}
        />
        <StatCard
          id="members"
          label={t("reports.metrics.members")}
          {...report.members}
          write={format.count}
          format={format}
        />
        <StatCard
          id="enrolments"
          label={t("reports.metrics.enrolments")}
          {...report.enrolments}
          write={format.count}
          format={format}
        />
        {revenue.map((entry) => (
          <StatCard
            key={entry.currency}
            id={`revenue-${entry.currency.toLowerCase()}`}
            label={t("reports.metrics.revenueIn", { currency: entry.currency })}
            total={entry.total}
            previous={entry.previous}
            write={money(entry.currency)}
            format={format}
          />
        ))}
        <StatCard
          id="funnel"
          label={t("reports.metrics.funnel")}
          total={report.funnel.total}
          previous={report.funnel.previous}
          write={format.count}
          format={format}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <MetricChart
          id="chart-page-views"
          title={t("reports.metrics.pageViews")}
          metric={report.pageViews}
          color="var(--report-page-views)"
          kind="area"
          bucket={period.bucket}
          format={format}
        />
        <RevenueChart
          key={period.from}
          revenue={report.revenue}
          bucket={period.bucket}
          format={format}
          lang={lang}
        />
        <MetricChart
          id="chart-sign-ups"
          title={t("reports.metrics.signUps")}
          metric={report.signUps}
          color="var(--report-sign-ups)"
          kind="bar"
          bucket={period.bucket}
          format={format}
        />
        <MetricChart
          id="chart-members"
          title={t("reports.metrics.members")}
          metric={report.members}
          color="var(--report-members)"
          kind="area"
          bucket={period.bucket}
          format={format}
          withTotal={false}
        />
        <MetricChart
          id="chart-enrolments"
          title={t("reports.metrics.enrolments")}
          metric={report.enrolments}
          color="var(--report-enrolments)"
          kind="bar"
          bucket={period.bucket}
          format={format}
        />
        <FunnelChart funnel={report.funnel} bucket={period.bucket} format={format} />
      </SimpleGrid>
    </Stack>
  );
}
