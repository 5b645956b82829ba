// A course with many students and quizzes for the gradebook and stats: the use-case tests (a few
// hundred rows) and the bench (10 000 × 20) seed the same shape, written by SQL in bulk. Every
// figure follows from the student's and quiz's numbers, so a test recomputes what to expect.
import { sql } from "drizzle-orm";
import type { Database } from "~/platform/db/database.server";
import { insertCourse } from "./index";

const dayMs = 86_400_000;

/** Student i (1-based) on quiz q (1-based): their attempts, as the seed writes them. */
export function seededAttempts(i: number, q: number) {
  const count = (i + q) % 3;
  const attempts: { status: "graded" | "pending"; percent: number | null }[] = [];
  if (count >= 1) attempts.push({ status: "graded", percent: (i * 7 + q * 13) % 101 });
  if (count >= 2)
    attempts.push(
      (i + q) % 5 === 0
        ? { status: "pending", percent: null }
        : { status: "graded", percent: (i * 11 + q) % 101 },
    );
  return attempts;
}

/** What the gradebook should show for student i on quiz q (undefined: never attempted). */
export function expectedCell(i: number, q: number) {
  const attempts = seededAttempts(i, q);
  if (attempts.length === 0) return undefined;
  const graded = attempts.filter((a) => a.status === "graded").map((a) => a.percent!);
  return {
    best: graded.length ? Math.max(...graded) : null,
    passed: graded.some((p) => p >= 50),
    pending: attempts.some((a) => a.status === "pending"),
    attempts: attempts.length,
  };
}

export const seededProgress = (i: number) => (i * 37) % 101;
export const seededCompleted = (i: number) => i % 10 === 0;
export const seededName = (prefix: string, i: number) =>
  `${prefix} Student ${String(i).padStart(5, "0")}`;

/**
 * `students` members enrolled in a new course of `authorId` with `quizzes` quizzes (pass mark
 * 50) and three lessons; student i enrolled `i % 60` days before `now`, progress
 * `seededProgress(i)`, completed when `seededCompleted(i)`, attempts per `seededAttempts`.
 */
export async function seedGradebookCourse(
  database: Database,
  {
    accountId,
    authorId,
    students,
    quizzes,
    prefix = `gb${Math.random().toString(36).slice(2, 8)}`,
    now = new Date(),
  }: {
    accountId: string;
    authorId: string;
    students: number;
    quizzes: number;
    prefix?: string;
    now?: Date;
  },
) {
  const at = now.toISOString();
  await database.owner.execute(sql`
    insert into users (id, name, email, email_verified)
    select ${prefix} || '-' || i, ${prefix} || ' Student ' || lpad(i::text, 5, '0'),
      ${prefix} || '-' || i || '@example.test', true
    from generate_series(1, ${students}::int) i`);
  return database.forAccount(accountId, async (tx) => {
    const course = await insertCourse(tx, {
      accountId,
      authorId,
      title: `${prefix} course`,
      sections: [
        { title: "One", lessons: [{ title: "Welcome" }, { title: "Basics" }] },
        { title: "Two", lessons: [{ title: "Practice" }] },
      ],
    });
    await tx.execute(sql`
      insert into members (account_id, user_id, name, slug, email, role_id)
      select ${accountId}, ${prefix} || '-' || i, ${prefix} || ' Student ' || lpad(i::text, 5, '0'),
        ${prefix} || '-' || i, ${prefix} || '-' || i || '@example.test',
        (select role_id from roles where account_id = ${accountId} and name = 'student')
      from generate_series(1, ${students}::int) i`);
    await tx.execute(sql`
      insert into enrolments (account_id, course_id, user_id, status, source, enrolled_at,
        completed_at, progress_percent, last_activity_at)
      select ${accountId}, ${course.id}, ${prefix} || '-' || i,
        case when i % 10 = 0 then 'completed' else 'active' end, 'free',
        ${at}::timestamptz - make_interval(days => i % 60),
        case when i % 10 = 0 then ${at}::timestamptz - make_interval(days => i % 7) end,
        (i * 37) % 101,
        ${at}::timestamptz - make_interval(hours => i % 500)
      from generate_series(1, ${students}::int) i`);
    await tx.execute(sql`
      insert into quizzes (account_id, course_id, title, settings, created_at)
      select ${accountId}, ${course.id}, 'Quiz ' || lpad(q::text, 2, '0'), '{"passMark":50}'::jsonb,
        ${at}::timestamptz - make_interval(mins => 100 - q)
      from generate_series(1, ${quizzes}::int) q`);
    await tx.execute(sql`
      insert into quiz_attempts (account_id, quiz_id, user_id, number, status, submitted_at,
        score, max_score, percent, passed)
      select ${accountId}, z.id, ${prefix} || '-' || i, n,
        case when n = 2 and (i + q) % 5 = 0 then 'pending' else 'graded' end,
        ${at}::timestamptz,
        p, 100, p, p >= 50
      from (select id, row_number() over (order by created_at)::int as q from quizzes
            where account_id = ${accountId} and course_id = ${course.id}) z
      cross join generate_series(1, ${students}::int) i
      cross join lateral generate_series(1, (i + z.q) % 3) n
      cross join lateral (select case
        when n = 1 then ((i * 7 + z.q * 13) % 101)::real
        when (i + z.q) % 5 = 0 then null
        else ((i * 11 + z.q) % 101)::real end as p) v`);
    return { course, prefix, userIdOf: (i: number) => `${prefix}-${i}` };
  });
}

export const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * dayMs);
