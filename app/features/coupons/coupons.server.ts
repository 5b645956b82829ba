import { couponDiscount } from "~/features/cart/cart";
import { requireCapability, type Viewer } from "~/features/members/members.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { FieldIssue } from "~/platform/field-issues";
import type { z } from "zod";
import type { CouponProductOption, CouponRow, CouponView } from "./coupon-shapes";
import { countsPriorOrders, couponRefusal, type CouponRefusal } from "./coupon-rules";
import {
  couponById,
  couponByName,
  couponRecords,
  deleteCouponRecord,
  existingProductIds,
  insertCoupon,
  insertRedemption,
  lockCoupon,
  lockRedemption,
  priorCouponOrders,
  productOptions,
  setRedemptionStatus,
  shiftCounts,
  updateCouponRecord,
  type CouponRecord,
} from "./queries.server";
import {
  couponCreateSchema,
  couponPatchSchema,
  couponProblems,
  type CouponFields,
} from "./validation";

export type { CouponProductOption, CouponRow, CouponView } from "./coupon-shapes";
export { refusalMessage, type CouponRefusal } from "./coupon-rules";

export type CouponCheck =
  { status: "valid"; coupon: CouponView } | { status: "unknown" } | { status: CouponRefusal };

const viewOf = (row: CouponRecord): CouponView => ({
  id: row.id,
  name: row.name,
  discountType: row.discountType,
  amount: row.couponAmount,
  productIds: row.productIds,
});

/** The coupon's limits with the uses unpaid orders hold counted as taken (decision 041). */
const withHeld = (row: CouponRecord): CouponRecord => ({
  ...row,
  usageCount: row.usageCount + row.reserved,
});

/**
 * Spec §5 / C3: the coupon of that exact name on the account, if it may be used now by this
 * person (`userId` null: not signed in, so no per-person limit applies).
 */
export async function checkCoupon(
  tx: Tx,
  {
    accountId,
    name,
    userId,
    now,
  }: { accountId: string; name: string; userId: string | null; now: Date },
): Promise<CouponCheck> {
  const found = await couponByName(tx, { accountId, name });
  if (!found) return { status: "unknown" };
  const row = withHeld(found);
  // The rules that need no count first: a refused coupon costs one read.
  const early = couponRefusal(row, { now, priorOrders: null });
  if (early) return { status: early };
  if (countsPriorOrders(row, userId)) {
    const priorOrders = await priorCouponOrders(tx, {
      accountId,
      couponId: row.id,
      userId: userId!,
    });
    const refusal = couponRefusal(row, { now, priorOrders });
    if (refusal) return { status: refusal };
  }
  return { status: "valid", coupon: viewOf(row) };
}

/**
 * The coupon's discount on an order's lines, in minor units of `currency`: the lines of the
 * products it applies to (all when it names none), a percentage rounded to the minor unit, never
 * more than those lines cost.
 */
export function discountFor({
  coupon,
  lines,
}: {
  coupon: CouponView;
  lines: { productId: string; amount: number }[];
  currency: string;
}): number {
  const applies = (productId: string) =>
    coupon.productIds.length === 0 || coupon.productIds.includes(productId.toLowerCase());
  const eligible = lines.reduce(
    (sum, line) => (applies(line.productId) ? sum + line.amount : sum),
    0,
  );
  return couponDiscount({
    terms: { discountType: coupon.discountType, amount: coupon.amount },
    eligible,
  });
}

type Redemption = { accountId: string; couponId: string; orderId: string; userId: string };

/**
 * Decision 041: takes one use of the coupon for an order being placed, in the order's
 * transaction, under the coupon row's lock, so placements of one coupon queue one behind the
 * other on every worker and the limits they read (every use paid or held, and the person's)
 * are final. Answers the refusal, or null when the use is now held by the order.
 */
