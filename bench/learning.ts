// Issue 15's learning bars under 50 connections, on the built server (PGlite) with the demo:
// 1. the course player: the demo's enrolled student opening the lessons of "Design Foundations"
//    as a page and as the `.data` request React Router's client makes on "Next", beside the
//    public course page for the same visitor (all three rendered, never from the page cache);
// 2. quiz submission: N students (BENCH_QUIZ_STUDENTS, 500), each with an attempt open on one
//    auto-graded quiz, submit at once, 50 in flight, beside saving answers in the same run; then
//    every attempt is checked, over HTTP and in the database, to have been graded exactly once.
// The students, their sessions and enrolments and the quiz are written with the app's code into
// the data directory before the server starts (PGlite is one process's), so the module loads through
// Vite's module runner; its figures are returned for bench/run.ts to record (this module's copy
// of report.ts is not run.ts's). Figures only: a bench never fails on a missed goal.
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import { and, asc, eq, sql } from "drizzle-orm";
import { findAccountBySlug } from "~/features/accounts/accounts.server";
import { sessions, users } from "~/features/auth/tables.server";
import { courseSections, courses, lessons } from "~/features/courses/tables.server";
import { addMember } from "~/features/members/members.server";
import { openDatabase, type Database } from "~/platform/db/database.server";
import { findPgliteTemplate } from "~/platform/db/pglite-template.server";
import { seedDemo } from "../scripts/demo-seed.ts";
import { MIGRATIONS_FOLDER, PGLITE_TEMPLATES } from "../server/boot";
import { startServer, tempDataDir } from "../tests/e2e/support/server.ts";
import { insertEnrolment, insertQuiz } from "../tests/factories/quizzes.ts";
import { atMost, ms, percentile, ratio, type Figure, type Print } from "./report.ts";
import { call, inFlight, signIn, wrkPaths, type Load, type Reply } from "./learning-load.ts";
import { wrkTool } from "./tools.ts";

const students = Number(process.env.BENCH_QUIZ_STUDENTS ?? 500);
const connections = 50;
const goalMs = 100;
const courseSlug = "design-foundations";
const student = "student@demo.test";

/** Auto-graded only (no essay): a submission is graded in its own request. */
const questions = [
  {
    type: "single",
    data: {
      options: [
        { id: "o1", text: "Green" },
        { id: "o2", text: "Red" },
      ],
      answer: "o1",
    },
  },
  { type: "true_false", data: { answer: true } },
  { type: "numeric", data: { answer: 90, tolerance: 0 } },
  { type: "short", data: { accepted: ["red"], caseSensitive: false } },
] as const;
const right = ["o1", true, 90, "red"];
const wrong = ["o2", true, 45, "red"]; // half the points: under the pass mark

type Seeded = { lessonIds: string[]; quizId: string; questionIds: string[]; cookies: string[] };

/** The server's secret: the bench signs the sessions it seeds with it. */
const authSecret = randomBytes(24).toString("hex");

/**
 * better-auth's session cookie for a session row: the token and its HMAC (better-call's signed
 * cookie). The demo's student signs in through the API; N sign-ins would spend a minute or more
 * in scrypt, two at a time past the admission queue, each from an address of its own (3 in 10 s).
 */
const sessionCookie = (token: string) =>
  `lyceum.session_token=${encodeURIComponent(
    `${token}.${createHmac("sha256", authSecret).update(token).digest("base64")}`,
  )}`;

/**
 * The demo, then N enrolled students, each with a session on the demo site, and a quiz lesson
 * at the end of the course, in one commit.
 */
