// The course reports' use cases: the gradebook (a page, or every row as CSV) and a course's
// stats, for its teachers holding manage_stats (managers: every course); the instructors'
// overview figures. Read-only: each runs in one transaction of the account.
import { z } from "zod";
import type { AccountSummary } from "~/features/accounts/accounts";
import { requireCourseTeacher, requireLms } from "~/features/courses/courses.server";
import type { Viewer } from "~/features/members/members.server";
import { toCsv } from "~/platform/csv";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { CourseStats, CourseSummary, GradebookPage, StatsPoint } from "./model";
import {
  attemptCells,
  completionCounts,
  courseQuizzes,
  enrolmentPage,
  enrolmentsByBucket,
  findCourseTitle,
  lessonFunnel,
  questionAverages,
  quizAverages,
  toGradebookRows,
} from "./queries.server";
import {
  GRADEBOOK_PAGE_SIZE,
  parseGradebookQuery,
  periodBucket,
  periodDays,
  statsPeriodSchema,
} from "./validation";

export type CourseReportRequest = {
  account: AccountSummary;
  viewer: Viewer | null;
  courseId: string;
};

/** lms on, a course id, the viewer teaching it with manage_stats; then `work` in the account. */
async function asCourseReporter<T>(
  database: Database,
  { account, viewer, courseId }: CourseReportRequest,
  work: (tx: Tx, course: { id: string; title: string }) => Promise<T>,
): Promise<T> {
  await requireLms(database, account);
  if (!z.uuid().safeParse(courseId).success) throw new AppError({ code: "route.notFound" });
  const { accountId } = account;
  return database.forAccount(accountId, async (tx) => {
    await requireCourseTeacher(tx, { accountId, courseId, viewer, cap: "manage_stats" });
    const course = await findCourseTitle(tx, { accountId, courseId });
    if (!course) throw new AppError({ code: "route.notFound" });
    return work(tx, { id: course.id, title: course.title });
  });
}

/**
 * M1 gradebook: one page of students (sorted and searched in the database), then the attempts
 * of that page's people only, grouped per quiz.
 */
export function loadGradebook(
  database: Database,
  request: CourseReportRequest & { search: URLSearchParams },
): Promise<GradebookPage> {
  const query = parseGradebookQuery(request.search);
  const { accountId } = request.account;
  return asCourseReporter(database, request, async (tx, course) => {
    const quizzes = await courseQuizzes(tx, { accountId, courseId: course.id });
    const students = await enrolmentPage(tx, {
      accountId,
      courseId: course.id,
      query,
      limit: GRADEBOOK_PAGE_SIZE,
    });
    const cells = await attemptCells(tx, {
      accountId,
      quizIds: quizzes.map((quiz) => quiz.id),
      userIds: students.map((student) => student.userId),
    });
    return {
      course,
      quizzes,
      rows: toGradebookRows(students, cells),
      total: students[0]?.total ?? 0,
      query,
      pageSize: GRADEBOOK_PAGE_SIZE,
    };
  });
}

/** M1 gradebook CSV: every student of the search (all pages), the same columns as the screen. */
export function exportGradebookCsv(
  database: Database,
  request: CourseReportRequest & { search: URLSearchParams },
): Promise<{ filename: string; csv: string }> {
  const query = parseGradebookQuery(request.search);
  const { accountId } = request.account;
  return asCourseReporter(database, request, async (tx, course) => {
    const quizzes = await courseQuizzes(tx, { accountId, courseId: course.id });
    const students = await enrolmentPage(tx, {
      accountId,
      courseId: course.id,
      query,
      limit: null,
    });
    const cells = await attemptCells(tx, {
      accountId,
      quizIds: quizzes.map((quiz) => quiz.id),
      userIds: null,
    });
    const rows = toGradebookRows(students, cells);
    const header = [
      "name",
      "email",
      "status",
      "progress_percent",
      "enrolled_at",
      "completed_at",
      "last_activity_at",
      ...quizzes.flatMap((quiz) => [
        `${quiz.title} (best %)`,
        `${quiz.title} (passed)`,
        `${quiz.title} (pending)`,
        `${quiz.title} (attempts)`,
      ]),
    ];
    const data = rows.map((row) => [
      row.name,
      row.email,
      row.status,
      row.progress,
      row.enrolledAt,
      row.completedAt,
      row.lastActivityAt,
      ...quizzes.flatMap((quiz) => {
        const cell = row.cells[quiz.id];
        return [
          cell?.best ?? null,
          cell ? (cell.passed ? "yes" : "no") : null,
          cell ? (cell.pending ? "yes" : "no") : null,
          cell?.attempts ?? 0,
        ];
      }),
    ]);
    const slug = course.title.replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-|-$/g, "") || "course";
    return { filename: `gradebook-${slug}.csv`, csv: toCsv({ fields: header, data }) };
  });
}