export async function reserveCoupon(
  tx: Tx,
  a: Redemption & { now: Date },
): Promise<CouponRefusal | "unknown" | null> {
  const locked = await lockCoupon(tx, { accountId: a.accountId, id: a.couponId });
  if (!locked) return "unknown";
  const row = withHeld(locked);
  const priorOrders = countsPriorOrders(row, a.userId) ? await priorCouponOrders(tx, a) : null;
  const refusal = couponRefusal(row, { now: a.now, priorOrders });
  if (refusal) return refusal;
  if (await insertRedemption(tx, { ...a, status: "reserved" }))
    await shiftCounts(tx, { ...a, used: 0, reserved: 1 });
  return null;
}

/**
 * A paid order's use of its coupon, counted exactly once per order however often and however
 * concurrently it is called: true when this call counted it. A held use becomes a paid one; a
 * use given back (the order was cancelled, then the money came after all) or never held (an
 * order placed before reservations) is counted too, limit or not: the buyer has paid for it.
 */
export async function redeemCoupon(tx: Tx, a: Redemption): Promise<boolean> {
  const held = await lockRedemption(tx, a);
  if (!held) {
    const written = await insertRedemption(tx, a);
    if (written) await shiftCounts(tx, { ...a, used: 1, reserved: 0 });
    return written;
  }
  if (held.status === "used") return false;
  await setRedemptionStatus(tx, { ...a, status: "used" });
  await shiftCounts(tx, {
    accountId: a.accountId,
    couponId: held.couponId,
    used: 1,
    reserved: held.status === "reserved" ? -1 : 0,
  });
  return true;
}

/**
 * Gives back the use an unpaid order held (cancelled, failed, expired), or with `paid` the use a
 * paid order counted (an order that charged nothing, undone): true when it did.
 */
export async function releaseCoupon(
  tx: Tx,
  a: { accountId: string; orderId: string; paid?: boolean },
): Promise<boolean> {
  const held = await lockRedemption(tx, a);
  const from = a.paid ? "used" : "reserved";
  if (held?.status !== from) return false;
  await setRedemptionStatus(tx, { ...a, status: "released" });
  await shiftCounts(tx, {
    accountId: a.accountId,
    couponId: held.couponId,
    used: from === "used" ? -1 : 0,
    reserved: from === "reserved" ? -1 : 0,
  });
  return true;
}

// ── The manager's coupons (the Coupons tab of /dashboard/manage/ecommerce) ─────────────────

const rowOf = (row: CouponRecord): CouponRow => ({
  id: row.id,
  name: row.name,
  usageLimit: row.usageLimit,
  usageCount: row.usageCount,
  perUserLimit: row.perUserLimit,
  dateStart: row.dateStart?.toISOString() ?? null,
  dateEnd: row.dateEnd?.toISOString() ?? null,
  discountType: row.discountType,
  amount: row.couponAmount,
  productIds: row.productIds,
  createdAt: row.createdAt.toISOString(),
});

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uniqueViolation(error: unknown): boolean {
  for (let current = error; current && typeof current === "object";) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Runs a write; another coupon of the same name (the unique index) is `coupons.nameTaken`. */
async function writing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueViolation(error)) throw new AppError({ code: "coupons.nameTaken", cause: error });
    throw error;
  }
}

/** Refuses with the cross-field rules' issues, in the shape every API answer uses. */
function invalid(issues: z.core.$ZodRawIssue[]): never {
  const details: FieldIssue[] = issues.map((issue) => {
    const params = (issue.params ?? {}) as { origin?: unknown };
    return {
      path: (issue.path ?? []).map(String).join("."),
      code: issue.code ?? "custom",
      origin:
        typeof params.origin === "string"
          ? params.origin
          : "origin" in issue
            ? String(issue.origin)
            : undefined,
      maximum: "maximum" in issue ? Number(issue.maximum) : undefined,
    };
  });
  throw new AppError({ code: "request.invalid", details });
}

