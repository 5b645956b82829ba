// Issue 31 point 3 and decision 042: one access rule for lessons, quizzes and attempts. A quiz
// lesson that drips 30 days after enrolment is closed to a student enrolled today by every route
// (the player shows it locked, and no API opens it), opens once the date has passed, a free
// preview shows its lesson but not its quiz's attempts, an expired enrolment opens nothing, and
// twenty attempts started at once never pass the quiz's attempt limit.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { accounts } from "~/features/accounts/tables.server";
import { courseSections, lessons } from "~/features/courses/tables.server";
import { loadPlayer } from "~/features/learning/learning.server";
import { enrolments } from "~/features/learning/tables.server";
import { media } from "~/features/media/tables.server";
import { accountBucket, type Viewer } from "~/features/members/members.server";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import { startAttempt } from "~/features/quizzes/attempts.server";
import { quizAttempts } from "~/features/quizzes/tables.server";
import { insertCourse } from "./factories";
import { insertEnrolment, insertQuiz, type NewQuestion } from "./factories/quizzes";
import {
  buildWorld,
  runMatrix,
  type ActorKind,
  type MatrixRoute,
  type Place,
  type World,
} from "./support/access-matrix";
import { createClient } from "./support/http-client";
import {
  backends,
  createTestDatabase,
  logicTestOn,
  type TestDatabase,
} from "./support/test-database";
import { createTestApp } from "./support/test-server";

const superAdminEmail = "root-lesson-access@platform.test";
const password = "Matrix-Harbour-Quartz-88";
const DAY = 86_400_000;

const oneQuestion: NewQuestion[] = [
  {
    type: "single",
    prompt: "<p>Two and two?</p>",
    data: {
      options: [
        { id: "o1", text: "Four" },
        { id: "o2", text: "Five" },
      ],
      answer: "o1",
    },
  },
];

/** As the quizzes matrix: demo's sessions on demo; no session elsewhere (401); acme has no lms. */
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

