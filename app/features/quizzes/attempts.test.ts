import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pointsLedger } from "~/features/gamification/tables.server";
import { lessonProgress } from "~/features/learning/tables.server";
import type { Viewer } from "~/features/members/members.server";
import { AppError } from "~/platform/errors";
import { createAccount, createMember, insertCourse } from "../../../tests/factories";
import { demoQuizQuestions, insertEnrolment, insertQuiz } from "../../../tests/factories/quizzes";
import {
  backends,
  logicTestOn,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import {
  attemptView,
  deleteQuiz,
  gradeAttempt,
  gradingQueue,
  quizIntro,
  saveAnswers,
  startAttempt,
  submitAttempt,
} from "./quizzes.server";
import { quizAttempts } from "./tables.server";
import type { QuizSettings } from "./quiz-shapes";

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );

describe.each(backends)("M1 quiz integrity (issue 15 scope 2) on %s", (backend) => {
  const logicTest = logicTestOn(backend);
  let db: TestDatabase;
  let accountId: string;
  let teacher: Viewer;
  let otherTeacher: Viewer;
  let student: Viewer;
  let stranger: Viewer;
  let courseId: string;

  const viewerOf = (user: { id: string; name: string; email: string }, caps: string[]) =>
    ({
      user: { ...user, image: null },
      membership: { role: "member", caps },
      isSuperAdmin: false,
    }) as unknown as Viewer;
  const teacherCaps = ["create_courses", "manage_curriculum", "manage_submissions"];

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    accountId = (await createAccount(db.database)).accountId;
    const t = await createMember(db.database, { accountId });
    const o = await createMember(db.database, { accountId });
    const s = await createMember(db.database, { accountId });
    const x = await createMember(db.database, { accountId });
    teacher = viewerOf(t.user, teacherCaps);
    otherTeacher = viewerOf(o.user, teacherCaps);
    student = viewerOf(s.user, []);
    stranger = viewerOf(x.user, []);
    courseId = await db.database.forAccount(accountId, async (tx) => {
      const course = await insertCourse(tx, {
        accountId,
        authorId: t.user.id,
        sections: [{ title: "One", lessons: [{ title: "Intro", type: "text" }] }],
      });
      await insertEnrolment(tx, { accountId, courseId: course.id, userId: s.user.id });
      return course.id;
    });
  });
  afterAll(() => db?.dispose());

  async function newQuiz(settings: QuizSettings, inLesson = false) {
    return db.database.forAccount(accountId, async (tx) => {
      const made = await insertQuiz(tx, {
        accountId,
        courseId,
        authorId: teacher.user.id,
        settings,
        questions: demoQuizQuestions.slice(0, 4),
      });
      if (inLesson) {
        const [section] = await tx
          .execute<{ id: string }>(
            sql`select id from course_sections where account_id = ${accountId} and course_id = ${courseId} limit 1`,
          )
          .then((r) => ("rows" in r ? r.rows : r) as { id: string }[]);
        await tx.execute(
          sql`insert into lessons (account_id, course_id, section_id, title, position, type, content)
              values (${accountId}, ${courseId}, ${section!.id}, 'Quiz', 9, 'quiz', ${JSON.stringify({ quizId: made.quiz.id })}::jsonb)`,
        );
      }
      return made;
    });
  }
  const scope = (viewer: Viewer) => ({ accountId, viewer });
  const rightAnswers = (ids: string[]) => ({
    [ids[0]!]: "o1",
    [ids[1]!]: true,
    [ids[2]!]: 90,
    [ids[3]!]: "Red",
  });

  logicTest("M1 quiz integrity: a 4th attempt on a 3-attempt quiz is refused", async () => {
    const { quiz } = await newQuiz({ attemptLimit: 3 });
    for (let i = 0; i < 3; i++) {
      const { attemptId } = await startAttempt(db.database, { ...scope(student), quizId: quiz.id });
      await submitAttempt(db.database, { ...scope(student), attemptId });
    }
    expect(await codeOf(startAttempt(db.database, { ...scope(student), quizId: quiz.id }))).toBe(
      "quiz.attemptLimit",
    );
    const intro = await quizIntro(db.database, { ...scope(student), quizId: quiz.id });
    expect(intro.attemptsLeft).toBe(0);
    expect(intro.attempts).toHaveLength(3);
  });

  test("M1 quiz integrity: parallel starts never make more attempts than the limit", async () => {
    const { quiz } = await newQuiz({ attemptLimit: 3 });
    for (let i = 0; i < 2; i++) {
      const { attemptId } = await startAttempt(db.database, { ...scope(student), quizId: quiz.id });
      await submitAttempt(db.database, { ...scope(student), attemptId });
    }
    const starts = await Promise.all(
      Array.from({ length: 8 }, () =>
        startAttempt(db.database, { ...scope(student), quizId: quiz.id }).catch((e) => e),
      ),
    );
    const ids = new Set(starts.filter((s) => !(s instanceof Error)).map((s) => s.attemptId));
    expect(ids.size).toBe(1); // every start got the third attempt, or resumed it
    const { attemptId } = [...starts].find((s) => !(s instanceof Error))!;
    await submitAttempt(db.database, { ...scope(student), attemptId });
    const fourth = await Promise.all(
      Array.from({ length: 8 }, () =>
        codeOf(startAttempt(db.database, { ...scope(student), quizId: quiz.id })),
      ),
    );
    expect(new Set(fourth)).toEqual(new Set(["quiz.attemptLimit"]));
    const rows = await db.database.forAccount(accountId, (tx) =>
      tx.select().from(quizAttempts).where(eq(quizAttempts.quizId, quiz.id)),
    );
    expect(rows.map((r) => r.number).sort()).toEqual([1, 2, 3]);
    // The mechanism: the same number twice is refused by the unique (quiz, person, number).
    const duplicate = db.database.forAccount(accountId, (tx) =>
      tx
        .insert(quizAttempts)
        .values({ accountId, quizId: quiz.id, userId: student.user.id, number: 3 }),
    );
    await expect(duplicate).rejects.toThrow();
  });

  logicTest(
    "M1 quiz integrity: an answer after the deadline is refused and a late submission counts only earlier answers",
    async () => {
      const { quiz, questions } = await newQuiz({ timeLimitSeconds: 600, passMark: 50 });
      const { attemptId } = await startAttempt(db.database, { ...scope(student), quizId: quiz.id });
      const ids = questions.map((q) => q.id);
      await saveAnswers(db.database, {
        ...scope(student),
        attemptId,
        answers: { [ids[0]!]: "o1" },
      });
      await db.database.forAccount(accountId, (tx) =>
        tx
          .update(quizAttempts)
          .set({ deadlineAt: sql`now() - interval '1 second'` })
          .where(eq(quizAttempts.id, attemptId)),
      );
      expect(
        await codeOf(
          saveAnswers(db.database, { ...scope(student), attemptId, answers: { [ids[1]!]: true } }),
        ),
      ).toBe("quiz.deadlinePassed");
      // The late submission carries every right answer; only the one saved in time counts.
      await submitAttempt(db.database, {
        ...scope(student),
        attemptId,
        answers: rightAnswers(ids),
      });
      const view = await attemptView(db.database, { ...scope(student), attemptId });
      expect(view.attempt.score).toBe(1);
      expect(view.questions.filter((q) => q.response !== null)).toHaveLength(1);
      expect(
        await codeOf(
          saveAnswers(db.database, { ...scope(student), attemptId, answers: { [ids[1]!]: true } }),
        ),
      ).toBe("quiz.attemptClosed");
    },
  );

  test("M1 quiz integrity: the same submission sent 10 times in parallel grades once (one points award)", async () => {
    const { quiz, questions } = await newQuiz({ passMark: 50 }, true);
    const { attemptId } = await startAttempt(db.database, { ...scope(student), quizId: quiz.id });
    const answers = rightAnswers(questions.map((q) => q.id));
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () =>
        submitAttempt(db.database, { ...scope(student), attemptId, answers }),
      ),
    );
    expect(outcomes.filter((o) => !o.alreadySubmitted)).toHaveLength(1);
    const awarded = outcomes.flatMap((o) => o.awards);
    expect(awarded.filter((a) => a.reason === "quiz_passed")).toHaveLength(1);
    // The quiz's lesson was completed in the same transaction.
    expect(awarded.some((a) => a.reason === "lesson_completed")).toBe(true);
    const ledger = await db.database.forAccount(accountId, (tx) =>
      tx
        .select()
        .from(pointsLedger)
        .where(and(eq(pointsLedger.userId, student.user.id), eq(pointsLedger.sourceId, quiz.id))),
    );
    expect(ledger).toHaveLength(1);
    const progress = await db.database.forAccount(accountId, (tx) =>
      tx.select().from(lessonProgress).where(eq(lessonProgress.userId, student.user.id)),
    );
    expect(progress.length).toBeGreaterThan(0);
    const view = await attemptView(db.database, { ...scope(student), attemptId });
    expect(view.attempt).toMatchObject({ status: "graded", passed: true, percent: 100 });
  });

  logicTest(
    "M1 quiz integrity: no key, accepted answer or correct flag reaches the student before submission",
    async () => {
      const { quiz } = await newQuiz({ showCorrectAnswers: true, feedback: "after_submit" });
      const { attemptId } = await startAttempt(db.database, { ...scope(student), quizId: quiz.id });
      const seen = JSON.stringify([
        await quizIntro(db.database, { ...scope(student), quizId: quiz.id }),
        await attemptView(db.database, { ...scope(student), attemptId }),
      ]);
      expect(seen).not.toMatch(
        /"(answer|answers|accepted|tolerance|correct|correctAnswer|grade)":/,
      );
      expect(seen).not.toMatch(/\bred\b/i); // the short answer's accepted word
      // The same view after submission does show them: the check above can see a key.
      await submitAttempt(db.database, { ...scope(student), attemptId });
      const after = JSON.stringify(
        await attemptView(db.database, { ...scope(student), attemptId }),
      );
      expect(after).toMatch(/"correctAnswer":/);
      expect(after).toMatch(/"correctAnswer":"o1"/);
      expect(after).toMatch(/"red"/);
    },
  );

  logicTest("M1 quiz access: a student not enrolled, and a stranger, may not start", async () => {
    const { quiz } = await newQuiz({});
    expect(await codeOf(startAttempt(db.database, { ...scope(stranger), quizId: quiz.id }))).toBe(
      "learning.notEnrolled",
    );
    expect(
      await codeOf(startAttempt(db.database, { accountId, viewer: null, quizId: quiz.id })),
    ).toBe("not_authenticated");
    // The teacher previews without an enrolment.
    expect(await codeOf(startAttempt(db.database, { ...scope(teacher), quizId: quiz.id }))).toBe(
      "ok",
    );
  });

  logicTest(
    "M1 grading: an essay makes the attempt pending; its course's teacher grades it, another instructor cannot see it",
    async () => {
      // 4 of 6 points before the essay is graded: 67 %, short of 80 %, and 100 % is still possible.
      const made = await db.database.forAccount(accountId, (tx) =>
        insertQuiz(tx, {
          accountId,
          courseId,
          authorId: teacher.user.id,
          settings: { passMark: 80 },
          questions: demoQuizQuestions,
        }),
      );
      const ids = made.questions.map((q) => q.id);
      const { attemptId } = await startAttempt(db.database, {
        ...scope(student),
        quizId: made.quiz.id,
      });
      const submitted = await submitAttempt(db.database, {
        ...scope(student),
        attemptId,
        answers: { ...rightAnswers(ids), [ids[4]!]: "A chair by Eames, for its honest joints." },
      });
      expect(submitted).toMatchObject({ needsGrading: true, awards: [] });
      const pending = await attemptView(db.database, { ...scope(student), attemptId });
      expect(pending.attempt).toMatchObject({ status: "pending", passed: null });
      const queue = await gradingQueue(db.database, scope(teacher));
      expect(queue.map((q) => q.attemptId)).toContain(attemptId);
      expect(
        (await gradingQueue(db.database, scope(otherTeacher))).map((q) => q.attemptId),
      ).not.toContain(attemptId);
      expect(
        await codeOf(
          gradeAttempt(db.database, {
            ...scope(otherTeacher),
            attemptId,
            grades: { [ids[4]!]: { points: 2, feedback: "" } },
          }),
        ),
      ).toBe("route.notFound");
      const graded = await gradeAttempt(db.database, {
        ...scope(teacher),
        attemptId,
        grades: { [ids[4]!]: { points: 2, feedback: "Well argued." } },
      });
      expect(graded.awards.map((a) => a.reason)).toContain("quiz_passed");
      const final = await attemptView(db.database, { ...scope(student), attemptId });
      expect(final.attempt).toMatchObject({ status: "graded", passed: true, score: 6 });
      expect(final.questions[4]!.grade).toMatchObject({ points: 2, feedback: "Well argued." });
    },
  );

  logicTest(
    "M1 grading: a pass or a fail the essay can no longer change is decided at submission; grading keeps it and awards once",
    async () => {
      // Pass mark 60 % of 6 points: the four right answers (4) pass whatever the essay (2) gets;
      // four wrong answers cannot pass even with full marks on it (2 of 6).
      const made = await db.database.forAccount(accountId, (tx) =>
        insertQuiz(tx, {
          accountId,
          courseId,
          authorId: teacher.user.id,
          settings: { passMark: 60, attemptLimit: 0 },
          questions: demoQuizQuestions,
        }),
      );
      const ids = made.questions.map((q) => q.id);
      const essay = { [ids[4]!]: "Eames: honest joints." };
      const first = await startAttempt(db.database, { ...scope(student), quizId: made.quiz.id });
      const failed = await submitAttempt(db.database, {
        ...scope(student),
        attemptId: first.attemptId,
        answers: { [ids[0]!]: "o2", [ids[1]!]: false, [ids[2]!]: 10, [ids[3]!]: "Blue", ...essay },
      });
      expect(failed).toMatchObject({ needsGrading: true, awards: [] });
      expect(
        (await attemptView(db.database, { ...scope(student), attemptId: first.attemptId })).attempt,
      ).toMatchObject({ status: "pending", passed: false });

      const second = await startAttempt(db.database, { ...scope(student), quizId: made.quiz.id });
      const passed = await submitAttempt(db.database, {
        ...scope(student),
        attemptId: second.attemptId,
        answers: { ...rightAnswers(ids), ...essay },
      });
      expect(passed.needsGrading).toBe(true);
      expect(passed.awards.map((a) => a.reason)).toContain("quiz_passed");
      expect(
        (await attemptView(db.database, { ...scope(student), attemptId: second.attemptId }))
          .attempt,
      ).toMatchObject({ status: "pending", passed: true, score: null });

      const graded = await gradeAttempt(db.database, {
        ...scope(teacher),
        attemptId: second.attemptId,
        grades: { [ids[4]!]: { points: 0, feedback: "Say more." } },
      });
      expect(graded.awards).toEqual([]);
      const final = await attemptView(db.database, {
        ...scope(student),
        attemptId: second.attemptId,
      });
      expect(final.attempt).toMatchObject({ status: "graded", passed: true, score: 4 });
      const awards = await db.database.forAccount(accountId, (tx) =>
        tx
          .select()
          .from(pointsLedger)
          .where(
            and(
              eq(pointsLedger.accountId, accountId),
              eq(pointsLedger.userId, student.user.id),
              eq(pointsLedger.sourceId, made.quiz.id),
            ),
          ),
      );
      expect(awards).toHaveLength(1);
    },
  );

  logicTest(
    "M1 quiz: a quiz a lesson still takes cannot be deleted; once unplaced it can",
    async () => {
      const placed = await newQuiz({ passMark: 50 }, true);
      expect(
        await codeOf(deleteQuiz(db.database, { ...scope(teacher), quizId: placed.quiz.id })),
      ).toBe("quiz.inUse");
      await db.database.forAccount(accountId, (tx) =>
        tx.execute(
          sql`delete from lessons where account_id = ${accountId} and content->>'quizId' = ${placed.quiz.id}`,
        ),
      );
      expect(
        await codeOf(deleteQuiz(db.database, { ...scope(teacher), quizId: placed.quiz.id })),
      ).toBe("ok");
    },
  );
});
