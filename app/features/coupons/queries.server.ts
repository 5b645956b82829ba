import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import { products } from "~/features/products/tables.server";
import type { Tx } from "~/platform/db/database.server";
import { couponRedemptions, coupons } from "./tables.server";

export type CouponRecord = typeof coupons.$inferSelect;
export type NewCouponValues = Omit<
  typeof coupons.$inferInsert,
  "accountId" | "id" | "usageCount" | "createdAt"
>;

/** Spec §7: "select coupons by account_id and name" — the name exactly as stored. */
export async function couponByName(
  tx: Tx,
  { accountId, name }: { accountId: string; name: string },
): Promise<CouponRecord | null> {
  const [row] = await tx
    .select()
    .from(coupons)
    .where(and(eq(coupons.accountId, accountId), eq(coupons.name, name)));
  return row ?? null;
}

export async function couponById(
  tx: Tx,
  { accountId, id }: { accountId: string; id: string },
): Promise<CouponRecord | null> {
  const [row] = await tx
    .select()
    .from(coupons)
    .where(and(eq(coupons.accountId, accountId), eq(coupons.id, id)));
  return row ?? null;
}

/**
 * The person's orders holding a use of the coupon (spec §7 "count orders by account_id, coupon,
 * user_id"): a redemption is written when an order with the coupon is placed (decision 041), so
 * this counts the person's unpaid orders still holding their use and their paid ones; orders
 * cancelled, failed or expired have released theirs.
 */
export async function priorCouponOrders(
  tx: Tx,
  { accountId, couponId, userId }: { accountId: string; couponId: string; userId: string },
): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(couponRedemptions)
    .where(
      and(
        eq(couponRedemptions.accountId, accountId),
        eq(couponRedemptions.couponId, couponId),
        eq(couponRedemptions.userId, userId),
        ne(couponRedemptions.status, "released"),
      ),
    );
  return row?.n ?? 0;
}

/**
 * The coupon's row under its lock: every placement that takes a use of it waits here for the
 * one before, on PostgreSQL across every worker and instance, so the counts it reads are final.
 */
export async function lockCoupon(
  tx: Tx,
  { accountId, id }: { accountId: string; id: string },
): Promise<CouponRecord | null> {
  const [row] = await tx
    .select()
    .from(coupons)
    .where(and(eq(coupons.accountId, accountId), eq(coupons.id, id)))
    .for("update");
  return row ?? null;
}

export type RedemptionStatus = (typeof couponRedemptions.$inferSelect)["status"];

/** The order's redemption under its lock, or null when it has none. */
export async function lockRedemption(
  tx: Tx,
  { accountId, orderId }: { accountId: string; orderId: string },
) {
  const [row] = await tx
    .select()
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.accountId, accountId), eq(couponRedemptions.orderId, orderId)))
    .for("update");
  return row ?? null;
}

export async function setRedemptionStatus(
  tx: Tx,
  { accountId, orderId, status }: { accountId: string; orderId: string; status: RedemptionStatus },
): Promise<void> {
  await tx
    .update(couponRedemptions)
    .set({ status })
    .where(and(eq(couponRedemptions.accountId, accountId), eq(couponRedemptions.orderId, orderId)));
}

/** Moves the coupon's counts: `used` paid uses and `reserved` held ones, each by +1, 0 or -1. */
export async function shiftCounts(
  tx: Tx,
  {
    accountId,
    couponId,
    used,
    reserved,
  }: { accountId: string; couponId: string; used: number; reserved: number },
): Promise<void> {
  await tx
    .update(coupons)
    .set({
      usageCount: sql`greatest(${coupons.usageCount} + ${used}, 0)`,
      reserved: sql`greatest(${coupons.reserved} + ${reserved}, 0)`,
    })
    .where(and(eq(coupons.accountId, accountId), eq(coupons.id, couponId)));
}

/**
 * Records the order's use of the coupon once: true when this call wrote it. Read from the
 * coupon's own row, so a coupon deleted meanwhile writes nothing (instead of failing the
 * order's transaction on the foreign key); a second call for the order, concurrent or later,
 * meets the primary key and writes nothing.
 */
export async function insertRedemption(
  tx: Tx,
  a: {
    accountId: string;
    couponId: string;
    orderId: string;
    userId: string;
    status?: RedemptionStatus;
  },
): Promise<boolean> {
  const written = await tx
    .insert(couponRedemptions)
    .select(
      tx
        .select({
          accountId: coupons.accountId,
          orderId: sql<string>`${a.orderId}::uuid`.as("order_id"),
          couponId: coupons.id,
          userId: sql<string>`${a.userId}::text`.as("user_id"),
          status: sql<RedemptionStatus>`${a.status ?? "used"}::text`.as("status"),
          redeemedAt: sql<Date>`now()`.as("redeemed_at"),
        })
        .from(coupons)
        .where(and(eq(coupons.accountId, a.accountId), eq(coupons.id, a.couponId))),
    )
    .onConflictDoNothing()
    .returning({ orderId: couponRedemptions.orderId });
  return written.length > 0;
}

export function couponRecords(tx: Tx, { accountId }: { accountId: string }) {
  return tx
    .select()
    .from(coupons)
    .where(eq(coupons.accountId, accountId))
    .orderBy(asc(coupons.name), asc(coupons.id));
}

export async function insertCoupon(
  tx: Tx,
  { accountId, values }: { accountId: string; values: NewCouponValues },
): Promise<CouponRecord> {
  const [row] = await tx
    .insert(coupons)
    .values({ ...values, accountId })
    .returning();
  return row!;
}

export async function updateCouponRecord(
  tx: Tx,
  { accountId, id, values }: { accountId: string; id: string; values: Partial<NewCouponValues> },
): Promise<CouponRecord | null> {
  const [row] = await tx
    .update(coupons)
    .set(values)
    .where(and(eq(coupons.accountId, accountId), eq(coupons.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteCouponRecord(
  tx: Tx,
  { accountId, id }: { accountId: string; id: string },
): Promise<boolean> {
  const gone = await tx
    .delete(coupons)
    .where(and(eq(coupons.accountId, accountId), eq(coupons.id, id)))
    .returning({ id: coupons.id });
  return gone.length > 0;
}

/** The account's products, for the editor's "applies to" picker. */
export function productOptions(tx: Tx, { accountId }: { accountId: string }) {
  return tx
    .select({ id: products.id, title: products.title })
    .from(products)
    .where(eq(products.accountId, accountId))
    .orderBy(asc(products.title), asc(products.id));
}

/** Which of `ids` are products of the account. */
export async function existingProductIds(
  tx: Tx,
  { accountId, ids }: { accountId: string; ids: string[] },
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.accountId, accountId), inArray(products.id, ids)));
  return new Set(rows.map((row) => row.id));
}