describe.each(backends)(
  "I31-3 one access rule for lessons, quizzes and attempts on %s",
  (backend) => {
    const logicTest = logicTestOn(backend);
    let db: TestDatabase;
    let app: ReturnType<typeof createTestApp>["app"];
    const fileId = crypto.randomUUID();
    const fileBytes = Buffer.from("%PDF-1.4\n%%EOF\n");
    let world: World;
    const ids = {
      course: "",
      slug: "",
      dripLesson: "",
      dripQuiz: "",
      previewLesson: "",
      previewQuiz: "",
      limitQuiz: "",
      /** The student's open attempt at the dripped quiz, made while it was open to them. */
      lockedAttempt: "",
    };
    let student: Viewer;

    const setEnrolment = (values: Partial<typeof enrolments.$inferInsert>) =>
      db.database.forAccount(world.demo.accountId, (tx) =>
        tx
          .update(enrolments)
          .set(values)
          .where(
            and(
              eq(enrolments.accountId, world.demo.accountId),
              eq(enrolments.courseId, ids.course),
              eq(enrolments.userId, world.people.student.userId),
            ),
          ),
      );

    async function signedIn(actor: "student" | "superAdmin", ip: string) {
      const client = createClient(app, { host: world.demo.host, ip });
      const res = await client.post("/api/auth/sign-in/email", {
        email: world.people[actor].email,
        password,
      });
      expect(res.status).toBe(200);
      return client;
    }

    beforeAll(async () => {
      db = await createTestDatabase(backend);
      const made = createTestApp(db.database, { SUPER_ADMIN_EMAILS: superAdminEmail });
      app = made.app;
      world = await buildWorld(db.database, superAdminEmail);
      const storageKey = `media/${fileId}/original.pdf`;
      await made.services.storage.put({
        bucket: accountBucket(world.demo.accountId),
        key: storageKey,
        body: fileBytes,
        contentType: "application/pdf",
      });
      await db.database.forAccount(world.demo.accountId, (tx) =>
        tx.insert(media).values({
          accountId: world.demo.accountId,
          id: fileId,
          kind: "document",
          mime: "application/pdf",
          originalName: "Workbook.pdf",
          sizeBytes: fileBytes.length,
          storageKey,
        }),
      );
      const download = { mediaId: fileId, name: "Workbook.pdf", url: `/files/x/${fileId}.pdf` };
      await upsertPlanCatalogue(db.database);
      await db.database.owner
        .update(accounts)
        .set({ settings: sql`${accounts.settings} || '{"plan":"starter"}'::jsonb` })
        .where(eq(accounts.accountId, world.demo.accountId));
      const { accountId } = world.demo;
      await db.database.forAccount(accountId, async (tx) => {
        const course = await insertCourse(tx, {
          accountId,
          authorId: world.people.instructor.userId,
          sections: [{ title: "S", lessons: [{ title: "Welcome", type: "text" }] }],
        });
        const drip = await insertQuiz(tx, {
          accountId,
          courseId: course.id,
          questions: oneQuestion,
        });
        const preview = await insertQuiz(tx, {
          accountId,
          courseId: course.id,
          questions: oneQuestion,
        });
        // No lesson holds this one: the enrolment alone opens it, up to 3 attempts.
        const limited = await insertQuiz(tx, {
          accountId,
          courseId: course.id,
          settings: { passMark: 50, attemptLimit: 3 },
          questions: oneQuestion,
        });
        const [section] = await tx
          .select({ id: courseSections.id })
          .from(courseSections)
          .where(eq(courseSections.courseId, course.id));
        const [dripLesson, previewLesson] = await tx
          .insert(lessons)
          .values([
            {
              accountId,
              courseId: course.id,
              sectionId: section!.id,
              position: 1,
              title: "Quiz in a month",
              type: "quiz",
              content: { quizId: drip.quiz.id, files: [download] },
              drip: { kind: "days", days: 30 },
            },
            {
              accountId,
              courseId: course.id,
              sectionId: section!.id,
              position: 2,
              title: "Preview quiz",
              type: "quiz",
              freePreview: true,
              content: { quizId: preview.quiz.id, files: [download] },
            },
          ])
          .returning({ id: lessons.id });
        await insertEnrolment(tx, {
          accountId,
          courseId: course.id,
          userId: world.people.student.userId,
        });
        Object.assign(ids, {
          course: course.id,
          slug: course.slug,
          dripLesson: dripLesson!.id,
          dripQuiz: drip.quiz.id,
          previewLesson: previewLesson!.id,
          previewQuiz: preview.quiz.id,
          limitQuiz: limited.quiz.id,
        });
      });
      student = {
        user: {
          id: world.people.student.userId,
          name: "student",
          email: world.people.student.email,
        },
        membership: { role: "student", caps: [] },
        isSuperAdmin: false,
      } as unknown as Viewer;
      // An attempt begun while the quiz was open (enrolled 31 days ago), then the enrolment is
      // today's again: the attempt is the student's, the quiz is not open to them.
      await setEnrolment({ enrolledAt: new Date(Date.now() - 31 * DAY) });
      ids.lockedAttempt = (
        await startAttempt(db.database, { accountId, viewer: student, quizId: ids.dripQuiz })
      ).attemptId;
      await setEnrolment({ enrolledAt: new Date() });
    });
    afterAll(() => db?.dispose());

    const teachers = { instructor: 200, owner: 200 };
    // A visitor without a session is one too: a free preview's file is theirs, a locked one is not.
    // (otherOwner's "other" place is demo, where its acme session is nobody's.)
    const onDemo = (a: ActorKind, p: Place) => (p === "own") !== (a === "otherOwner");
    const routes = (): MatrixRoute[] => [
      {
        name: "GET /api/quizzes/:id/take (a quiz lesson dripping in 30 days)",
        method: "GET",
        path: () => `/api/quizzes/${ids.dripQuiz}/take`,
        expect: (a, p) => who(a, p, { ...teachers, student: 403, superAdmin: 403 }),
      },
      {
        name: "POST /api/quizzes/:id/attempts (dripping in 30 days; teachers preview)",
        method: "POST",
        path: () => `/api/quizzes/${ids.dripQuiz}/attempts`,
        expect: (a, p) => who(a, p, { instructor: 201, owner: 201, student: 403, superAdmin: 403 }),
      },
      {
        name: "GET /api/quiz-attempts/:id (the student's attempt at a quiz not open to them)",
        method: "GET",
        path: () => `/api/quiz-attempts/${ids.lockedAttempt}`,
        expect: (a, p) => who(a, p, { student: 403 }),
      },
      {
        name: "PUT /api/quiz-attempts/:id/answers (a quiz not open to them)",
        method: "PUT",
        path: () => `/api/quiz-attempts/${ids.lockedAttempt}/answers`,
        body: () => ({ answers: {} }),
        expect: (a, p) => who(a, p, { student: 403 }),
      },
      {
        name: "POST /api/quiz-attempts/:id/files (a quiz not open to them)",
        method: "POST",
        path: () => `/api/quiz-attempts/${ids.lockedAttempt}/files`,
        form: () => ({ questionId: ids.dripQuiz }),
        expect: (a, p) => who(a, p, { student: 403 }),
      },
      {
        name: "POST /api/quiz-attempts/:id/submit (a quiz not open to them)",
        method: "POST",
        path: () => `/api/quiz-attempts/${ids.lockedAttempt}/submit`,
        body: () => ({}),
        expect: (a, p) => who(a, p, { student: 403 }),
      },
      {
        name: "POST /api/learning/courses/:id/lessons/:id/complete (dripping lesson)",
        method: "POST",
        path: () => `/api/learning/courses/${ids.course}/lessons/${ids.dripLesson}/complete`,
        body: () => ({}),
        expect: (a, p) => who(a, p, { student: 403, instructor: 403, owner: 403, superAdmin: 403 }),
      },
      {
        name: "PUT /api/learning/courses/:id/lessons/:id/note (dripping lesson)",
        method: "PUT",
        path: () => `/api/learning/courses/${ids.course}/lessons/${ids.dripLesson}/note`,
        body: () => ({ body: "early" }),
        expect: (a, p) => who(a, p, { student: 403, instructor: 403, owner: 403, superAdmin: 403 }),
      },
      {
        name: "GET /api/learning/lessons/:id/files/:mediaId (a dripping lesson's download)",
        method: "GET",
        path: () => `/api/learning/lessons/${ids.dripLesson}/files/${fileId}`,
        expect: (a, p) => (!onDemo(a, p) ? 404 : a === "instructor" || a === "owner" ? 200 : 403),
        contentType: (a, p) =>
          onDemo(a, p) && (a === "instructor" || a === "owner") ? "application/pdf" : undefined,
      },
      {
        name: "GET /api/learning/lessons/:id/files/:mediaId (a free preview's download: anyone)",
        method: "GET",
        path: () => `/api/learning/lessons/${ids.previewLesson}/files/${fileId}`,
        expect: (a, p) => (onDemo(a, p) ? 200 : 404),
      },
      {
        name: "GET /api/learning/lessons/:id/files/:mediaId (a file the lesson does not name)",
        method: "GET",
        path: () => `/api/learning/lessons/${ids.previewLesson}/files/${ids.dripQuiz}`,
        expect: () => 404,
      },
      {
        name: "GET /api/quizzes/:id/take (a free preview's quiz: its students only)",
        method: "GET",
        path: () => `/api/quizzes/${ids.previewQuiz}/take`,
        expect: (a, p) => who(a, p, { ...teachers, student: 200, superAdmin: 403 }),
      },
    ];

    logicTest(
      "I31-3 the access matrix: quiz, attempt and lesson routes of a dripping lesson answer each actor as stated",
      async () => {
        expect(await runMatrix(app, world, routes())).toEqual([]);
      },
    );

    logicTest(
      "I31-3 a student enrolled today cannot start, read, answer or submit a quiz that drips in 30 days, by any route; the player shows it locked with the same date",
      async () => {
        const client = await signedIn("student", "10.96.0.1");
        const opensAt = await db.database.forAccount(world.demo.accountId, (tx) =>
          tx
            .select({ at: enrolments.enrolledAt })
            .from(enrolments)
            .where(
              and(
                eq(enrolments.courseId, ids.course),
                eq(enrolments.userId, world.people.student.userId),
              ),
            )
            .then(([row]) => new Date(row!.at.getTime() + 30 * DAY).toISOString()),
        );
        const calls: [string, string, unknown?][] = [
          ["GET", `/api/quizzes/${ids.dripQuiz}/take`],
          ["POST", `/api/quizzes/${ids.dripQuiz}/attempts`],
          ["GET", `/api/quiz-attempts/${ids.lockedAttempt}`],
          ["PUT", `/api/quiz-attempts/${ids.lockedAttempt}/answers`, { answers: {} }],
          ["POST", `/api/quiz-attempts/${ids.lockedAttempt}/submit`, {}],
          ["POST", `/api/learning/courses/${ids.course}/lessons/${ids.dripLesson}/complete`, {}],
          [
            "PUT",
            `/api/learning/courses/${ids.course}/lessons/${ids.dripLesson}/note`,
            { body: "x" },
          ],
          ["GET", `/api/learning/lessons/${ids.dripLesson}/files/${fileId}`],
        ];
        for (const [method, path, json] of calls) {
          const res = await client.request(path, { method, json });
          const body = (await res.json()) as { error?: { code: string; details?: unknown } };
          expect({ method, path, status: res.status, code: body.error?.code }).toEqual({
            method,
            path,
            status: 403,
            code: "learning.lessonLocked",
          });
          expect(body.error?.details).toEqual({ reason: "drip", opensAt });
        }
        const form = await client.request(`/api/quiz-attempts/${ids.lockedAttempt}/files`, {
          method: "POST",
          form: { questionId: ids.dripQuiz },
        });
        expect(form.status).toBe(403);
        const player = await loadPlayer(db.database, {
          accountId: world.demo.accountId,
          viewer: student,
          slug: ids.slug,
          lessonId: ids.dripLesson,
        });
        expect(player.lesson?.lock).toEqual({ kind: "drip", opensAt });
        expect(player.lesson?.content).toBeNull();
        const [attempt] = await db.database.forAccount(world.demo.accountId, (tx) =>
          tx.select().from(quizAttempts).where(eq(quizAttempts.id, ids.lockedAttempt)),
        );
        expect(attempt!.status).toBe("in_progress"); // nothing was submitted
      },
    );

    logicTest(
      "I31-3 after the drip date (the enrolment moved 31 days back) the same student takes, answers and submits it",
      async () => {
        await setEnrolment({ enrolledAt: new Date(Date.now() - 31 * DAY) });
        try {
          const client = await signedIn("student", "10.96.0.2");
          expect((await client.request(`/api/quizzes/${ids.dripQuiz}/take`)).status).toBe(200);
          const started = await client.request(`/api/quizzes/${ids.dripQuiz}/attempts`, {
            method: "POST",
          });
          expect(started.status).toBe(200); // resumes the open one
          const { attemptId } = (await started.json()) as { attemptId: string };
          expect(attemptId).toBe(ids.lockedAttempt);
          const view = (await (await client.request(`/api/quiz-attempts/${attemptId}`)).json()) as {
            questions: { id: string }[];
          };
          const answers = { [view.questions[0]!.id]: "o1" };
          const saved = await client.request(`/api/quiz-attempts/${attemptId}/answers`, {
            method: "PUT",
            json: { answers },
          });
          expect(saved.status).toBe(200);
          const done = await client.request(`/api/quiz-attempts/${attemptId}/submit`, {
            method: "POST",
            json: {},
          });
          expect(done.status).toBe(200);
          const player = await loadPlayer(db.database, {
            accountId: world.demo.accountId,
            viewer: student,
            slug: ids.slug,
            lessonId: ids.dripLesson,
          });
          expect(player.lesson?.lock).toBeNull();
          expect(player.lesson?.content?.quizId).toBe(ids.dripQuiz);
          const link = player.lesson?.content?.files?.[0]?.url;
          expect(link).toBe(`/api/learning/lessons/${ids.dripLesson}/files/${fileId}`);
          const file = await client.request(link!);
          expect(file.status).toBe(200);
          expect(file.headers.get("content-disposition")).toMatch(/^attachment/);
          expect(Buffer.from(await file.arrayBuffer())).toEqual(fileBytes);
        } finally {
          await setEnrolment({ enrolledAt: new Date() });
        }
      },
    );

    logicTest(
      "I31-3 a free preview quiz lesson opens to a visitor in the player, but its quiz takes no attempt from anyone not enrolled",
      async () => {
        const player = await loadPlayer(db.database, {
          accountId: world.demo.accountId,
          viewer: null,
          slug: ids.slug,
          lessonId: ids.previewLesson,
        });
        expect(player.role).toBe("visitor");
        expect(player.lesson?.lock).toBeNull();
        expect(player.lesson?.content?.quizId).toBe(ids.previewQuiz);
        const visitor = await signedIn("superAdmin", "10.96.0.3"); // a member of demo, not enrolled
        for (const [method, path] of [
          ["GET", `/api/quizzes/${ids.previewQuiz}/take`],
          ["POST", `/api/quizzes/${ids.previewQuiz}/attempts`],
        ] as const) {
          const res = await visitor.request(path, { method });
          expect(res.status).toBe(403);
          expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
            "learning.notEnrolled",
          );
        }
      },
    );

    logicTest(
      "I31-3 an expired enrolment opens no quiz, attempt or lesson, and says it expired",
      async () => {
        await setEnrolment({ expiresAt: new Date(Date.now() - 1000) });
        try {
          const client = await signedIn("student", "10.96.0.4");
          for (const [method, path, json] of [
            ["GET", `/api/quizzes/${ids.limitQuiz}/take`, undefined],
            ["POST", `/api/quizzes/${ids.limitQuiz}/attempts`, undefined],
            ["GET", `/api/quizzes/${ids.previewQuiz}/take`, undefined],
            [
              "PUT",
              `/api/learning/courses/${ids.course}/lessons/${ids.previewLesson}/note`,
              { body: "x" },
            ],
          ] as const) {
            const res = await client.request(path, { method, json });
            const body = (await res.json()) as { error: { code: string; details?: unknown } };
            expect({ path, status: res.status, code: body.error.code }).toEqual({
              path,
              status: 403,
              code: "learning.notEnrolled",
            });
          }
          const take = await client.request(`/api/quizzes/${ids.limitQuiz}/take`);
          expect(((await take.json()) as { error: { details: unknown } }).error.details).toEqual({
            reason: "expired",
          });
        } finally {
          await setEnrolment({ expiresAt: null });
        }
      },
    );

    test("I31-3 attempt limit under concurrency: twenty students' tabs starting and submitting at once make at most 3 attempts of a 3-attempt quiz", async () => {
      const client = await signedIn("student", "10.96.0.5");
      const statuses: number[] = [];
      // Each tab starts an attempt and submits it, three times over, all twenty at once.
      await Promise.all(
        Array.from({ length: 20 }, async () => {
          for (let round = 0; round < 3; round++) {
            const res = await client.request(`/api/quizzes/${ids.limitQuiz}/attempts`, {
              method: "POST",
            });
            statuses.push(res.status);
            if (res.status !== 200 && res.status !== 201) continue;
            const { attemptId } = (await res.json()) as { attemptId: string };
            await client.request(`/api/quiz-attempts/${attemptId}/submit`, {
              method: "POST",
              json: {},
            });
          }
        }),
      );
      const rows = await db.database.forAccount(world.demo.accountId, (tx) =>
        tx
          .select({ number: quizAttempts.number })
          .from(quizAttempts)
          .where(
            and(
              eq(quizAttempts.quizId, ids.limitQuiz),
              eq(quizAttempts.userId, world.people.student.userId),
            ),
          ),
      );
      expect(rows.length).toBe(3);
      expect(rows.map((r) => r.number).sort()).toEqual([1, 2, 3]);
      expect(statuses.filter((s) => s === 201).length).toBe(3);
      expect(statuses.every((s) => s === 200 || s === 201 || s === 409)).toBe(true);
      const more = await client.request(`/api/quizzes/${ids.limitQuiz}/attempts`, {
        method: "POST",
      });
      expect(more.status).toBe(409);
    });
  },
);
