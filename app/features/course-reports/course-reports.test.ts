import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { AccountSummary } from "~/features/accounts/accounts";
import type { Capability } from "~/features/members/capabilities";
import type { Viewer } from "~/features/members/members.server";
import { quizAttempts, quizQuestions } from "~/features/quizzes/tables.server";
import { lessons } from "~/features/courses/tables.server";
import { lessonProgress } from "~/features/learning/tables.server";
import { and, eq } from "drizzle-orm";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import { createAccount, createMember } from "../../../tests/factories";
import {
  expectedCell,
  seedGradebookCourse,
  seededCompleted,
  seededName,
  seededProgress,
} from "../../../tests/factories/course-reports";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import {
  courseSummaries,
  exportGradebookCsv,
  loadCourseStats,
  loadGradebook,
} from "./course-reports.server";

const STUDENTS = 240;
const QUIZZES = 4;
const now = new Date("2026-11-20T12:00:00Z");

describe.each(logicBackends)("issue 15 scope 5: gradebook and course stats on %s", (backend) => {
  let db: TestDatabase;
  let account: AccountSummary;
  let courseId: string;
  let prefix: string;
  const viewers = {} as Record<
    "owner" | "instructor" | "otherInstructor" | "noStatsInstructor" | "student" | "parent",
    Viewer
  >;

  async function person(roleName: string, caps: Capability[]) {
    const { user, membership } = await createMember(db.database, {
      accountId: account.accountId,
      roleName,
    });
    return {
      user: { ...user, image: null },
      membership: { ...membership, caps },
      isSuperAdmin: false,
    } as unknown as Viewer;
  }

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await upsertPlanCatalogue(db.database);
    account = (await createAccount(db.database, {
      settings: { plan: "professional", features: ["lms"] },
    })) as unknown as AccountSummary;
    const teacherCaps: Capability[] = ["create_courses", "manage_stats", "manage_students"];
    viewers.owner = await person("site_owner", [
      "manage_options",
      "create_courses",
      "manage_stats",
    ]);
    viewers.instructor = await person("instructor", teacherCaps);
    viewers.otherInstructor = await person("instructor", teacherCaps);
    viewers.noStatsInstructor = await person("instructor", ["create_courses"]);
    viewers.student = await person("student", []);
    viewers.parent = await person("parent", ["manage_stats"]);
    const seeded = await seedGradebookCourse(db.database, {
      accountId: account.accountId,
      authorId: viewers.instructor.user.id,
      students: STUDENTS,
      quizzes: QUIZZES,
      now,
    });
    courseId = seeded.course.id;
    prefix = seeded.prefix;
    // The no-stats instructor co-teaches, to show the cap (not the course) refuses them.
    await db.database.forAccount(account.accountId, (tx) =>
      tx.execute(
        sql`insert into course_instructors (account_id, course_id, user_id) values (${account.accountId}, ${courseId}, ${viewers.noStatsInstructor.user.id})`,
      ),
    );
  }, 120_000);
  afterAll(() => db?.dispose());

  const gradebook = (viewer: Viewer | null, search = "") =>
    loadGradebook(db.database, {
      account,
      viewer,
      courseId,
      search: new URLSearchParams(search),
    });

  test("M1 gradebook: the first page lists 25 students by name with their progress and quizzes", async () => {
    const page = await gradebook(viewers.instructor);
    expect(page.total).toBe(STUDENTS);
    expect(page.quizzes.map((quiz) => quiz.title)).toEqual([
      "Quiz 01",
      "Quiz 02",
      "Quiz 03",
      "Quiz 04",
    ]);
    expect(page.rows).toHaveLength(25);
    expect(page.rows.map((row) => row.name)).toEqual(
      Array.from({ length: 25 }, (_, k) => seededName(prefix, k + 1)),
    );
    for (const [k, row] of page.rows.entries()) {
      const i = k + 1;
      expect(row.progress).toBe(seededProgress(i));
      expect(row.completedAt !== null).toBe(seededCompleted(i));
      page.quizzes.forEach((quiz, index) => {
        expect(row.cells[quiz.id], `student ${i} quiz ${index + 1}`).toEqual(
          expectedCell(i, index + 1),
        );
      });
    }
  });

  test("M1 gradebook: pages, sorting by progress and search agree with the data", async () => {
    const third = await gradebook(viewers.owner, "page=3");
    expect(third.rows.map((row) => row.name)[0]).toBe(seededName(prefix, 51));
    const last = await gradebook(viewers.owner, `page=${Math.ceil(STUDENTS / 25)}`);
    expect(last.rows).toHaveLength(STUDENTS % 25 || 25);

    const byProgress = await gradebook(viewers.owner, "sort=progress&dir=desc");
    const progresses = Array.from({ length: STUDENTS }, (_, k) => seededProgress(k + 1)).sort(
      (a, b) => b - a,
    );
    expect(byProgress.rows.map((row) => row.progress)).toEqual(progresses.slice(0, 25));

    const found = await gradebook(viewers.owner, "q=Student 0012");
    expect(found.total).toBe(10); // 00120–00129
    expect(found.rows.map((row) => row.name)).toContain(seededName(prefix, 120));
    // A % typed by a person is a letter, not a wildcard.
    expect((await gradebook(viewers.owner, "q=%25")).total).toBe(0);
    // Malformed paging answers the first page, not an error.
    expect((await gradebook(viewers.owner, "page=abc&sort=nope")).rows).toHaveLength(25);
  });

  test("M1 gradebook: the CSV export has every student and a header, formulas defused", async () => {
    const { csv, filename } = await exportGradebookCsv(db.database, {
      account,
      viewer: viewers.instructor,
      courseId,
      search: new URLSearchParams(),
    });
    expect(filename).toMatch(/^gradebook-.*\.csv$/);
    const lines = csv.trimEnd().split("\r\n");
    expect(lines).toHaveLength(STUDENTS + 1);
    expect(lines[0]).toContain("Quiz 01 (best %)");
    const first = lines[1]!.split(",");
    expect(first[0]).toBe(seededName(prefix, 1));
    expect(first[3]).toBe(String(seededProgress(1)));
  });

  test("M1 gradebook: only the course's teachers with manage_stats open it (parents and students not)", async () => {
    await expect(gradebook(viewers.owner)).resolves.toBeTruthy();
    await expect(gradebook(viewers.otherInstructor)).rejects.toMatchObject({
      code: "route.notFound",
    });
    await expect(gradebook(viewers.noStatsInstructor)).rejects.toMatchObject({
      code: "auth.forbidden",
    });
    await expect(gradebook(viewers.student)).rejects.toMatchObject({ code: "route.notFound" });
    await expect(gradebook(viewers.parent)).rejects.toMatchObject({ code: "route.notFound" });
    await expect(gradebook(null)).rejects.toMatchObject({ code: "not_authenticated" });
    await expect(
      loadGradebook(db.database, {
        account,
        viewer: viewers.owner,
        courseId: "not-a-uuid",
        search: new URLSearchParams(),
      }),
    ).rejects.toMatchObject({ code: "route.notFound" });
  });

  test("issue 15 scope 5 stats: enrolments over time, completion rate, drop-off and averages", async () => {
    // Progress and grades on a known part of the fixture: students 1–4 opened lesson 1,
    // 1–2 completed it; student 1 completed lesson 2. Two graded question grades on quiz 1.
    const { accountId } = account;
    await db.database.forAccount(accountId, async (tx) => {
      const rows = await tx
        .select({ id: lessons.id, title: lessons.title })
        .from(lessons)
        .where(and(eq(lessons.accountId, accountId), eq(lessons.courseId, courseId)));
      const welcome = rows.find((row) => row.title === "Welcome")!.id;
      const basics = rows.find((row) => row.title === "Basics")!.id;
      const progress = (i: number, lessonId: string, done: boolean) => ({
        accountId,
        userId: `${prefix}-${i}`,
        courseId,
        lessonId,
        completedAt: done ? now : null,
      });
      await tx
        .insert(lessonProgress)
        .values([
          progress(1, welcome, true),
          progress(2, welcome, true),
          progress(3, welcome, false),
          progress(4, welcome, false),
          progress(1, basics, true),
        ]);
    });
    const stats = await loadCourseStats(db.database, {
      account,
      viewer: viewers.instructor,
      courseId,
      search: new URLSearchParams("period=30d"),
      now,
    });
    expect(stats.enrolled).toBe(STUDENTS);
    expect(stats.completed).toBe(STUDENTS / 10);
    expect(stats.completionRate).toBe(10);
    expect(stats.bucket).toBe("day");
    expect(stats.enrolmentsOverTime).toHaveLength(30);
    // Student i enrolled i % 60 days ago: within 30 days, i % 60 in 0..29 → 4 students a day.
    expect(stats.enrolmentsOverTime.at(-1)).toEqual({ bucket: "2026-11-20", enrolments: 4 });
    expect(stats.enrolledInPeriod).toBe(120);
    expect(stats.funnel.map((lesson) => [lesson.title, lesson.reached, lesson.completed])).toEqual([
      ["Welcome", 4, 2],
      ["Basics", 1, 1],
      ["Practice", 0, 0],
    ]);
    const quiz1 = stats.quizzes[0]!;
    const graded: number[] = [];
    for (let i = 1; i <= STUDENTS; i++) {
      const attempts = (i + 1) % 3;
      if (attempts >= 1) graded.push((i * 7 + 13) % 101);
      if (attempts >= 2 && (i + 1) % 5 !== 0) graded.push((i * 11 + 1) % 101);
    }
    expect(quiz1.attempts).toBe(graded.length);
    expect(quiz1.average).toBeCloseTo(graded.reduce((a, b) => a + b, 0) / graded.length, 1);
    expect(quiz1.passRate).toBeCloseTo(
      (100 * graded.filter((p) => p >= 50).length) / graded.length,
      1,
    );

    const weekly = await loadCourseStats(db.database, {
      account,
      viewer: viewers.owner,
      courseId,
      search: new URLSearchParams("period=90d"),
      now,
    });
    expect(weekly.bucket).toBe("week");
    expect(weekly.enrolledInPeriod).toBe(STUDENTS);
  });

  test("issue 15 scope 5 stats: the average per question is read from the attempts' grades", async () => {
    const { accountId } = account;
    const stats0 = await loadCourseStats(db.database, {
      account,
      viewer: viewers.owner,
      courseId,
      search: new URLSearchParams(),
      now,
    });
    const quizId = stats0.quizzes[1]!.quizId;
    await db.database.forAccount(accountId, async (tx) => {
      const [q1, q2] = await tx
        .insert(quizQuestions)
        .values([
          {
            accountId,
            quizId,
            position: 0,
            type: "true_false",
            prompt: "<p>A</p>",
            points: 2,
            data: { answer: true },
          },
          {
            accountId,
            quizId,
            position: 1,
            type: "essay",
            prompt: "<p>B</p>",
            points: 4,
            data: {},
          },
        ] as never)
        .returning();
      const attempts = await tx
        .select({ id: quizAttempts.id })
        .from(quizAttempts)
        .where(
          and(
            eq(quizAttempts.accountId, accountId),
            eq(quizAttempts.quizId, quizId),
            eq(quizAttempts.status, "graded"),
          ),
        )
        .limit(2);
      await tx
        .update(quizAttempts)
        .set({
          grades: {
            [q1!.id]: { points: 2, correct: true },
            [q2!.id]: { points: 1, correct: null },
          },
        })
        .where(and(eq(quizAttempts.accountId, accountId), eq(quizAttempts.id, attempts[0]!.id)));
      await tx
        .update(quizAttempts)
        .set({ grades: { [q1!.id]: { points: 0, correct: false } } })
        .where(and(eq(quizAttempts.accountId, accountId), eq(quizAttempts.id, attempts[1]!.id)));
    });
    const stats = await loadCourseStats(db.database, {
      account,
      viewer: viewers.owner,
      courseId,
      search: new URLSearchParams(),
      now,
    });
    const questions = stats.questions.filter((question) => question.quizId === quizId);
    expect(questions.map((question) => [question.answers, question.average])).toEqual([
      [2, 50],
      [1, 25],
    ]);
  });

  test("issue 15 scope 5: the instructors' overview figures per course", async () => {
    const [summary, none] = await db.database.forAccount(account.accountId, (tx) =>
      courseSummaries(tx, {
        accountId: account.accountId,
        courseIds: [courseId, "00000000-0000-4000-8000-000000000000"],
      }),
    );
    expect(summary).toEqual({
      courseId,
      enrolled: STUDENTS,
      completed: STUDENTS / 10,
      completionRate: 10,
    });
    expect(none).toMatchObject({ enrolled: 0, completionRate: null });
  });
});
