import { Alert, Button, Code, Group, ScrollArea, Stack, Table, Text, Title } from "@mantine/core";
import { IconPlayerPlay, IconRefresh } from "@tabler/icons-react";
import { Fragment, useEffect, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useFetcher, useRevalidator } from "react-router";
import { cronText, readCron } from "../cron-reading";
import {
  isUnderway,
  type CronsAnswer,
  type CronsCommand,
  type ScheduleView,
  type CronsScreen,
} from "../crons-shapes";
import classes from "./crons.module.css";
import { RecentRuns, RunSummary, formats, type Formats } from "./run-view";

/** While a run waits or runs, the screen looks again this often. */
const LOOK_AGAIN_MS = 2_000;

function ScheduleRow({
  schedule,
  format,
  lang,
  send,
  sending,
}: {
  schedule: ScheduleView;
  format: Formats;
  lang: string;
  send: (command: CronsCommand) => void;
  sending: CronsCommand | null;
}) {
  const { t } = useTranslation();
  const [showRuns, setShowRuns] = useState(false);
  const reading = readCron(schedule.cron);
  const text = reading ? cronText(reading, lang) : null;
  const last = schedule.lastRun;
  const label = `crons.schedules.${schedule.labelId}`;
  const title = t(`${label}.title`, { defaultValue: schedule.name });
  const runsId = `runs-${schedule.labelId}`;
  const busyWith = (intent: CronsCommand["intent"]) =>
    sending?.intent === intent &&
    (intent === "runNow"
      ? sending.intent === "runNow" && sending.name === schedule.name
      : sending.intent === "retry" && sending.jobId === last?.id);
  return (
    <>
      <Table.Tr className={classes.row} data-testid="cron-row" data-name={schedule.name}>
        <Table.Th scope="row" fw={500} className={classes.cell}>
          <Text size="sm" fw={700}>
            {title}
          </Text>
          <Text size="xs" c="dimmed" maw={260}>
            {t(`${label}.description`, { defaultValue: "" })}
          </Text>
          <Code fz="xs">{schedule.name}</Code>
        </Table.Th>
        <Table.Td className={classes.cell} data-label={t("crons.columns.schedule")}>
          {text ? (
            <Text size="sm" data-testid="cron-reading">
              {t(text.key, text.values)}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            <Code fz="xs">{schedule.cron}</Code> {schedule.tz}
          </Text>
        </Table.Td>
        <Table.Td
          className={classes.cell}
          data-label={t("crons.columns.lastRun")}
          data-testid="cron-last-run"
        >
          {last ? (
            <RunSummary run={last} format={format} />
          ) : (
            <Text size="sm" c="dimmed">
              {t("crons.never")}
            </Text>
          )}
        </Table.Td>
        <Table.Td
          className={classes.cell}
          data-label={t("crons.columns.nextRun")}
          data-testid="cron-next-run"
        >
          <Text size="sm">{schedule.nextRunAt ? format.at(schedule.nextRunAt) : "—"}</Text>
        </Table.Td>
        <Table.Td className={classes.cell}>
          <Group gap="xs" align="flex-start">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlayerPlay size={14} aria-hidden />}
              loading={busyWith("runNow")}
              onClick={() => send({ intent: "runNow", name: schedule.name })}
              aria-label={t("crons.runNowFor", { job: title })}
            >
              {t("crons.runNow")}
            </Button>
            {last?.state === "failed" ? (
              <Button
                size="xs"
                variant="filled"
                color="orange.9"
                leftSection={<IconRefresh size={14} aria-hidden />}
                loading={busyWith("retry")}
                onClick={() => send({ intent: "retry", jobId: last.id })}
                aria-label={t("crons.retryFor", { job: title })}
              >
                {t("crons.retry")}
              </Button>
            ) : null}
            {schedule.runs.length > 0 ? (
              <Button
                size="compact-xs"
                variant="subtle"
                color="gray"
                onClick={() => setShowRuns((was) => !was)}
                aria-expanded={showRuns}
                aria-controls={runsId}
              >
                {showRuns ? t("crons.hideRuns") : t("crons.showRuns", { n: schedule.runs.length })}
              </Button>
            ) : null}
          </Group>
        </Table.Td>
      </Table.Tr>
      {showRuns ? (
        <Table.Tr id={runsId}>
          <Table.Td colSpan={5}>
            <RecentRuns schedule={schedule} format={format} />
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}

/** What the last command came to, in words. */
function answerText(answer: CronsAnswer): { key: string; ok: boolean } {
  if (!answer.ok) return { key: "crons.answer.failed", ok: false };
  if (answer.intent === "runNow")
    return answer.outcome === "queued"
      ? { key: "crons.answer.queued", ok: true }
      : { key: "crons.answer.runBusy", ok: false };
  if (answer.outcome === "retried") return { key: "crons.answer.retried", ok: true };
  if (answer.outcome === "busy") return { key: "crons.answer.retryBusy", ok: false };
  if (answer.outcome === "notFailed") return { key: "crons.answer.notFailed", ok: false };
  return { key: "crons.answer.notFound", ok: false };
}

/**
 * Scope 8: every schedule of the job queue, its cron in words, its last run (state, when, how
 * long, what it did or what it threw), its next run, and "run now" / "retry". While a run waits
 * or runs, the screen looks again every two seconds.
 */
export function CronsScreenView({ screen, lang }: { screen: CronsScreen; lang: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<CronsAnswer>();
  const revalidator = useRevalidator();
  const [sending, setSending] = useState<CronsCommand | null>(null);
  const format = formats(lang);
  const busy = fetcher.state !== "idle";
  const underway = screen.schedules.some((schedule) => isUnderway(schedule.lastRun));

  useEffect(() => {
    if (!underway || busy) return;
    const timer = setTimeout(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, LOOK_AGAIN_MS);
    return () => clearTimeout(timer);
  }, [underway, busy, revalidator, screen]);

  const send = (command: CronsCommand) => {
    setSending(command);
    void fetcher.submit(command, {
      method: "post",
      action: "/dashboard/maintenance/crons",
      encType: "application/json",
    });
  };
  const answer = !busy && fetcher.data ? answerText(fetcher.data) : null;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t("crons.title")}</Title>
        <Text c="dimmed" maw={760}>
          {t("crons.intro")}
        </Text>
      </Stack>
      {answer ? (
        <Alert
          color={answer.ok ? "teal" : "orange"}
          variant="light"
          role="status"
          data-testid="crons-answer"
        >
          {t(answer.key)}
        </Alert>
      ) : null}
      {screen.schedules.length === 0 ? (
        <Text>{t("crons.empty")}</Text>
      ) : (
        <ScrollArea
          type="auto"
          offsetScrollbars
          viewportProps={{ tabIndex: 0, role: "region", "aria-label": t("crons.caption") }}
        >
          <Table
            withTableBorder
            verticalSpacing="sm"
            className={classes.table}
            data-testid="crons-table"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("crons.columns.job")}</Table.Th>
                <Table.Th scope="col">{t("crons.columns.schedule")}</Table.Th>
                <Table.Th scope="col">{t("crons.columns.lastRun")}</Table.Th>
                <Table.Th scope="col">{t("crons.columns.nextRun")}</Table.Th>
                <Table.Th scope="col">{t("crons.columns.actions")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {screen.schedules.map((schedule) => (
                <Fragment key={schedule.name}>
                  <ScheduleRow
                    schedule={schedule}
                    format={format}
                    lang={lang}
                    send={send}
                    sending={busy ? sending : null}
                  />
                </Fragment>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Stack>
  );
}
