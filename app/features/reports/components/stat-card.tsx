import { Group, Paper, Text } from "@mantine/core";
import { IconArrowDownRight, IconArrowUpRight } from "@tabler/icons-react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { ReportFormat } from "./report-format";
import classes from "./reports.module.css";

/**
 * A figure of the period with its change against the period before: the difference and, when
 * the period before had any, the percentage.
 */
export function StatCard({
  id,
  label,
  total,
  previous,
  write,
  format,
}: {
  id: string;
  label: string;
  total: number;
  previous: number;
  /** How the figure is written (a count, an amount). */
  write: (value: number) => string;
  format: ReportFormat;
}) {
  const { t } = useTranslation();
  const change = total - previous;
  const signedChange = change > 0 ? `+${write(change)}` : `−${write(-change)}`;
  const percent = previous > 0 ? ` (${format.percent(change / previous)})` : "";
  return (
    <Paper withBorder radius="md" p="md" data-testid={`stat-${id}`}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={`stat-${id}-total`}>
        {write(total)}
      </Text>
      {change === 0 ? (
        <Text size="sm" c="dimmed" data-testid={`stat-${id}-change`}>
          {t("reports.noChange")}
        </Text>
      ) : (
        <Group gap={4} wrap="wrap" data-testid={`stat-${id}-change`}>
          <Group gap={2} wrap="nowrap" className={change > 0 ? classes.up : classes.down}>
            {change > 0 ? (
              <IconArrowUpRight size={16} aria-hidden />
            ) : (
              <IconArrowDownRight size={16} aria-hidden />
            )}
            <Text size="sm" fw={600}>
              {`${signedChange}${percent}`}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {t("reports.vsPrevious", { value: write(previous) })}
          </Text>
        </Group>
      )}
    </Paper>
  );
}