async function seed(dataDir: string): Promise<Seeded> {
  const template = findPgliteTemplate(PGLITE_TEMPLATES, MIGRATIONS_FOLDER);
  const database = await openDatabase({ kind: "pglite", dataDir, template });
  try {
    await database.migrate(MIGRATIONS_FOLDER);
    await seedDemo(database, { replace: false });
    const account = await database.asApp((tx) => findAccountBySlug(tx, "demo"));
    if (!account) throw new Error("bench: the demo seed made no demo account");
    const { accountId } = account;
    return await database.ownerThenAccount(async (tx, enterAccount) => {
      const people = await tx
        .insert(users)
        .values(
          Array.from({ length: students }, (_, i) => ({
            id: randomUUID(),
            email: `bench-${i + 1}@learning.test`,
            name: `Bench Student ${String(i + 1).padStart(4, "0")}`,
            emailVerified: true,
          })),
        )
        .returning();
      const tokens = people.map(() => randomBytes(24).toString("base64url"));
      await tx.insert(sessions).values(
        people.map((user, i) => ({
          id: randomUUID(),
          token: tokens[i]!,
          userId: user.id,
          tenantId: accountId,
          expiresAt: new Date(Date.now() + 86_400_000),
        })),
      );
      await enterAccount(accountId);
      const [course] = await tx
        .select({ id: courses.id })
        .from(courses)
        .where(and(eq(courses.accountId, accountId), eq(courses.slug, courseSlug)));
      if (!course) throw new Error(`bench: the demo has no course ${courseSlug}`);
      const outline = await tx
        .select({ id: lessons.id, type: lessons.type, sectionId: lessons.sectionId })
        .from(lessons)
        .innerJoin(courseSections, eq(courseSections.id, lessons.sectionId))
        .where(and(eq(lessons.accountId, accountId), eq(lessons.courseId, course.id)))
        .orderBy(asc(courseSections.position), asc(lessons.position));
      for (const user of people) {
        await addMember(tx, { accountId, user, roleName: "student" });
        await insertEnrolment(tx, { accountId, courseId: course.id, userId: user.id });
      }
      const { quiz, questions: rows } = await insertQuiz(tx, {
        accountId,
        courseId: course.id,
        title: "Bench quiz",
        settings: { passMark: 60, attemptLimit: 3, feedback: "after_submit" },
        questions: questions.map((q) => ({ type: q.type, data: { ...q.data } })),
      });
      // A quiz lesson: a pass completes it, as a real course's quiz does.
      const last = outline.at(-1)!;
      await tx.insert(lessons).values({
        accountId,
        courseId: course.id,
        sectionId: last.sectionId,
        title: "Bench quiz",
        position: 1000,
        type: "quiz",
        content: { quizId: quiz.id },
      });
      return {
        lessonIds: outline.filter((l) => l.type !== "quiz").map((l) => l.id),
        quizId: quiz.id,
        questionIds: rows.map((row) => row.id),
        cookies: tokens.map(sessionCookie),
      };
    });
  } finally {
    await database.close();
  }
}

type Out = { print: Print; figures: Figure[] };

async function benchPlayer(port: number, seeded: Seeded, seconds: number, { print, figures }: Out) {
  const cookie = await signIn(port, student);
  const lessonPaths = seeded.lessonIds.map((id) => `/course/${courseSlug}/learn/${id}`);
  const loads = [
    { name: "lesson page (HTML)", paths: lessonPaths },
    { name: "lesson .data (Next)", paths: lessonPaths.map((p) => `${p}.data`) },
    { name: "course page (peer)", paths: [`/course/${courseSlug}`] },
  ];
  // A wrong session or a locked lesson would be measured as a fast redirect or 404: check first.
  for (const load of loads)
    for (const p of load.paths) {
      const reply = await call(port, "GET", p, { cookie });
      if (reply.status !== 200)
        throw new Error(`bench: ${p} answered ${reply.status} to ${student}`);
    }
  const results: Load[] = [];
  for (const { paths } of loads) {
    results.push(await wrkPaths({ port, paths, cookie, seconds, connections }));
    // wrk leaves its last requests queued in the server; one more from the same address waits
    // behind them, so the next load starts on an idle server (and within the queue's bounds).
    await call(port, "GET", paths[0]!, { cookie });
  }
  print(
    `Course player as ${student} (signed in): wrk -t2 -c${connections} for ${seconds} s each, ${lessonPaths.length} lessons in turn`,
    [
      ["request", "requests", "req/s", "p50", "p95", "p99", "max", "not 200"],
      ...results.map((r, i) => [
        loads[i]!.name,
        String(r.requests),
        r.rps.toFixed(0),
        ...[r.p50, r.p95, r.p99, r.max].map(ms),
        r.badStatuses || "0",
      ]),
    ],
  );
  const peer = results[2]!;
  for (const [i, what] of ["page", ".data navigation"].entries()) {
    const r = results[i]!;
    figures.push({
      figure: `course player lesson ${what}, enrolled student, ${connections} connections (PGlite)`,
      measured: `p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, p99 ${ms(r.p99)}, ${r.rps.toFixed(0)} req/s`,
      goal: `p95 ≤ ${goalMs} ms`,
      peer: `course page p95 ${ms(peer.p95)}, ${peer.rps.toFixed(0)} req/s → ${ratio(r.p95 / peer.p95)}`,
      met: r.bad === 0 && atMost(r.p95, goalMs),
    });
  }
}

