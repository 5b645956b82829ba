import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL } from "drizzle-orm";
import type { Tx } from "~/platform/db/database.server";
import type { ProductStatus } from "./product-shapes";
import { productGrants, productPrices, products } from "./tables.server";
import type { GrantInput, PriceInput } from "./validation";

export type ProductRow = typeof products.$inferSelect;
export type PriceRow = typeof productPrices.$inferSelect;
export type GrantRow = typeof productGrants.$inferSelect;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function productById(tx: Tx, { accountId, id }: { accountId: string; id: string }) {
  const [row] = await tx
    .select()
    .from(products)
    .where(and(eq(products.accountId, accountId), eq(products.id, id)))
    .limit(1);
  return row ?? null;
}

export async function productBySlug(
  tx: Tx,
  { accountId, slug }: { accountId: string; slug: string },
) {
  const [row] = await tx
    .select()
    .from(products)
    .where(and(eq(products.accountId, accountId), eq(products.slug, slug)))
    .limit(1);
  return row ?? null;
}

export function productsByIds(tx: Tx, { accountId, ids }: { accountId: string; ids: string[] }) {
  if (ids.length === 0) return Promise.resolve([] as ProductRow[]);
  return tx
    .select()
    .from(products)
    .where(and(eq(products.accountId, accountId), inArray(products.id, ids)));
}

/** Whether `slug` is another product's (than `exceptId`). */
export async function productSlugTaken(
  tx: Tx,
  { accountId, slug, exceptId }: { accountId: string; slug: string; exceptId?: string },
) {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.accountId, accountId),
        eq(products.slug, slug),
        exceptId ? ne(products.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** A page of the managers' list, newest change first, by title or slug and status. */
export async function productPage(
  tx: Tx,
  {
    accountId,
    q,
    status,
    limit,
    offset,
  }: { accountId: string; q?: string; status?: ProductStatus; limit: number; offset: number },
) {
  const term = q?.trim();
  const where: SQL | undefined = and(
    eq(products.accountId, accountId),
    status ? eq(products.status, status) : undefined,
    term
      ? or(
          ilike(products.title, `%${escapeLike(term)}%`),
          ilike(products.slug, `%${escapeLike(term)}%`),
        )
      : undefined,
  );
  const [total] = await tx.select({ n: count() }).from(products).where(where);
  const rows = await tx
    .select()
    .from(products)
    .where(where)
    .orderBy(desc(products.updatedAt), desc(products.id))
    .limit(limit)
    .offset(offset);
  return { rows, total: total?.n ?? 0 };
}

/** The prices of these products, in each product's order. */
export function pricesOf(
  tx: Tx,
  { accountId, productIds }: { accountId: string; productIds: string[] },
) {
  if (productIds.length === 0) return Promise.resolve([] as PriceRow[]);
  return tx
    .select()
    .from(productPrices)
    .where(
      and(eq(productPrices.accountId, accountId), inArray(productPrices.productId, productIds)),
    )
    .orderBy(asc(productPrices.productId), asc(productPrices.position));
}

export function grantsOf(
  tx: Tx,
  { accountId, productIds }: { accountId: string; productIds: string[] },
) {
  if (productIds.length === 0) return Promise.resolve([] as GrantRow[]);
  return tx
    .select()
    .from(productGrants)
    .where(
      and(eq(productGrants.accountId, accountId), inArray(productGrants.productId, productIds)),
    );
}

/** The product ids that grant one of these targets. */
export function grantsTo(
  tx: Tx,
  {
    accountId,
    target,
    targetIds,
  }: { accountId: string; target: GrantRow["target"]; targetIds: string[] },
) {
  if (targetIds.length === 0) return Promise.resolve([] as GrantRow[]);
  return tx
    .select()
    .from(productGrants)
    .where(
      and(
        eq(productGrants.accountId, accountId),
        eq(productGrants.target, target),
        inArray(productGrants.targetId, targetIds),
      ),
    );
}

/**
 * The product's prices become `prices`: rows named by id are changed in place (an order's item
 * keeps pointing at its price), the others are added, and those no longer listed are removed.
 */
export async function replacePrices(
  tx: Tx,
  { accountId, productId, prices }: { accountId: string; productId: string; prices: PriceInput[] },
) {
  const existing = await tx
    .select({ id: productPrices.id })
    .from(productPrices)
    .where(and(eq(productPrices.accountId, accountId), eq(productPrices.productId, productId)));
  const known = new Set(existing.map((row) => row.id));
  const kept = new Set<string>();
  for (const [position, price] of prices.entries()) {
    const values = {
      currency: price.currency,
      amount: price.amount,
      saleAmount: price.saleAmount,
      saleStartsAt: price.saleStartsAt ? new Date(price.saleStartsAt) : null,
      saleEndsAt: price.saleEndsAt ? new Date(price.saleEndsAt) : null,
      billing: price.billing,
      interval: price.billing === "one_time" ? null : price.interval,
      trialDays: price.trialDays,
      iterations: price.iterations,
      position,
    };
    if (price.id && known.has(price.id) && !kept.has(price.id)) {
      kept.add(price.id);
      await tx
        .update(productPrices)
        .set(values)
        .where(and(eq(productPrices.accountId, accountId), eq(productPrices.id, price.id)));
    } else {
      await tx.insert(productPrices).values({ ...values, accountId, productId });
    }
  }
  const gone = [...known].filter((id) => !kept.has(id));
  if (gone.length > 0)
    await tx
      .delete(productPrices)
      .where(and(eq(productPrices.accountId, accountId), inArray(productPrices.id, gone)));
}

export async function replaceGrants(
  tx: Tx,
  { accountId, productId, grants }: { accountId: string; productId: string; grants: GrantInput[] },
) {
  await tx
    .delete(productGrants)
    .where(and(eq(productGrants.accountId, accountId), eq(productGrants.productId, productId)));
  if (grants.length === 0) return;
  await tx
    .insert(productGrants)
    .values(grants.map((grant) => ({ ...grant, accountId, productId })))
    .onConflictDoNothing();
}

/** Published products with their prices; `visibleOnly` leaves hidden ones out (the catalogue). */
export function publishedProducts(
  tx: Tx,
  { accountId, visibleOnly, limit }: { accountId: string; visibleOnly: boolean; limit: number },
) {
  return tx
    .select()
    .from(products)
    .where(
      and(
        eq(products.accountId, accountId),
        eq(products.status, "published"),
        visibleOnly ? eq(products.visibility, "public") : undefined,
      ),
    )
    .orderBy(asc(products.title), asc(products.id))
    .limit(limit);
}