const dayMs = 86_400_000;

/** The buckets of the period, oldest first, with zero where nobody enrolled. */
export function fillBuckets(
  stored: { bucket: string; count: number }[],
  { since, now, bucket }: { since: Date; now: Date; bucket: "day" | "week" },
): StatsPoint[] {
  const counts = new Map(stored.map((row) => [row.bucket, row.count]));
  const start = new Date(Date.UTC(since.getUTCFullYear(), since.getUTCMonth(), since.getUTCDate()));
  if (bucket === "week") start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() + 6) % 7));
  const points: StatsPoint[] = [];
  const step = bucket === "week" ? 7 * dayMs : dayMs;
  for (let at = start.getTime(); at <= now.getTime(); at += step) {
    const key = new Date(at).toISOString().slice(0, 10);
    points.push({ bucket: key, enrolments: counts.get(key) ?? 0 });
  }
  return points;
}

/** Issue 15 scope 5: a course's stats over the chosen period (enrolments) and all time. */
export function loadCourseStats(
  database: Database,
  request: CourseReportRequest & { search: URLSearchParams; now?: Date },
): Promise<CourseStats> {
  const period = statsPeriodSchema.parse(request.search.get("period") ?? undefined);
  const now = request.now ?? new Date();
  const since = new Date(now.getTime() - (periodDays[period] - 1) * dayMs);
  since.setUTCHours(0, 0, 0, 0);
  const bucket = periodBucket[period];
  const { accountId } = request.account;
  return asCourseReporter(database, request, async (tx, course) => {
    const ref = { accountId, courseId: course.id };
    const stored = await enrolmentsByBucket(tx, { ...ref, since, bucket });
    const [counts] = await completionCounts(tx, { accountId, courseIds: [course.id] });
    const enrolled = counts?.enrolled ?? 0;
    const completed = counts?.completed ?? 0;
    const enrolmentsOverTime = fillBuckets(stored, { since, now, bucket });
    return {
      course,
      period,
      bucket,
      enrolmentsOverTime,
      enrolledInPeriod: enrolmentsOverTime.reduce((sum, point) => sum + point.enrolments, 0),
      enrolled,
      completed,
      completionRate: enrolled === 0 ? null : Math.round((1000 * completed) / enrolled) / 10,
      funnel: await lessonFunnel(tx, ref),
      quizzes: await quizAverages(tx, ref),
      questions: await questionAverages(tx, ref),
    };
  });
}

/**
 * For /dashboard/instructor (the lead wires it): enrolled, completed and the completion rate of
 * each of the given courses, in one grouped read. The caller has already chosen courses the
 * viewer may see; courses with no enrolment answer zeros.
 */
export async function courseSummaries(
  tx: Tx,
  { accountId, courseIds }: { accountId: string; courseIds: string[] },
): Promise<CourseSummary[]> {
  const counts = new Map(
    (await completionCounts(tx, { accountId, courseIds })).map((row) => [row.courseId, row]),
  );
  return courseIds.map((courseId) => {
    const row = counts.get(courseId);
    const enrolled = row?.enrolled ?? 0;
    const completed = row?.completed ?? 0;
    return {
      courseId,
      enrolled,
      completed,
      completionRate: enrolled === 0 ? null : Math.round((1000 * completed) / enrolled) / 10,
    };
  });
}
