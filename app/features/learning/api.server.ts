import { Hono, type Context } from "hono";
import type { Tenant } from "~/features/accounts/accounts";
import { requireLms } from "~/features/courses/courses.server";
import type { Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import type { Storage } from "~/platform/storage/storage.server";
import { AppError } from "~/platform/errors";
import { enrolSelf } from "./enrolment.server";
import { lessonFileResponse } from "./lesson-files.server";
import { completeLesson, saveNote } from "./player.server";
import { emptyInputSchema, noteInputSchema } from "./validation";

type LearningApiEnv = { Variables: { tenant: Tenant; viewer: Viewer | null } };

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function jsonObject(c: Context<LearningApiEnv>): Promise<unknown> {
  const body: unknown = await c.req.json().catch(() => {
    throw new AppError({ code: "request.invalid" });
  });
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw new AppError({ code: "request.invalid" });
  return body;
}

/**
 * Scope 4: the player's writes as plain JSON calls, so a phone's queue of completions and notes
 * made offline can be sent again when it is back online (each is idempotent): enrol, complete a
 * lesson, save a note. Signed-in members of the host's site, with lms on.
 */
export function learningApi({ database, storage }: { database: Database; storage: Storage }) {
  const api = new Hono<LearningApiEnv>();

  async function ask(c: Context<LearningApiEnv>) {
    const viewer = c.var.viewer;
    if (!viewer) throw new AppError({ code: "not_authenticated" });
    const tenant = c.var.tenant;
    if (tenant.kind !== "account") throw new AppError({ code: "route.notFound" });
    await requireLms(database, tenant.account);
    const courseId = c.req.param("courseId") ?? "";
    const lessonId = c.req.param("lessonId");
    if (!uuid.test(courseId) || (lessonId !== undefined && !uuid.test(lessonId)))
      throw new AppError({ code: "route.notFound" });
    c.header("Cache-Control", "no-store");
    return { viewer, accountId: tenant.account.accountId, courseId, lessonId: lessonId ?? "" };
  }

  api.post("/learning/courses/:courseId/enrol", async (c) => {
    const { viewer, accountId, courseId } = await ask(c);
    emptyInputSchema.parse(await jsonObject(c));
    const answer = await enrolSelf(database, { accountId, viewer, courseId });
    return c.json(answer, answer.ok ? 200 : 403);
  });

  api.post("/learning/courses/:courseId/lessons/:lessonId/complete", async (c) => {
    const { viewer, accountId, courseId, lessonId } = await ask(c);
    emptyInputSchema.parse(await jsonObject(c));
    return c.json(await completeLesson(database, { accountId, viewer, courseId, lessonId }));
  });

  api.put("/learning/courses/:courseId/lessons/:lessonId/note", async (c) => {
    const { viewer, accountId, courseId, lessonId } = await ask(c);
    const input = noteInputSchema.parse(await jsonObject(c));
    return c.json(
      await saveNote(database, { accountId, viewer, courseId, lessonId, body: input.body }),
    );
  });

  // A lesson's download, opened by the same rule as the lesson (decision 042); visitors too,
  // for a free preview's files.
  api.get("/learning/lessons/:lessonId/files/:mediaId", async (c) => {
    const tenant = c.var.tenant;
    if (tenant.kind !== "account") throw new AppError({ code: "route.notFound" });
    await requireLms(database, tenant.account);
    const lessonId = c.req.param("lessonId");
    const mediaId = c.req.param("mediaId");
    if (!uuid.test(lessonId) || !uuid.test(mediaId)) throw new AppError({ code: "route.notFound" });
    return lessonFileResponse(
      { database, storage },
      { accountId: tenant.account.accountId, viewer: c.var.viewer, lessonId, mediaId },
    );
  });

  return api;
}
