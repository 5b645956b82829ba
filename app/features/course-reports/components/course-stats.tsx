import { BarChart, LineChart } from "@mantine/charts";
import {
  Card,
  Group,
  Paper,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useSearchParams } from "react-router";
import { plainText } from "~/platform/plain-text";
import type { CourseStats } from "../model";
import { statsPeriods } from "../validation";

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

/** A chart and, beside it, the same numbers as a table (what a screen reader reads). */
function ChartCard({
  title,
  summary,
  chart,
  table,
  id,
}: {
  title: string;
  summary: string;
  chart: React.ReactNode;
  table: React.ReactNode;
  id: string;
}) {
  return (
    <Card withBorder radius="md" p="md" component="section" aria-labelledby={`${id}-title`}>
      <Title order={2} size="h4" id={`${id}-title`}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {summary}
      </Text>
      {/* The chart is a picture of the table below it (recharts' own keyboard layer is off). */}
      <div aria-hidden="true">{chart}</div>
      <ScrollArea.Autosize mah={320} mt="md" type="auto" viewportProps={{ tabIndex: 0 }}>
        {table}
      </ScrollArea.Autosize>
    </Card>
  );
}

const percent = (value: number | null) => (value === null ? "—" : `${value}%`);

/**
 * Issue 15 scope 5: a course's stats — enrolments over time in the chosen period, completion
 * rate, drop-off per lesson in curriculum order, average score per quiz and per question — as
 * charts, each with its numbers in a table beside it.
 */
