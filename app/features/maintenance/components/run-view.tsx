// A schedule's runs on the crons screen: their state, what they did, their errors.
import { Badge, Box, Button, Code, Collapse, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { RunState, RunView, ScheduleView } from "../crons-shapes";

// Filled badges in dark shades: white text on them reads at 4.5:1 or more in both schemes.
const stateColours: Record<RunState, string> = {
  created: "gray.7",
  retry: "orange.9",
  active: "blue.8",
  completed: "teal.9",
  cancelled: "gray.7",
  failed: "red.9",
};

export function RunStateBadge({ state }: { state: RunState }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="filled"
      color={stateColours[state]}
      data-testid="run-state"
      data-state={state}
      miw="max-content"
    >
      {t(`crons.state.${state}`)}
    </Badge>
  );
}

export function formats(lang: string) {
  const dateTime = new Intl.DateTimeFormat(lang, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  });
  const seconds = new Intl.NumberFormat(lang, {
    style: "unit",
    unit: "second",
    unitDisplay: "short",
    maximumFractionDigits: 1,
  });
  const milliseconds = new Intl.NumberFormat(lang, {
    style: "unit",
    unit: "millisecond",
    unitDisplay: "short",
  });
  return {
    /** Times are shown in UTC, the zone the schedules are read in (and the same on any screen). */
    at: (iso: string) => `${dateTime.format(new Date(iso))} UTC`,
    duration: (ms: number) => (ms < 1000 ? milliseconds.format(ms) : seconds.format(ms / 1000)),
  };
}

export type Formats = ReturnType<typeof formats>;

/** The answer of a run that finished: "Sessions removed: 3 · …". */
function ResultLine({ result }: { result: RunView["result"] }) {
  const { t } = useTranslation();
  if (!result) return null;
  const parts = Object.entries(result).map(([key, value]) =>
    t(`crons.result.${key}`, { value: String(value), defaultValue: `${key}: ${String(value)}` }),
  );
  return (
    <Text size="xs" c="dimmed" data-testid="run-result">
      {parts.join(" · ")}
    </Text>
  );
}

/** What a failed attempt threw: its message, and the stack on demand. */
function RunError({ error }: { error: NonNullable<RunView["error"]> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Stack gap={4} data-testid="run-error">
      <Text
        size="sm"
        style={{
          overflowWrap: "anywhere",
          // Red that reads at 4.5:1 on either scheme's background.
          color: "light-dark(var(--mantine-color-red-8), var(--mantine-color-red-3))",
        }}
      >
        {error.message || t("crons.noMessage")}
      </Text>
      {error.stack ? (
        <>
          <Button
            variant="subtle"
            size="compact-xs"
            color="gray"
            onClick={() => setOpen((was) => !was)}
            aria-expanded={open}
            w="fit-content"
          >
            {open ? t("crons.hideDetails") : t("crons.showDetails")}
          </Button>
          <Collapse expanded={open}>
            <Code block style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {error.stack}
            </Code>
          </Collapse>
        </>
      ) : null}
    </Stack>
  );
}

/** A run's state, when it ran (or was asked for), how long it took and what came of it. */
export function RunSummary({ run, format }: { run: RunView; format: Formats }) {
  const { t } = useTranslation();
  const when = run.completedAt ?? run.startedAt ?? run.createdAt;
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap">
        <RunStateBadge state={run.state} />
        <Text size="xs" c="dimmed">
          {t(run.trigger === "manual" ? "crons.trigger.manual" : "crons.trigger.schedule")}
        </Text>
      </Group>
      <Text size="sm" data-testid="run-time">
        {format.at(when)}
      </Text>
      <Text size="xs" c="dimmed">
        {run.durationMs !== null
          ? t("crons.took", { duration: format.duration(run.durationMs) })
          : null}
        {run.attempts > 1 ? ` · ${t("crons.attempts", { n: run.attempts })}` : null}
      </Text>
      <ResultLine result={run.result} />
      {run.error ? <RunError error={run.error} /> : null}
    </Stack>
  );
}

export function RecentRuns({ schedule, format }: { schedule: ScheduleView; format: Formats }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" py="xs" data-testid="recent-runs">
      <Text size="sm" fw={700}>
        {t("crons.recentRuns")}
      </Text>
      {schedule.runs.map((run) => (
        <Box
          key={run.id}
          pl="sm"
          style={{ borderInlineStart: "3px solid var(--mantine-color-default-border)" }}
          data-testid="recent-run"
        >
          <RunSummary run={run} format={format} />
        </Box>
      ))}
    </Stack>
  );
}
