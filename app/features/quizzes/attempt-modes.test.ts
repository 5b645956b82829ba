import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Viewer } from "~/features/members/members.server";
import { createAccount, createMember, insertCourse } from "../../../tests/factories";
import { demoQuizQuestions, insertEnrolment, insertQuiz } from "../../../tests/factories/quizzes";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import type { QuizSettings } from "./quiz-shapes";
import { attemptView, startAttempt, submitAttempt } from "./quizzes.server";

// Issue 15 scope 2's per-attempt modes, each shown able to fail: random draws from the bank,
// shuffled questions and answers, and the four feedback settings.
describe.each(logicBackends)("M1 quiz modes on %s", (backend) => {
  let db: TestDatabase;
  let accountId: string;
  let courseId: string;
  let teacherId: string;
  let student: Viewer;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    accountId = (await createAccount(db.database)).accountId;
    const teacher = await createMember(db.database, { accountId });
    const learner = await createMember(db.database, { accountId });
    teacherId = teacher.user.id;
    student = {
      user: { ...learner.user, image: null },
      membership: { role: "member", caps: [] },
      isSuperAdmin: false,
    } as unknown as Viewer;
    courseId = await db.database.forAccount(accountId, async (tx) => {
      const course = await insertCourse(tx, {
        accountId,
        authorId: teacherId,
        sections: [{ title: "One", lessons: [{ title: "Intro", type: "text" }] }],
      });
      await insertEnrolment(tx, { accountId, courseId: course.id, userId: learner.user.id });
      return course.id;
    });
  });
  afterAll(() => db?.dispose());

  const scope = () => ({ accountId, viewer: student });
  const newQuiz = (settings: QuizSettings) =>
    db.database.forAccount(accountId, (tx) =>
      insertQuiz(tx, {
        accountId,
        courseId,
        authorId: teacherId,
        settings,
        questions: demoQuizQuestions.slice(0, 4),
      }),
    );
  /** Starts an attempt, reads what it shows, submits `answers`, and returns both views. */
  async function attempt(quizId: string, answers: Record<string, unknown> = {}) {
    const { attemptId } = await startAttempt(db.database, { ...scope(), quizId });
    const open = await attemptView(db.database, { ...scope(), attemptId });
    await submitAttempt(db.database, { ...scope(), attemptId, answers });
    const done = await attemptView(db.database, { ...scope(), attemptId });
    return { open, done };
  }

  test("M1 quiz: a draw of 2 from a bank of 4 shows 2 distinct bank questions, different ones across attempts", async () => {
    const made = await newQuiz({ drawCount: 2, attemptLimit: 0 });
    const bank = new Set(made.questions.map((q) => q.id));
    const draws = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const { open } = await attempt(made.quiz.id);
      const ids = open.questions.map((q) => q.id);
      expect(ids).toHaveLength(2);
      expect(new Set(ids).size).toBe(2);
      for (const id of ids) expect(bank.has(id)).toBe(true);
      draws.add([...ids].sort().join());
    }
    // Six possible pairs: twelve draws all alike would mean no draw at all (odds 6 × 6⁻¹²).
    expect(draws.size).toBeGreaterThan(1);
  });

  test("M1 quiz: shuffled questions and answers change order between attempts; unshuffled keep the bank's", async () => {
    const plain = await newQuiz({ attemptLimit: 0 });
    const bankOrder = plain.questions.map((q) => q.id).join();
    for (let i = 0; i < 3; i++) {
      const { open } = await attempt(plain.quiz.id);
      expect(open.questions.map((q) => q.id).join()).toBe(bankOrder);
      expect(open.questions[0]!.options!.map((o) => o.text)).toEqual(["Green", "Purple", "Orange"]);
    }
    const shuffled = await newQuiz({
      attemptLimit: 0,
      shuffleQuestions: true,
      shuffleAnswers: true,
    });
    const questionOrders = new Set<string>();
    const optionOrders = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const { open } = await attempt(shuffled.quiz.id);
      questionOrders.add(open.questions.map((q) => q.id).join());
      const single = open.questions.find((q) => q.type === "single")!;
      optionOrders.add(single.options!.map((o) => o.text).join());
    }
    expect(questionOrders.size).toBeGreaterThan(1);
    expect(optionOrders.size).toBeGreaterThan(1);
    for (const order of optionOrders)
      expect(order.split(",").sort()).toEqual(["Green", "Orange", "Purple"]);
  });

  test("M1 quiz: feedback never, once passed, and after the last attempt show grades only when allowed", async () => {
    const right = (ids: string[]) => ({
      [ids[0]!]: "o1",
      [ids[1]!]: true,
      [ids[2]!]: 90,
      [ids[3]!]: "Red",
    });
    const graded = (view: Awaited<ReturnType<typeof attempt>>["done"]) =>
      view.showsFeedback && view.questions.every((q) => q.grade !== undefined);

    const never = await newQuiz({ feedback: "never", attemptLimit: 0 });
    const neverDone = (await attempt(never.quiz.id, right(never.questions.map((q) => q.id)))).done;
    expect(neverDone.attempt.passed).toBe(true);
    expect(graded(neverDone)).toBe(false);
    expect(neverDone.questions.some((q) => q.grade || q.correctAnswer !== undefined)).toBe(false);

    const afterPass = await newQuiz({ feedback: "after_pass", attemptLimit: 0 });
    const ids = afterPass.questions.map((q) => q.id);
    expect(graded((await attempt(afterPass.quiz.id)).done)).toBe(false);
    expect(graded((await attempt(afterPass.quiz.id, right(ids))).done)).toBe(true);

    const last = await newQuiz({ feedback: "after_last_attempt", attemptLimit: 2 });
    expect(graded((await attempt(last.quiz.id)).done)).toBe(false);
    expect(graded((await attempt(last.quiz.id)).done)).toBe(true);

    const always = await newQuiz({ feedback: "after_submit", attemptLimit: 0 });
    expect(graded((await attempt(always.quiz.id)).done)).toBe(true);
  });
});