export function CourseStatsScreen({ stats, lang }: { stats: CourseStats; lang: string }) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const s = (key: string, values?: Record<string, unknown>) =>
    t(`courseReports.stats.${key}`, values ?? {});
  const day = new Intl.DateTimeFormat(lang, { month: "short", day: "numeric", timeZone: "UTC" });
  const over = stats.enrolmentsOverTime.map((point) => ({
    label: day.format(new Date(`${point.bucket}T00:00:00Z`)),
    [s("enrolments")]: point.enrolments,
  }));
  const funnel = stats.funnel.map((lesson) => ({
    label: lesson.title,
    [s("reached")]: lesson.reached,
    [s("completedCount")]: lesson.completed,
  }));
  const quizzes = stats.quizzes.map((quiz) => ({
    label: quiz.title,
    [s("average")]: quiz.average ?? 0,
    [s("passRate")]: quiz.passRate ?? 0,
  }));
  const quizTitle = new Map(stats.quizzes.map((quiz) => [quiz.quizId, quiz.title]));
  const firstDrop = stats.funnel.find(
    (lesson) => lesson.completed < (stats.funnel[0]?.reached ?? 0),
  );

  return (
    <Stack gap="lg" data-testid="course-stats">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" id="stats-period">
          {s("period")}
        </Text>
        <SegmentedControl
          aria-labelledby="stats-period"
          value={stats.period}
          onChange={(period) => {
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                next.set("period", period);
                return next;
              },
              { preventScrollReset: true },
            );
          }}
          data={statsPeriods.map((period) => ({ value: period, label: s(`periods.${period}`) }))}
        />
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Figure label={s("enrolled")} value={String(stats.enrolled)} testId="stats-enrolled" />
        <Figure label={s("completed")} value={String(stats.completed)} testId="stats-completed" />
        <Figure
          label={s("completionRate")}
          value={percent(stats.completionRate)}
          testId="stats-completion-rate"
        />
        <Figure
          label={s("enrolledInPeriod")}
          value={String(stats.enrolledInPeriod)}
          testId="stats-period-enrolments"
        />
      </SimpleGrid>

      <ChartCard
        id="stats-enrolments"
        title={s("enrolmentsOverTime")}
        summary={s("enrolmentsSummary", { count: stats.enrolledInPeriod })}
        chart={
          <LineChart
            h={220}
            data={over}
            dataKey="label"
            series={[{ name: s("enrolments"), color: "blue.6" }]}
            curveType="monotone"
            lineChartProps={{ accessibilityLayer: false }}
            withDots={stats.bucket === "week"}
            tickLine="y"
          />
        }
        table={
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{s(stats.bucket === "day" ? "day" : "week")}</Table.Th>
                <Table.Th scope="col">{s("enrolments")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stats.enrolmentsOverTime
                .filter((point) => point.enrolments > 0)
                .map((point) => (
                  <Table.Tr key={point.bucket}>
                    <Table.Td>{day.format(new Date(`${point.bucket}T00:00:00Z`))}</Table.Td>
                    <Table.Td>{point.enrolments}</Table.Td>
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
        }
      />

      <ChartCard
        id="stats-dropoff"
        title={s("dropOff")}
        summary={firstDrop ? s("dropOffSummary", { lesson: firstDrop.title }) : s("dropOffNone")}
        chart={
          <BarChart
            h={Math.max(200, stats.funnel.length * 36)}
            data={funnel}
            dataKey="label"
            orientation="vertical"
            barChartProps={{ accessibilityLayer: false }}
            yAxisProps={{ width: 120 }}
            series={[
              { name: s("reached"), color: "blue.3" },
              { name: s("completedCount"), color: "blue.7" },
            ]}
            withLegend
          />
        }
        table={
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{s("lesson")}</Table.Th>
                <Table.Th scope="col">{s("reached")}</Table.Th>
                <Table.Th scope="col">{s("completedCount")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stats.funnel.map((lesson) => (
                <Table.Tr key={lesson.lessonId}>
                  <Table.Th scope="row" fw={400}>
                    {lesson.title}
                    <Text size="xs" c="dimmed">
                      {lesson.section}
                    </Text>
                  </Table.Th>
                  <Table.Td>{lesson.reached}</Table.Td>
                  <Table.Td>{lesson.completed}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        }
      />

      <ChartCard
        id="stats-quizzes"
        title={s("quizAverages")}
        summary={stats.quizzes.length ? s("quizSummary") : s("noQuizzes")}
        chart={
          stats.quizzes.length ? (
            <BarChart
              h={220}
              data={quizzes}
              dataKey="label"
              unit="%"
              barChartProps={{ accessibilityLayer: false }}
              yAxisProps={{ domain: [0, 100] }}
              series={[
                { name: s("average"), color: "teal.6" },
                { name: s("passRate"), color: "grape.6" },
              ]}
              withLegend
            />
          ) : null
        }
        table={
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{s("quiz")}</Table.Th>
                <Table.Th scope="col">{s("gradedAttempts")}</Table.Th>
                <Table.Th scope="col">{s("average")}</Table.Th>
                <Table.Th scope="col">{s("passRate")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stats.quizzes.map((quiz) => (
                <Table.Tr key={quiz.quizId}>
                  <Table.Th scope="row" fw={400}>
                    {quiz.title}
                  </Table.Th>
                  <Table.Td>{quiz.attempts}</Table.Td>
                  <Table.Td>{percent(quiz.average)}</Table.Td>
                  <Table.Td>{percent(quiz.passRate)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        }
      />

      <Card withBorder radius="md" p="md" component="section" aria-labelledby="stats-questions">
        <Title order={2} size="h4" id="stats-questions" mb="sm">
          {s("questionAverages")}
        </Title>
        {stats.questions.length === 0 ? (
          <Text size="sm" c="dimmed">
            {s("noQuestions")}
          </Text>
        ) : (
          <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
            <Table striped withTableBorder miw={480}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{s("quiz")}</Table.Th>
                  <Table.Th scope="col">{s("question")}</Table.Th>
                  <Table.Th scope="col">{s("answers")}</Table.Th>
                  <Table.Th scope="col">{s("average")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {stats.questions.map((question) => (
                  <Table.Tr key={question.questionId}>
                    <Table.Td>{quizTitle.get(question.quizId)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={2}>
                        {question.position + 1}. {plainText(question.prompt)}
                      </Text>
                    </Table.Td>
                    <Table.Td>{question.answers}</Table.Td>
                    <Table.Td>{percent(question.average)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Card>
    </Stack>
  );
}