type QuizRun = {
  firstGraded: number;
  firstAlready: number;
  repeatsAlready: number;
  repeatsGraded: number;
  failures: string[];
};

async function benchQuiz(port: number, seeded: Seeded, { print, figures }: Out): Promise<QuizRun> {
  // A seeded session refused would be measured as fast 401s: check one first.
  const session = await call(port, "GET", "/api/auth/get-session", { cookie: seeded.cookies[0] });
  if (session.status !== 200 || !session.body.includes("@learning.test"))
    throw new Error(`bench: a seeded session was refused (${session.status} ${session.body})`);
  const { cookies } = seeded;
  // Node's http rather than wrk: each request carries its own student's cookie and attempt,
  // each attempt is submitted exactly once (wrk runs for a time and would repeat them), and
  // each answer's body says whether it was the first submission. One keep-alive pool of 50.
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const failures: string[] = [];
  const expect = (reply: Reply, status: number, what: string) => {
    if (reply.status !== status)
      failures.push(`${what} ${reply.status} ${reply.body.slice(0, 120)}`);
  };
  const answersOf = (i: number) =>
    Object.fromEntries(seeded.questionIds.map((id, q) => [id, (i % 2 ? wrong : right)[q]]));
  try {
    const attemptIds: string[] = [];
    const starts: number[] = [];
    const startSeconds = await inFlight(cookies, connections, async (cookie, i) => {
      const path = `/api/quizzes/${seeded.quizId}/attempts`;
      const reply = await call(port, "POST", path, { cookie, agent });
      expect(reply, 201, "start");
      starts.push(reply.ms);
      attemptIds[i] =
        reply.status === 201 ? (JSON.parse(reply.body) as { attemptId: string }).attemptId : "";
    });
    // The autosave of a student half-way: the first two answers.
    const saves: number[] = [];
    const saveSeconds = await inFlight(attemptIds, connections, async (id, i) => {
      const answers = Object.fromEntries(Object.entries(answersOf(i)).slice(0, 2));
      const reply = await call(port, "PUT", `/api/quiz-attempts/${id}/answers`, {
        cookie: cookies[i],
        json: { answers },
        agent,
      });
      expect(reply, 200, "save");
      saves.push(reply.ms);
    });
    // Counts the answers that graded the attempt and those that found it already graded.
    const submitAll = async () => {
      const round = { times: [] as number[], graded: 0, already: 0, seconds: 0 };
      round.seconds = await inFlight(attemptIds, connections, async (id, i) => {
        const reply = await call(port, "POST", `/api/quiz-attempts/${id}/submit`, {
          cookie: cookies[i],
          json: { answers: answersOf(i) },
          agent,
        });
        expect(reply, 200, "submit");
        round.times.push(reply.ms);
        if (reply.status !== 200) return;
        const view = JSON.parse(reply.body) as {
          alreadySubmitted: boolean;
          attempt: { status: string };
        };
        if (view.attempt.status !== "graded") return;
        if (view.alreadySubmitted) round.already++;
        else round.graded++;
      });
      return round;
    };
    const first = await submitAll();
    // Each attempt once more (a double click): answered, and never graded a second time.
    const again = await submitAll();
    const row = (name: string, times: number[], seconds: number) => [
      name,
      String(times.length),
      (times.length / seconds).toFixed(0),
      ...[50, 95, 99].map((p) => ms(percentile(times, p))),
    ];
    print(
      `Quiz attempts: ${students} students, each with a session, ${connections} requests in flight`,
      [
        ["request", "requests", "per s", "p50", "p95", "p99"],
        row("start attempt", starts, startSeconds),
        row("save answers (peer)", saves, saveSeconds),
        row("submit, first time", first.times, first.seconds),
      ],
    );
    const submits = first.times;
    const p95 = percentile(submits, 95);
    const savesP95 = percentile(saves, 95);
    figures.push({
      figure: `quiz submission (auto-graded), ${students} students, ${connections} in flight (PGlite)`,
      measured: `p50 ${ms(percentile(submits, 50))}, p95 ${ms(p95)}, ${(submits.length / first.seconds).toFixed(0)} submissions/s`,
      goal: `p95 ≤ ${goalMs} ms`,
      peer: `saving answers p95 ${ms(savesP95)}, ${(saves.length / saveSeconds).toFixed(0)}/s → ${ratio(p95 / savesP95)}`,
      met: failures.length === 0 && atMost(p95, goalMs),
    });
    return {
      firstGraded: first.graded,
      firstAlready: first.already,
      repeatsAlready: again.already,
      repeatsGraded: again.graded,
      failures,
    };
  } finally {
    agent.destroy();
  }
}

