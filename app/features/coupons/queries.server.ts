import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
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
 * The person's prior orders with the coupon that were paid (spec §7 "count orders by account_id,
 * coupon, user_id"). A redemption is written in the transaction that moves an order to paid, and
 * a paid order only moves on to fulfilled or refunded, so its rows are exactly the person's
 * orders with this coupon in paid, fulfilled or refunded; abandoned orders have none.
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
      ),
    );
  return row?.n ?? 0;
}

/**
 * Records the order's use of the coupon once: true when this call wrote it. Read from the
 * coupon's own row, so a coupon deleted meanwhile writes nothing (instead of failing the
 * order's transaction on the foreign key); a second call for the order, concurrent or later,
 * meets the primary key and writes nothing.
 */
export async function insertRedemption(
  tx: Tx,
  a: { accountId: string; couponId: string; orderId: string; userId: string },
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
          redeemedAt: sql<Date>`now()`.as("redeemed_at"),
        })
        .from(coupons)
        .where(and(eq(coupons.accountId, a.accountId), eq(coupons.id, a.couponId))),
    )
    .onConflictDoNothing()
    .returning({ orderId: couponRedemptions.orderId });
  return written.length > 0;
}

export async function incrementUsage(
  tx: Tx,
  { accountId, couponId }: { accountId: string; couponId: string },
): Promise<void> {
  await tx
    .update(coupons)
    .set({ usageCount: sql`${coupons.usageCount} + 1` })
    .where(and(eq(coupons.accountId, accountId), eq(coupons.id, couponId)));
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
