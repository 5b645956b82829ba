import { and, asc, desc, eq, ilike, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { courseSections, courses, lessons } from "~/features/courses/tables.server";
import { enrolments, lessonProgress } from "~/features/learning/tables.server";
import { members } from "~/features/members/tables.server";
import { quizAttempts, quizQuestions, quizzes } from "~/features/quizzes/tables.server";
import type { Tx } from "~/platform/db/database.server";
import type {
  GradebookCell,
  GradebookQuiz,
  GradebookRow,
  LessonFunnel,
  QuestionAverage,
  QuizAverage,
} from "./model";
import type { GradebookQuery } from "./validation";

type CourseRef = { accountId: string; courseId: string };

export async function findCourseTitle(tx: Tx, { accountId, courseId }: CourseRef) {
  const [row] = await tx
    .select({ id: courses.id, title: courses.title, settings: courses.settings })
    .from(courses)
    .where(and(eq(courses.accountId, accountId), eq(courses.id, courseId)))
    .limit(1);
  return row ?? null;
}

/** The course's quizzes, the gradebook's columns, oldest first. */
export async function courseQuizzes(tx: Tx, { accountId, courseId }: CourseRef) {
  const rows = await tx
    .select({ id: quizzes.id, title: quizzes.title, settings: quizzes.settings })
    .from(quizzes)
    .where(and(eq(quizzes.accountId, accountId), eq(quizzes.courseId, courseId)))
    .orderBy(asc(quizzes.createdAt), asc(quizzes.title), asc(quizzes.id));
  return rows.map((row): GradebookQuiz => ({
    id: row.id,
    title: row.title,
    passMark: row.settings.passMark ?? null,
  }));
}

/** `%` and `_` typed by a person are letters, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The gradebook's students: the course's enrolments (cancelled ones left out) with the member's
 * name, filtered, sorted and paged in the database (a page at a time: the attempts are then
 * read for that page's people only). `limit` null = every row (the CSV export).
 */
export async function enrolmentPage(
  tx: Tx,
  {
    accountId,
    courseId,
    query,
    limit,
  }: CourseRef & { query: GradebookQuery; limit: number | null },
) {
  const filters: SQL[] = [
    eq(enrolments.accountId, accountId),
    eq(enrolments.courseId, courseId),
    ne(enrolments.status, "cancelled"),
  ];
  if (query.q) {
    const pattern = likePattern(query.q);
    filters.push(or(ilike(members.name, pattern), ilike(members.email, pattern))!);
  }
  const direction = query.dir === "desc" ? desc : asc;
  const order: SQL[] =
    query.sort === "progress"
      ? [direction(enrolments.progressPercent)]
      : query.sort === "activity"
        ? [
            query.dir === "desc"
              ? sql`${enrolments.lastActivityAt} desc nulls last`
              : sql`${enrolments.lastActivityAt} asc nulls first`,
          ]
        : [direction(members.name)];
  const base = tx
    .select({
      userId: enrolments.userId,
      name: members.name,
      email: members.email,
      status: enrolments.status,
      progress: enrolments.progressPercent,
      enrolledAt: enrolments.enrolledAt,
      completedAt: enrolments.completedAt,
      lastActivityAt: enrolments.lastActivityAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(enrolments)
    .innerJoin(
      members,
      and(eq(members.accountId, enrolments.accountId), eq(members.userId, enrolments.userId)),
    )
    .where(and(...filters))
    .orderBy(...order, asc(members.name), asc(enrolments.userId));
  const rows =
    limit === null ? await base : await base.limit(limit).offset((query.page - 1) * limit);
  return rows;
}

/** Every (quiz, person) standing for the given people and quizzes, in one grouped read. */
export async function attemptCells(
  tx: Tx,
  {
    accountId,
    quizIds,
    userIds,
  }: { accountId: string; quizIds: string[]; userIds: string[] | null },
) {
  if (quizIds.length === 0 || (userIds && userIds.length === 0)) return [];
  const filters: SQL[] = [
    eq(quizAttempts.accountId, accountId),
    inArray(quizAttempts.quizId, quizIds),
  ];
  if (userIds) filters.push(inArray(quizAttempts.userId, userIds));
  return tx
    .select({
      quizId: quizAttempts.quizId,
      userId: quizAttempts.userId,
      best: sql<
        number | null
      >`max(${quizAttempts.percent}) filter (where ${quizAttempts.status} = 'graded')`,
      passed: sql<boolean>`coalesce(bool_or(${quizAttempts.passed}) filter (where ${quizAttempts.status} = 'graded'), false)`,
      pending: sql<boolean>`bool_or(${quizAttempts.status} = 'pending')`,
      attempts: sql<number>`count(*)`.mapWith(Number),
    })
    .from(quizAttempts)
    .where(and(...filters))
    .groupBy(quizAttempts.quizId, quizAttempts.userId);
}

export function toGradebookRows(
  students: Awaited<ReturnType<typeof enrolmentPage>>,
  cells: Awaited<ReturnType<typeof attemptCells>>,
): GradebookRow[] {
  const byUser = new Map<string, Record<string, GradebookCell>>();
  for (const cell of cells) {
    const row = byUser.get(cell.userId) ?? {};
    row[cell.quizId] = {
      best: cell.best === null ? null : Math.round(Number(cell.best) * 10) / 10,
      passed: Boolean(cell.passed),
      pending: Boolean(cell.pending),
      attempts: cell.attempts,
    };
    byUser.set(cell.userId, row);
  }
  return students.map((student) => ({
    userId: student.userId,
    name: student.name,
    email: student.email,
    status: student.status,
    progress: student.progress,
    enrolledAt: student.enrolledAt.toISOString(),
    completedAt: student.completedAt?.toISOString() ?? null,
    lastActivityAt: student.lastActivityAt?.toISOString() ?? null,
    cells: byUser.get(student.userId) ?? {},
  }));
}

/** New enrolments per day or week since `since`, as stored buckets (empty ones left out). */
export async function enrolmentsByBucket(
  tx: Tx,
  { accountId, courseId, since, bucket }: CourseRef & { since: Date; bucket: "day" | "week" },
) {
  const unit = sql.raw(`'${bucket}'`);
  const bucketOf = sql<string>`to_char(date_trunc(${unit}, ${enrolments.enrolledAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  return tx
    .select({ bucket: bucketOf, count: sql<number>`count(*)`.mapWith(Number) })
    .from(enrolments)
    .where(
      and(
        eq(enrolments.accountId, accountId),
        eq(enrolments.courseId, courseId),
        sql`${enrolments.enrolledAt} >= ${since.toISOString()}::timestamptz`,
      ),
    )
    .groupBy(bucketOf)
    .orderBy(bucketOf);
}

/** Enrolled (cancelled left out) and completed, for any number of courses at once. */
export async function completionCounts(
  tx: Tx,
  { accountId, courseIds }: { accountId: string; courseIds: string[] },
) {
  if (courseIds.length === 0) return [];
  return tx
    .select({
      courseId: enrolments.courseId,
      enrolled: sql<number>`count(*) filter (where ${enrolments.status} <> 'cancelled')`.mapWith(
        Number,
      ),
      completed:
        sql<number>`count(*) filter (where ${enrolments.status} <> 'cancelled' and ${enrolments.completedAt} is not null)`.mapWith(
          Number,
        ),
    })
    .from(enrolments)
    .where(and(eq(enrolments.accountId, accountId), inArray(enrolments.courseId, courseIds)))
    .groupBy(enrolments.courseId);
}

/** Per lesson, in curriculum order: how many opened it (a progress row) and completed it. */
export async function lessonFunnel(tx: Tx, { accountId, courseId }: CourseRef) {
  const rows = await tx
    .select({
      lessonId: lessons.id,
      title: lessons.title,
      section: courseSections.title,
      reached: sql<number>`count(${lessonProgress.userId})`.mapWith(Number),
      completed: sql<number>`count(${lessonProgress.completedAt})`.mapWith(Number),
    })
    .from(lessons)
    .innerJoin(
      courseSections,
      and(
        eq(courseSections.accountId, lessons.accountId),
        eq(courseSections.id, lessons.sectionId),
      ),
    )
    .leftJoin(
      lessonProgress,
      and(
        eq(lessonProgress.accountId, lessons.accountId),
        eq(lessonProgress.courseId, lessons.courseId),
        eq(lessonProgress.lessonId, lessons.id),
      ),
    )
    .where(and(eq(lessons.accountId, accountId), eq(lessons.courseId, courseId)))
    .groupBy(
      lessons.id,
      lessons.title,
      courseSections.title,
      courseSections.position,
      lessons.position,
    )
    .orderBy(asc(courseSections.position), asc(lessons.position), asc(lessons.id));
  return rows satisfies LessonFunnel[];
}

/** Per quiz of the course: graded attempts, their average percent and how many passed. */
export async function quizAverages(tx: Tx, { accountId, courseId }: CourseRef) {
  const rows = await tx
    .select({
      quizId: quizzes.id,
      title: quizzes.title,
      attempts: sql<number>`count(${quizAttempts.id})`.mapWith(Number),
      average: sql<number | null>`avg(${quizAttempts.percent})`,
      passRate: sql<
        number | null
      >`100.0 * count(*) filter (where ${quizAttempts.passed}) / nullif(count(${quizAttempts.id}), 0)`,
    })
    .from(quizzes)
    .leftJoin(
      quizAttempts,
      and(
        eq(quizAttempts.accountId, quizzes.accountId),
        eq(quizAttempts.quizId, quizzes.id),
        eq(quizAttempts.status, "graded"),
      ),
    )
    .where(and(eq(quizzes.accountId, accountId), eq(quizzes.courseId, courseId)))
    .groupBy(quizzes.id, quizzes.title, quizzes.createdAt)
    .orderBy(asc(quizzes.createdAt), asc(quizzes.title), asc(quizzes.id));
  return rows.map((row): QuizAverage => ({
    ...row,
    average: row.average === null ? null : round1(Number(row.average)),
    passRate: row.passRate === null ? null : round1(Number(row.passRate)),
  }));
}

/**
 * Per question of the course's quizzes: the average share of its points scored, read from the
 * graded attempts' `grades` (one entry per question drawn).
 */
export async function questionAverages(tx: Tx, { accountId, courseId }: CourseRef) {
  const rows = await tx.execute<{
    quiz_id: string;
    question_id: string;
    position: number;
    prompt: string;
    answers: string | number;
    average: string | number | null;
  }>(sql`
    select qq.quiz_id, qq.id as question_id, qq.position, qq.prompt,
      count(g.value) as answers,
      avg(100.0 * (g.value->>'points')::float8 / nullif(qq.points, 0)) as average
    from ${quizQuestions} qq
    join ${quizzes} q on q.account_id = qq.account_id and q.id = qq.quiz_id
    left join ${quizAttempts} a
      on a.account_id = qq.account_id and a.quiz_id = qq.quiz_id and a.status = 'graded'
    left join lateral jsonb_each(a.grades) g on g.key = qq.id::text
      and jsonb_typeof(g.value->'points') = 'number'
    where qq.account_id = ${accountId} and q.course_id = ${courseId}
    group by qq.quiz_id, qq.id, qq.position, qq.prompt
    order by qq.quiz_id, qq.position, qq.id`);
  return rows.rows.map((row): QuestionAverage => ({
    quizId: row.quiz_id,
    questionId: row.question_id,
    position: Number(row.position),
    prompt: row.prompt,
    answers: Number(row.answers),
    average: row.average === null ? null : round1(Number(row.average)),
  }));
}

const round1 = (value: number) => Math.round(value * 10) / 10;
