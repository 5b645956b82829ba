import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { accounts } from "~/features/accounts/tables.server";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import { insertCourse } from "../../../tests/factories";
import { demoQuizQuestions, insertEnrolment, insertQuiz } from "../../../tests/factories/quizzes";
import {
  buildWorld,
  runMatrix,
  type ActorKind,
  type MatrixRoute,
  type Place,
  type World,
} from "../../../tests/support/access-matrix";
import { createClient } from "../../../tests/support/http-client";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestApp } from "../../../tests/support/test-server";
import type { Viewer } from "~/features/members/members.server";
import { attachAnswerFile } from "./answer-files.server";
import { startAttempt } from "./attempts.server";

const superAdminEmail = "root-quizzes@platform.test";
const missing = "6f1c3e0a-9b7d-4c2e-8f5a-1d2e3f4a5b6c";

/** Answers on demo's host by a session of it; everyone else: no session here (401), or acme (404, lms off). */
function who(
  actor: ActorKind,
  place: Place,
  table: Partial<Record<"student" | "instructor" | "owner" | "superAdmin", number>>,
) {
  if (actor === "anonymous") return 401;
  if (place === "other") return 401;
  if (actor === "otherOwner") return 404;
  return table[actor] ?? 404;
}

describe.each(logicBackends)(
  "M1 quizzes API access matrix (issue 15 quality bar) on %s",
  (backend) => {
    let db: TestDatabase;
    let app: ReturnType<typeof createTestApp>["app"];
    let world: World;
    const ids = { ownCourse: "", otherCourse: "", ownQuiz: "", otherQuiz: "", fileQuiz: "" };
    /** The student's open attempt at a quiz with a file question, and the file they sent. */
    const file = { attemptId: "", questionId: "", fileId: "" };

    beforeAll(async () => {
      db = await createTestDatabase(backend);
      const made = createTestApp(db.database, { SUPER_ADMIN_EMAILS: superAdminEmail });
      app = made.app;
      world = await buildWorld(db.database, superAdminEmail);
      await upsertPlanCatalogue(db.database);
      await db.database.owner
        .update(accounts)
        .set({ settings: sql`${accounts.settings} || '{"plan":"starter"}'::jsonb` })
        .where(eq(accounts.accountId, world.demo.accountId));
      const { accountId } = world.demo;
      await db.database.forAccount(accountId, async (tx) => {
        const own = await insertCourse(tx, { accountId, authorId: world.people.instructor.userId });
        const other = await insertCourse(tx, { accountId, authorId: world.people.owner.userId });
        await insertEnrolment(tx, {
          accountId,
          courseId: own.id,
          userId: world.people.student.userId,
        });
        const a = await insertQuiz(tx, {
          accountId,
          courseId: own.id,
          questions: demoQuizQuestions,
        });
        const b = await insertQuiz(tx, {
          accountId,
          courseId: other.id,
          questions: demoQuizQuestions,
        });
        Object.assign(ids, {
          ownCourse: own.id,
          otherCourse: other.id,
          ownQuiz: a.quiz.id,
          otherQuiz: b.quiz.id,
        });
        const c = await insertQuiz(tx, {
          accountId,
          courseId: own.id,
          questions: [{ type: "file", data: { accept: ".pdf" } }],
        });
        file.questionId = c.questions[0]!.id;
        ids.fileQuiz = c.quiz.id;
      });
      const student = {
        user: {
          id: world.people.student.userId,
          name: "student",
          email: world.people.student.email,
        },
        membership: { role: "student", caps: [] },
        isSuperAdmin: false,
      } as unknown as Viewer;
      const scope = { accountId, viewer: student };
      file.attemptId = (
        await startAttempt(db.database, { ...scope, quizId: ids.fileQuiz })
      ).attemptId;
      const bytes = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n");
      const sent = await attachAnswerFile(made.services, {
        ...scope,
        attemptId: file.attemptId,
        questionId: file.questionId,
        file: { name: "work.pdf", bytes },
      });
      file.fileId = sent.fileId;
    });
    afterAll(() => db?.dispose());

    // A super-admin signed in on a site is what their membership makes them there (decision 037):
    // here a member of demo with no teaching role and no enrolment.
    const teachersOfOwn = { instructor: 200, owner: 200 };
    const routes = (): MatrixRoute[] => [
      {
        name: "GET /api/courses/:id/quizzes (the instructor's own course)",
        method: "GET",
        path: () => `/api/courses/${ids.ownCourse}/quizzes`,
        expect: (a, p) => who(a, p, teachersOfOwn),
      },
      {
        name: "GET /api/courses/:id/quizzes (another's course: not found for the instructor)",
        method: "GET",
        path: () => `/api/courses/${ids.otherCourse}/quizzes`,
        expect: (a, p) => who(a, p, { owner: 200 }),
      },
      {
        name: "POST /api/courses/:id/quizzes",
        method: "POST",
        path: () => `/api/courses/${ids.ownCourse}/quizzes`,
        body: () => ({ title: "Made by the matrix" }),
        expect: (a, p) => who(a, p, { instructor: 201, owner: 201 }),
      },
      {
        name: "GET /api/quizzes (the teacher's list)",
        method: "GET",
        path: "/api/quizzes",
        expect: (a, p) => who(a, p, { ...teachersOfOwn, student: 403, superAdmin: 403 }),
      },
      {
        name: "GET /api/quizzes/:id (editor, with keys: teachers only)",
        method: "GET",
        path: () => `/api/quizzes/${ids.ownQuiz}`,
        expect: (a, p) => who(a, p, teachersOfOwn),
      },
      {
        name: "GET /api/quizzes/:id (editor of another's course's quiz)",
        method: "GET",
        path: () => `/api/quizzes/${ids.otherQuiz}`,
        expect: (a, p) => who(a, p, { owner: 200 }),
      },
      {
        name: "PUT /api/quizzes/:id (settings)",
        method: "PUT",
        path: () => `/api/quizzes/${ids.otherQuiz}`,
        body: () => ({ settings: { passMark: 50, attemptLimit: 5 } }),
        expect: (a, p) => who(a, p, { owner: 200 }),
      },
      {
        name: "GET /api/quizzes/:id/take (enrolled student, teachers previewing)",
        method: "GET",
        path: () => `/api/quizzes/${ids.ownQuiz}/take`,
        expect: (a, p) => who(a, p, { ...teachersOfOwn, student: 200, superAdmin: 403 }),
      },
      {
        name: "GET /api/quizzes/:id/take (a course the student is not enrolled in)",
        method: "GET",
        path: () => `/api/quizzes/${ids.otherQuiz}/take`,
        expect: (a, p) => who(a, p, { owner: 200, student: 403, instructor: 403, superAdmin: 403 }),
      },
      {
        name: "POST /api/quizzes/:id/attempts (enrolled student; teachers preview)",
        method: "POST",
        path: () => `/api/quizzes/${ids.ownQuiz}/attempts`,
        expect: (a, p) => who(a, p, { student: 201, instructor: 201, owner: 201, superAdmin: 403 }),
      },
      {
        name: "POST /api/quizzes/:id/attempts (not enrolled)",
        method: "POST",
        path: () => `/api/quizzes/${ids.otherQuiz}/attempts`,
        expect: (a, p) => who(a, p, { student: 403, instructor: 403, owner: 201, superAdmin: 403 }),
      },
      {
        name: "PUT /api/quiz-attempts/:id/answers (nobody's attempt)",
        method: "PUT",
        path: `/api/quiz-attempts/${missing}/answers`,
        body: () => ({ answers: {} }),
        expect: (a, p) => who(a, p, {}),
      },
      {
        name: "GET /api/quiz-attempts/:id/files/:fileId (a student's answer file: owner and graders)",
        method: "GET",
        path: () => `/api/quiz-attempts/${file.attemptId}/files/${file.fileId}`,
        expect: (a, p) => who(a, p, { ...teachersOfOwn, student: 200 }),
      },
      {
        name: "GET /api/quiz-attempts/:id/files/:fileId (an id the attempt does not hold)",
        method: "GET",
        path: () => `/api/quiz-attempts/${file.attemptId}/files/${missing}`,
        expect: (a, p) => who(a, p, {}),
      },
      {
        name: "POST /api/quiz-attempts/:id/files (the student's open attempt; a form, not a file)",
        method: "POST",
        path: () => `/api/quiz-attempts/${file.attemptId}/files`,
        form: () => ({ questionId: file.questionId }),
        expect: (a, p) => who(a, p, { student: 400 }),
      },
      {
        name: "POST /api/quiz-attempts/:id/files (nobody's attempt)",
        method: "POST",
        path: `/api/quiz-attempts/${missing}/files`,
        form: () => ({ questionId: missing }),
        expect: (a, p) => who(a, p, {}),
      },
      {
        name: "GET /api/grading (manage_submissions)",
        method: "GET",
        path: "/api/grading",
        expect: (a, p) => who(a, p, { ...teachersOfOwn, student: 403, superAdmin: 403 }),
      },
      {
        name: "GET /api/grading/:id (no such attempt)",
        method: "GET",
        path: `/api/grading/${missing}`,
        expect: (a, p) => who(a, p, { student: 403, superAdmin: 403 }),
      },
    ];

    test("M1 quizzes: every route answers owner, instructor (own vs other's course), student (enrolled vs not), anonymous and another site as stated", async () => {
      expect(await runMatrix(app, world, routes())).toEqual([]);
    });

    test("M1 quiz integrity: no answer key in any response before submission, then shown after", async () => {
      const student = createClient(app, { host: world.demo.host, ip: "10.97.0.1" });
      const signIn = await student.post("/api/auth/sign-in/email", {
        email: world.people.student.email,
        password: "Matrix-Harbour-Quartz-88",
      });
      expect(signIn.status).toBe(200);
      const bodies: string[] = [];
      const call = async (path: string, method = "GET", json?: unknown) => {
        const res = await student.request(path, { method, json });
        const text = await res.text();
        bodies.push(text);
        return JSON.parse(text);
      };
      const intro = await call(`/api/quizzes/${ids.ownQuiz}/take`);
      const attemptId =
        intro.openAttemptId ??
        (await call(`/api/quizzes/${ids.ownQuiz}/attempts`, "POST")).attemptId;
      const view = await call(`/api/quiz-attempts/${attemptId}`);
      const first = view.questions[0];
      await call(`/api/quiz-attempts/${attemptId}/answers`, "PUT", {
        answers: { [first.id]: "o2" },
      });
      await call(`/api/quiz-attempts/${attemptId}`);
      const before = bodies.join("\n");
      expect(before).not.toMatch(
        /"(answer|answers|accepted|tolerance|correct|correctAnswer|grades?)":/,
      );
      expect(before).not.toMatch(/"red"|"minWords":\s*\d+,\s*"answer"/);
      const done = await call(`/api/quiz-attempts/${attemptId}/submit`, "POST", {});
      expect(done.attempt.status).toBe("pending"); // the demo quiz holds an essay
      expect(JSON.stringify(done)).toMatch(/"correct":false/);
    });
  },
);
