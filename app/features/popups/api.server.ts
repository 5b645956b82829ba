import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { hostAccountOf, type Tenant } from "~/features/accounts/accounts";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { addressKey, type RateLimits } from "~/platform/rate-limits/rate-limits.server";
import { countPopupEvent } from "./popup-records.server";
import { popupEventSchema } from "./popup-shapes";

type PopupsApiEnv = { Variables: { tenant: Tenant; facts: { clientIp: string } } };

/** A page opens a few popups at most; a minute's budget per address is plenty for people. */
export const popupEventLimits = { points: 30, duration: 60 };

async function jsonBody(c: Context): Promise<unknown> {
  try {
    return JSON.parse(await c.req.text());
  } catch {
    throw new AppError({ code: "request.invalid" });
  }
}

/** M5 `POST /api/popups/{id}/events`: a visitor's page says a popup was seen or followed. */
export function popupsApi({
  database,
  rateLimits,
}: {
  database: Database;
  rateLimits: RateLimits;
}) {
  const api = new Hono<PopupsApiEnv>();
  const limiter = rateLimits.create("popup-events", popupEventLimits);
  const small = bodyLimit({
    maxSize: 1024,
    onError: () => {
      throw new AppError({ code: "request.tooLarge" });
    },
  });
  api.post("/popups/:id/events", small, async (c) => {
    const accountId = hostAccountOf(c.var.tenant);
    const id = z.uuid().safeParse(c.req.param("id"));
    if (!accountId || !id.success) throw new AppError({ code: "route.notFound" });
    const input = popupEventSchema.safeParse(await jsonBody(c));
    if (!input.success) throw new AppError({ code: "request.invalid" });
    await limiter.take(addressKey(c.var.facts.clientIp));
    await countPopupEvent(database, { accountId, id: id.data, event: input.data.event });
    return c.body(null, 204);
  });
  return api;
}