async function checkProducts(tx: Tx, accountId: string, ids: string[]) {
  const found = await existingProductIds(tx, { accountId, ids });
  const unknown = ids.findIndex((id) => !found.has(id));
  if (unknown >= 0)
    invalid([
      {
        code: "custom",
        path: ["productIds", unknown],
        input: ids[unknown],
        params: { origin: "unknownProduct" },
        message: "No such product",
      },
    ]);
}

const valuesOf = (fields: CouponFields) => ({
  name: fields.name,
  usageLimit: fields.usageLimit,
  perUserLimit: fields.perUserLimit,
  dateStart: fields.dateStart,
  dateEnd: fields.dateEnd,
  discountType: fields.discountType,
  couponAmount: fields.amount,
  productIds: fields.productIds,
});

/** The account's coupons and the products they may name, for the manager's panel (loader). */
export async function listCoupons(
  database: Database,
  { accountId, viewer }: { accountId: string; viewer: Viewer | null },
): Promise<{ coupons: CouponRow[]; products: CouponProductOption[] }> {
  requireCapability(viewer, "manage_options");
  return database.forAccount(accountId, async (tx) => ({
    coupons: (await couponRecords(tx, { accountId })).map(rowOf),
    products: await productOptions(tx, { accountId }),
  }));
}

export async function createCoupon(
  database: Database,
  { accountId, viewer, input }: { accountId: string; viewer: Viewer | null; input: unknown },
): Promise<CouponRow> {
  requireCapability(viewer, "manage_options");
  const fields = couponCreateSchema.parse(input);
  return writing(() =>
    database.forAccount(accountId, async (tx) => {
      await checkProducts(tx, accountId, fields.productIds);
      return rowOf(await insertCoupon(tx, { accountId, values: valuesOf(fields) }));
    }),
  );
}

/** Changes the fields sent; the result is checked whole (a percent ≤ 100, end ≥ start). */
export async function updateCoupon(
  database: Database,
  {
    accountId,
    viewer,
    id,
    input,
  }: { accountId: string; viewer: Viewer | null; id: string; input: unknown },
): Promise<CouponRow> {
  requireCapability(viewer, "manage_options");
  if (!uuid.test(id)) throw new AppError({ code: "coupons.notFound" });
  const patch = couponPatchSchema.parse(input);
  return writing(() =>
    database.forAccount(accountId, async (tx) => {
      const stored = await couponById(tx, { accountId, id });
      if (!stored) throw new AppError({ code: "coupons.notFound" });
      const merged: CouponFields = {
        name: patch.name ?? stored.name,
        usageLimit: patch.usageLimit ?? stored.usageLimit,
        perUserLimit: patch.perUserLimit ?? stored.perUserLimit,
        dateStart: patch.dateStart === undefined ? stored.dateStart : patch.dateStart,
        dateEnd: patch.dateEnd === undefined ? stored.dateEnd : patch.dateEnd,
        discountType: patch.discountType ?? stored.discountType,
        amount: patch.amount ?? stored.couponAmount,
        productIds: patch.productIds ?? stored.productIds,
      };
      const problems = couponProblems(merged);
      if (problems.length > 0) invalid(problems);
      if (patch.productIds) await checkProducts(tx, accountId, merged.productIds);
      const row = await updateCouponRecord(tx, { accountId, id, values: valuesOf(merged) });
      return rowOf(row!);
    }),
  );
}

/** Deletes a coupon; orders keep its name (their `coupon`), its redemptions go with it. */
export async function deleteCoupon(
  database: Database,
  { accountId, viewer, id }: { accountId: string; viewer: Viewer | null; id: string },
): Promise<void> {
  requireCapability(viewer, "manage_options");
  if (!uuid.test(id)) throw new AppError({ code: "coupons.notFound" });
  const deleted = await database.forAccount(accountId, (tx) =>
    deleteCouponRecord(tx, { accountId, id }),
  );
  if (!deleted) throw new AppError({ code: "coupons.notFound" });
}

// The request schemas the API parses with, for its description (features/api-keys, decision 086).
export { couponCreateSchema, couponPatchSchema } from "./validation";
