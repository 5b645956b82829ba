import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { hostAccountOf, type Tenant } from "~/features/accounts/accounts";
import type { Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { PubSub } from "~/platform/pubsub/pubsub.server";
import type { RateLimits } from "~/platform/rate-limits/rate-limits.server";
import {
  listHistory,
  listUnread,
  markAllRead,
  markRead,
  mayPostAccountNotification,
  postAccountNotification,
} from "./notifications.server";
import {
  accountNotificationInputSchema,
  historyQuerySchema,
  markAllReadSchema,
  markReadSchema,
  unreadQuerySchema,
} from "./validation";

type NotificationsApiEnv = { Variables: { tenant: Tenant; viewer: Viewer | null } };

/** Posting to the managers: a few a minute per person is plenty; a loop is stopped. */
export const notificationLimits = { post: { points: 20, duration: 60 } };

async function jsonBody(request: { json: () => Promise<unknown> }): Promise<unknown> {
  return request.json().catch(() => {
    throw new AppError({ code: "request.invalid" });
  });
}

/**
 * D11 notifications of the host's account: the signed-in person's unread items and history,
 * marking read, and posting an account notification (managers and super-admins).
 */
export function notificationsApi({
  database,
  pubsub,
  rateLimits,
}: {
  database: Database;
  pubsub: PubSub;
  rateLimits: RateLimits;
}) {
  const api = new Hono<NotificationsApiEnv>();
  const services = { database, pubsub };
  // Who asks comes before what they ask: anonymous callers learn nothing, not even validation.
  const signedIn = createMiddleware<NotificationsApiEnv>(async (c, next) => {
    if (!c.var.viewer) throw new AppError({ code: "not_authenticated" });
    await next();
    c.header("Cache-Control", "no-store");
  });
  // Counted in the shared store, so every worker and instance spends the same budget.
  const postLimiter = rateLimits.create("notifications-post", notificationLimits.post);

  api.get("/notifications", signedIn, async (c) => {
    const query = unreadQuerySchema.parse(c.req.query());
    return c.json(
      await listUnread(database, {
        viewer: c.var.viewer,
        hostAccountId: hostAccountOf(c.var.tenant),
        query,
      }),
    );
  });

  api.get("/notifications/history", signedIn, async (c) => {
    const query = historyQuerySchema.parse(c.req.query());
    return c.json(
      await listHistory(database, {
        viewer: c.var.viewer,
        hostAccountId: hostAccountOf(c.var.tenant),
        query,
      }),
    );
  });

  api.post("/notifications/read", signedIn, async (c) => {
    const input = markReadSchema.parse(await jsonBody(c.req));
    await markRead(services, {
      viewer: c.var.viewer,
      hostAccountId: hostAccountOf(c.var.tenant),
      input,
    });
    return c.json({ read: true });
  });

  api.post("/notifications/read-all", signedIn, async (c) => {
    const input = markAllReadSchema.parse(await jsonBody(c.req));
    const count = await markAllRead(services, {
      viewer: c.var.viewer,
      hostAccountId: hostAccountOf(c.var.tenant),
      input,
    });
    return c.json({ read: count });
  });

  api.post("/notifications/account", signedIn, async (c) => {
    const hostAccountId = hostAccountOf(c.var.tenant);
    mayPostAccountNotification(c.var.viewer, hostAccountId);
    await postLimiter.take(`user:${c.var.viewer!.user.id}`);
    const input = accountNotificationInputSchema.parse(await jsonBody(c.req));
    const notification = await postAccountNotification(services, {
      viewer: c.var.viewer,
      hostAccountId,
      input,
    });
    return c.json({ notification }, 201);
  });

  return api;
}
