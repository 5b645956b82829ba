import { Hono, type Context } from "hono";
import type { Tenant } from "~/features/accounts/accounts";
import { requireCapability, type Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { addressKey, type RateLimits } from "~/platform/rate-limits/rate-limits.server";
import {
  checkCoupon,
  createCoupon,
  deleteCoupon,
  listCoupons,
  refusalMessage,
  updateCoupon,
} from "./coupons.server";
import { couponCheckSchema } from "./validation";

type CouponsApiEnv = {
  Variables: { tenant: Tenant; viewer: Viewer | null; facts: { clientIp: string } };
};

/**
 * Checks per client address: a person types a few codes; guessing codes one by one stops after
 * 30 in 10 minutes (429 `request.tooMany`), whatever the answers were.
 */
export const couponCheckLimits = { points: 30, duration: 10 * 60 };

async function jsonObject(c: Context<CouponsApiEnv>): Promise<unknown> {
  const body: unknown = await c.req.json().catch(() => {
    throw new AppError({ code: "request.invalid" });
  });
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw new AppError({ code: "request.invalid" });
  return body;
}

function accountOf(c: Context<CouponsApiEnv>): string {
  const tenant = c.var.tenant;
  if (tenant.kind !== "account") throw new AppError({ code: "tenant.notFound" });
  return tenant.account.accountId;
}

/** The manager's routes: the site's managers only, asked before the body is read. */
function managerAccount(c: Context<CouponsApiEnv>): string {
  const accountId = accountOf(c);
  requireCapability(c.var.viewer, "manage_options");
  c.header("Cache-Control", "private, no-store");
  return accountId;
}

/**
 * C2/C3: `POST /api/coupons/check` for anyone on the site (a signed-in viewer's prior orders
 * count against a per-person limit) and the manager's coupons: `GET/POST /api/coupons`,
 * `PATCH/DELETE /api/coupons/:id`.
 */
export function couponsApi({
  database,
  rateLimits,
}: {
  database: Database;
  rateLimits: RateLimits;
}) {
  const api = new Hono<CouponsApiEnv>();
  const limiter = rateLimits.create("coupon-check", couponCheckLimits);

  api.post("/coupons/check", async (c) => {
    const accountId = accountOf(c);
    await limiter.take(addressKey(c.var.facts.clientIp));
    const { name } = couponCheckSchema.parse(await jsonObject(c));
    const userId = c.var.viewer?.user.id ?? null;
    const check = await database.forAccount(accountId, (tx) =>
      checkCoupon(tx, { accountId, name, userId, now: new Date() }),
    );
    // The answer depends on the person and the moment: no cache keeps it.
    c.header("Cache-Control", "private, no-store");
    if (check.status === "valid") {
      const { name: couponName, discountType, amount, productIds } = check.coupon;
      return c.json({
        status: "valid",
        coupon: { name: couponName, discountType, amount, productIds },
      });
    }
    if (check.status === "unknown") return c.json({ status: "unknown" });
    return c.json({ status: check.status, message: refusalMessage[check.status] });
  });

  api.get("/coupons", async (c) => {
    const accountId = managerAccount(c);
    return c.json(await listCoupons(database, { accountId, viewer: c.var.viewer }));
  });

  api.post("/coupons", async (c) => {
    const accountId = managerAccount(c);
    const input = await jsonObject(c);
    return c.json(await createCoupon(database, { accountId, viewer: c.var.viewer, input }), 201);
  });

  api.patch("/coupons/:id", async (c) => {
    const accountId = managerAccount(c);
    const input = await jsonObject(c);
    const id = c.req.param("id");
    return c.json(await updateCoupon(database, { accountId, viewer: c.var.viewer, id, input }));
  });

  api.delete("/coupons/:id", async (c) => {
    const accountId = managerAccount(c);
    const id = c.req.param("id");
    await deleteCoupon(database, { accountId, viewer: c.var.viewer, id });
    return c.json({ deleted: id });
  });

  return api;
}
