import "@mantine/charts/styles.css";
import { AreaChart } from "@mantine/charts";
import { ScrollArea, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { useId } from "react";
import { numberFormat } from "~/platform/i18n/formats";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { CampaignTimelinePoint } from "../campaign-shapes";
import { durationIn } from "./campaign-ab-fields";
import classes from "./campaign-report.module.css";

/** The figures the chart draws, each in a colour that reads on light and dark surfaces. */
const lines = [
  { name: "sent", color: "var(--campaign-sent)" },
  { name: "opened", color: "var(--campaign-opened)" },
  { name: "clicked", color: "var(--campaign-clicked)" },
] as const;

/**
 * The report's chart: people sent to, who opened and who clicked, running totals per hour since
 * sending began. The chart is a picture (hidden from screen readers, recharts' keyboard layer
 * off): a sentence says where the figures ended, and the same numbers are a table behind "Show
 * the figures". Drawn once there are two hours to join.
 */
export function CampaignTimeline({ timeline }: { timeline: CampaignTimelinePoint[] }) {
  const { t, i18n } = useTranslation();
  const title = useId();
  const number = numberFormat(i18n.language);
  const last = timeline.at(-1);
  if (timeline.length < 2 || !last) return null;
  // A point holds what happened up to the end of its hour: the first is "after 1 h".
  const label = (hour: number) => durationIn(i18n.language, (hour + 1) * 60, "narrow");
  const names = {
    sent: t("campaigns.screen.report.sent"),
    opened: t("campaigns.screen.report.opened"),
    clicked: t("campaigns.screen.report.clicked"),
  };
  const data = timeline.map((point) => ({ ...point, label: label(point.hour) }));

  return (
    <Stack gap="xs" component="section" aria-labelledby={title} data-testid="campaign-timeline">
      <Title order={4} size="h5" id={title}>
        {t("campaigns.screen.report.timeline.title")}
      </Title>
      <VisuallyHidden data-testid="campaign-timeline-summary">
        {t("campaigns.screen.report.timeline.summary", {
          hours: durationIn(i18n.language, (last.hour + 1) * 60),
          sent: number.format(last.sent),
          opened: number.format(last.opened),
          clicked: number.format(last.clicked),
        })}
      </VisuallyHidden>
      <div aria-hidden="true" className={classes.chart}>
        <AreaChart
          h={240}
          data={data}
          dataKey="label"
          series={lines.map(({ name, color }) => ({ name, label: names[name], color }))}
          valueFormatter={(value) => number.format(value)}
          curveType="linear"
          withDots={timeline.length <= 24}
          withLegend
          // In the order of the funnel (recharts sorts its legend by name otherwise).
          legendProps={{
            verticalAlign: "bottom",
            height: 40,
            itemSorter: (item) => lines.findIndex(({ name }) => name === item.dataKey),
          }}
          xAxisLabel={t("campaigns.screen.report.timeline.axis")}
          tickLine="y"
          fillOpacity={0.15}
          yAxisProps={{ allowDecimals: false, width: 48 }}
          areaChartProps={{ accessibilityLayer: false }}
        />
      </div>
      <details className={classes.figures}>
        <summary>{t("campaigns.screen.report.timeline.showFigures")}</summary>
        <ScrollArea.Autosize
          mah={280}
          mt="xs"
          type="auto"
          // The scrollbar beside the figures, not over the last column; room for both at 375 px.
          offsetScrollbars="present"
          scrollbarSize={8}
          viewportProps={{
            tabIndex: 0,
            "aria-label": t("campaigns.screen.report.timeline.title"),
          }}
        >
          <Table
            striped
            withTableBorder
            horizontalSpacing={8}
            data-testid="campaign-timeline-table"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("campaigns.screen.report.timeline.since")}</Table.Th>
                {lines.map(({ name }) => (
                  <Table.Th scope="col" ta="end" key={name}>
                    {names[name]}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {timeline.map((point) => (
                <Table.Tr key={point.hour}>
                  <Table.Th scope="row" fw={400}>
                    {label(point.hour)}
                  </Table.Th>
                  {lines.map(({ name }) => (
                    <Table.Td ta="end" key={name}>
                      {number.format(point[name])}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      </details>
      <Text size="xs" c="dimmed">
        {t("campaigns.screen.report.timeline.note")}
      </Text>
    </Stack>
  );
}