/** After the server stopped: each attempt's row, and the quiz's points, read as the owner. */
async function graded(database: Database, quizId: string) {
  const [row] = (
    await database.owner.execute<{
      graded: number;
      other: number;
      passed: number;
      awards: number;
    }>(sql`
      select count(*) filter (where status = 'graded' and submitted_at is not null and graded_at is not null)::int as graded,
             count(*) filter (where status <> 'graded')::int as other,
             count(*) filter (where passed)::int as passed,
             (select count(*)::int from points_ledger where reason = 'quiz_passed' and source_id = ${quizId}) as awards
      from quiz_attempts where quiz_id = ${quizId}`)
  ).rows as [{ graded: number; other: number; passed: number; awards: number }];
  return row;
}

export async function benchLearning({
  seconds,
  print,
}: {
  seconds: number;
  print: Print;
}): Promise<Figure[]> {
  const figures: Figure[] = [];
  const wrk = wrkTool();
  if ("missing" in wrk)
    figures.push({
      figure: "course player lesson page, enrolled student",
      measured: `n/a (${wrk.missing})`,
      goal: `p95 ≤ ${goalMs} ms`,
      met: null,
    });
  const dataDir = tempDataDir("bench-learning");
  try {
    const seeding = performance.now();
    const seeded = await seed(dataDir);
    console.log(
      `\nlearning: demo + ${students} enrolled students seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    const server = await startServer({
      dataDir,
      env: { LOG_LEVEL: "warn", AUTH_SECRET: authSecret },
    });
    let quiz: QuizRun;
    try {
      if (!("missing" in wrk)) await benchPlayer(server.port, seeded, seconds, { print, figures });
      quiz = await benchQuiz(server.port, seeded, { print, figures });
    } finally {
      await server.stop();
    }
    const database = await openDatabase({ kind: "pglite", dataDir });
    const rows = await graded(database, seeded.quizId).finally(() => database.close());
    const checks: [string, number, number][] = [
      ["first submissions that graded their attempt", quiz.firstGraded, students],
      ["first submissions that found it already graded", quiz.firstAlready, 0],
      ["repeat submissions answered as already graded", quiz.repeatsAlready, students],
      ["repeat submissions that graded it again", quiz.repeatsGraded, 0],
      ["attempts graded in the database", rows.graded, students],
      ["attempts in any other state", rows.other, 0],
      ["quiz points awarded (one per pass)", rows.awards, rows.passed],
      ["unexpected answers (status)", quiz.failures.length, 0],
    ];
    const once = checks.every(([, count, expected]) => count === expected);
    print("Quiz attempts graded exactly once", [
      ["check", "count", "expected"],
      ...checks.map(([name, count, expected]) => [name, String(count), String(expected)]),
    ]);
    for (const failure of quiz.failures.slice(0, 5)) console.log(`  ${failure}`);
    figures.push({
      figure: `quiz attempts graded exactly once (${students} submitted, then each again)`,
      measured: once ? "yes" : "no",
      goal: "every one",
      peer: `${rows.graded} graded, ${rows.passed} passed, ${rows.awards} awards`,
      met: once,
    });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}
