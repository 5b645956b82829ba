import { Hono, type Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AccountSummary, Tenant } from "~/features/accounts/accounts";
import { requireLms } from "~/features/courses/courses.server";
import type { Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { PubSub } from "~/platform/pubsub/pubsub.server";
import type { Storage } from "~/platform/storage/storage.server";
import { answerFileResponse, readAnswerUpload } from "./answer-file-http.server";
import { answerFileFor, attachAnswerFile, requireOpenAttempt } from "./answer-files.server";
import { attemptView, quizIntro } from "./attempt-views.server";
import { saveAnswers, startAttempt, submitAttempt } from "./attempts.server";
import { gradeAttempt, gradingItem, gradingQueue, notifyGraders } from "./grading.server";
import {
  createQuiz,
  deleteQuestion,
  deleteQuiz,
  listCourseQuizzes,
  listTeacherQuizzes,
  loadQuizForEditor,
  reorderQuestions,
  saveQuestion,
  updateQuiz,
} from "./quiz-editor.server";
import {
  answersSchema,
  gradeSchema,
  newQuizSchema,
  newStandaloneQuizSchema,
  questionInputSchema,
  quizUpdateSchema,
  reorderSchema,
  submitSchema,
  uuidParam,
  type QuestionInput,
} from "./validation";

type QuizzesApiEnv = {
  Variables: { tenant: Tenant; viewer: Viewer | null; account: AccountSummary };
};
type C = Context<QuizzesApiEnv>;

async function jsonBody(request: { json: () => Promise<unknown> }): Promise<unknown> {
  return request.json().catch(() => {
    throw new AppError({ code: "request.invalid" });
  });
}

/** A path id that is no uuid names nothing: 404, never a database error. */
function idParam(c: C, name: string): string {
  const parsed = uuidParam.safeParse(c.req.param(name));
  if (!parsed.success) throw new AppError({ code: "route.notFound" });
  return parsed.data;
}

/**
 * Quizzes' JSON API on an account's host, with the lms switch on (issue 15 scope 2): the course
 * builder's list and create, the editor's quiz and question CRUD, the student's attempts and the
 * grading queue. Every use case checks who asks; nothing here answers with a key before a
 * submission except the editor's own load, for the quiz's teachers.
 */
export function quizzesApi({
  database,
  pubsub,
  storage,
}: {
  database: Database;
  pubsub: PubSub;
  storage: Storage;
}) {
  const api = new Hono<QuizzesApiEnv>();
  const learning = createMiddleware<QuizzesApiEnv>(async (c, next) => {
    if (c.var.account) return next(); // "/quizzes" and "/quizzes/*" both match one path
    const tenant = c.var.tenant;
    if (tenant.kind !== "account") throw new AppError({ code: "route.notFound" });
    if (!c.var.viewer) throw new AppError({ code: "not_authenticated" });
    await requireLms(database, tenant.account);
    c.set("account", tenant.account);
    await next();
    c.header("Cache-Control", "no-store");
  });
  const scope = (c: C) => ({ accountId: c.var.account.accountId, viewer: c.var.viewer });

  for (const path of [
    "/courses/:courseId/quizzes",
    "/quizzes",
    "/quizzes/*",
    "/quiz-attempts/*",
    "/grading",
    "/grading/*",
  ])
    api.use(path, learning);

  api.get("/courses/:courseId/quizzes", async (c) => {
    const courseId = idParam(c, "courseId");
    return c.json({ quizzes: await listCourseQuizzes(database, { ...scope(c), courseId }) });
  });
  api.post("/courses/:courseId/quizzes", async (c) => {
    const courseId = idParam(c, "courseId");
    const { title } = newQuizSchema.parse(await jsonBody(c.req));
    return c.json({ quiz: await createQuiz(database, { ...scope(c), courseId, title }) }, 201);
  });

  api.get("/quizzes", async (c) =>
    c.json({ quizzes: await listTeacherQuizzes(database, scope(c)) }),
  );
  api.post("/quizzes", async (c) => {
    const input = newStandaloneQuizSchema.parse(await jsonBody(c.req));
    const quiz = await createQuiz(database, {
      ...scope(c),
      courseId: input.courseId ?? null,
      title: input.title,
    });
    return c.json({ quiz }, 201);
  });
  api.get("/quizzes/:quizId", async (c) =>
    c.json(await loadQuizForEditor(database, { ...scope(c), quizId: idParam(c, "quizId") })),
  );
  api.put("/quizzes/:quizId", async (c) => {
    const quizId = idParam(c, "quizId");
    const input = quizUpdateSchema.parse(await jsonBody(c.req));
    return c.json(await updateQuiz(database, { ...scope(c), quizId, input }));
  });
  api.post("/quizzes/:quizId/delete", async (c) =>
    c.json(await deleteQuiz(database, { ...scope(c), quizId: idParam(c, "quizId") })),
  );
  api.post("/quizzes/:quizId/questions", async (c) => {
    const quizId = idParam(c, "quizId");
    const input = questionInputSchema.parse(await jsonBody(c.req)) as QuestionInput;
    const saved = await saveQuestion(database, { ...scope(c), quizId, questionId: null, input });
    return c.json(saved, 201);
  });
  api.put("/quizzes/:quizId/questions/order", async (c) => {
    const quizId = idParam(c, "quizId");
    const { ids } = reorderSchema.parse(await jsonBody(c.req));
    return c.json(await reorderQuestions(database, { ...scope(c), quizId, ids }));
  });
  api.put("/quizzes/:quizId/questions/:questionId", async (c) => {
    const quizId = idParam(c, "quizId");
    const questionId = idParam(c, "questionId");
    const input = questionInputSchema.parse(await jsonBody(c.req)) as QuestionInput;
    return c.json(await saveQuestion(database, { ...scope(c), quizId, questionId, input }));
  });
  api.post("/quizzes/:quizId/questions/:questionId/delete", async (c) => {
    const quizId = idParam(c, "quizId");
    const questionId = idParam(c, "questionId");
    return c.json(await deleteQuestion(database, { ...scope(c), quizId, questionId }));
  });

  // The student's side: the quiz's rules and attempts, start, autosave, submit, result.
  api.get("/quizzes/:quizId/take", async (c) =>
    c.json(await quizIntro(database, { ...scope(c), quizId: idParam(c, "quizId") })),
  );
  api.post("/quizzes/:quizId/attempts", async (c) => {
    const started = await startAttempt(database, { ...scope(c), quizId: idParam(c, "quizId") });
    return c.json(started, started.resumed ? 200 : 201);
  });
  api.get("/quiz-attempts/:attemptId", async (c) =>
    c.json(await attemptView(database, { ...scope(c), attemptId: idParam(c, "attemptId") })),
  );
  api.put("/quiz-attempts/:attemptId/answers", async (c) => {
    const attemptId = idParam(c, "attemptId");
    const { answers } = answersSchema.parse(await jsonBody(c.req));
    return c.json(await saveAnswers(database, { ...scope(c), attemptId, answers }));
  });
  api.post("/quiz-attempts/:attemptId/submit", async (c) => {
    const attemptId = idParam(c, "attemptId");
    const { answers } = submitSchema.parse(await jsonBody(c.req));
    const outcome = await submitAttempt(database, { ...scope(c), attemptId, answers });
    if (outcome.needsGrading)
      await notifyGraders(
        { database, pubsub },
        { accountId: c.var.account.accountId, quizId: outcome.quizId },
      ).catch(() => 0); // the submission stands even if a notice cannot be sent
    const view = await attemptView(database, { ...scope(c), attemptId });
    return c.json({ ...view, awards: outcome.awards, alreadySubmitted: outcome.alreadySubmitted });
  });

  // A file answer: sent by the attempt's owner while it is open, read by them and its graders.
  api.post("/quiz-attempts/:attemptId/files", async (c) => {
    const attemptId = idParam(c, "attemptId");
    // Whose attempt first: nobody else learns what the route would take.
    await requireOpenAttempt(database, { ...scope(c), attemptId });
    const upload = await readAnswerUpload(c.req.raw);
    const answer = await attachAnswerFile(
      { database, storage },
      { ...scope(c), attemptId, ...upload },
    );
    return c.json({ answer }, 201);
  });
  api.get("/quiz-attempts/:attemptId/files/:fileId", async (c) => {
    const attemptId = idParam(c, "attemptId");
    const fileId = idParam(c, "fileId");
    const { ref, answer } = await answerFileFor(database, { ...scope(c), attemptId, fileId });
    return answerFileResponse(storage, ref, answer);
  });

  // Grading (manage_submissions): the queue of essays and files, one attempt, its grades.
  api.get("/grading", async (c) => c.json({ items: await gradingQueue(database, scope(c)) }));
  api.get("/grading/:attemptId", async (c) =>
    c.json(await gradingItem(database, { ...scope(c), attemptId: idParam(c, "attemptId") })),
  );
  api.post("/grading/:attemptId", async (c) => {
    const attemptId = idParam(c, "attemptId");
    const { grades } = gradeSchema.parse(await jsonBody(c.req));
    return c.json(await gradeAttempt(database, { ...scope(c), attemptId, grades }));
  });

  return api;
}
