import { createMiddleware } from "hono/factory";
import { createFairQueue, QueueFullError, type FairQueue } from "~/platform/load/fair-queue";
import { AppError } from "~/platform/errors";
import { MEDIA_UPLOAD_PATH } from "~/features/media/media";
import type { AppEnv } from "../app-env";
import { handleError } from "../error-handler";

/** Seconds a refused client is asked to wait before trying again. */
const RETRY_AFTER_SECONDS = 2;

/**
 * Everything past the page cache (renders, API, sign-in) holds the database: it is admitted by a
 * fair, bounded queue (app/platform/load/fair-queue.ts), one turn per client address. Cached pages
 * never wait here, and the event loop stays free to answer them while renders queue; beyond the
 * queue's bounds the answer is an immediate 503 with `Retry-After`.
 */
export function admission(queue: FairQueue) {
  return createMiddleware<AppEnv>(async (c, next) => {
    // A media upload spends its time receiving bytes and resizing images, not in the database:
    // holding one of the few turns for that would stall every render behind a slow connection.
    // Its image work has a queue of its own (features/media/variants.server.ts).
    if (c.req.method === "POST" && c.req.path === MEDIA_UPLOAD_PATH) return next();
    try {
      await queue.run(c.var.facts.clientIp, next);
    } catch (error) {
      if (!(error instanceof QueueFullError)) throw error;
      const res = await handleError(new AppError({ code: "server.unavailable" }), c);
      res.headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
      return res;
    }
  });
}

/**
 * The embedded database runs one statement at a time on its thread: a few renders at once keep
 * it and the request thread busy side by side without stacking their waits. Four, since the
 * scoped reads of renders in flight share one transaction on that thread (decision 060): the
 * lesson page at 20 connections went from 95-102 to 101-111 renders/s against two at once.
 * PostgreSQL serves many at once.
 */
export function admissionQueue({ embedded }: { embedded: boolean }) {
  return createFairQueue({
    concurrency: embedded ? 4 : 16,
    maxWaiting: 512,
    maxPerClient: 64,
    maxWaitMs: 10_000,
  });
}
