import type { Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { BillingInterval, BillingKind, ProductKind } from "./product-shapes";
import { amountAt, frequencyOf } from "./pricing";
import {
  grantsOf,
  grantsTo,
  pricesOf,
  productsByIds,
  type PriceRow,
  type ProductRow,
} from "./queries.server";

export type CartLineInput = { id: string; priceId?: string; quantity: number };

export type PricedLine = {
  productId: string;
  priceId: string;
  title: string;
  kind: ProductKind;
  billing: BillingKind;
  interval: BillingInterval | null;
  trialDays: number;
  iterations: number;
  /** Minor units, the sale applied at `now`. */
  unitAmount: number;
  quantity: number;
  frequency: { value: number; parameter: "month" | "year" } | null;
};

/** At most this many of one download or bundle in a cart. */
const MAX_QUANTITY = 99;

const unavailable = () => new AppError({ code: "cart.itemUnavailable" });

/**
 * A course's own products: published, granting that course and nothing else, each with its
 * cheapest price in `currency` at `now` (products without one are left out), cheapest first.
 */
export async function courseOffers(
  tx: Tx,
  {
    accountId,
    courseIds,
    currency,
    now,
  }: { accountId: string; courseIds: string[]; currency: string; now: Date },
): Promise<Map<string, { product: ProductRow; price: PriceRow; amount: number }>> {
  const offers = new Map<string, { product: ProductRow; price: PriceRow; amount: number }>();
  const granting = await grantsTo(tx, { accountId, target: "course", targetIds: courseIds });
  const productIds = [...new Set(granting.map((grant) => grant.productId))];
  if (productIds.length === 0) return offers;
  const grants = await grantsOf(tx, { accountId, productIds });
  const rows = await productsByIds(tx, { accountId, ids: productIds });
  const prices = await pricesOf(tx, { accountId, productIds });
  for (const product of rows) {
    if (product.status !== "published") continue;
    const own = grants.filter((grant) => grant.productId === product.id);
    if (own.length !== 1 || own[0]!.target !== "course") continue;
    const courseId = own[0]!.targetId;
    for (const price of prices) {
      if (price.productId !== product.id || price.currency !== currency) continue;
      const amount = amountAt(price, now);
      const best = offers.get(courseId);
      if (!best || amount < best.amount) offers.set(courseId, { product, price, amount });
    }
  }
  return offers;
}

/**
 * Issue 16 (the orders feature's checkout): the server's own price of every cart line, inside
 * the caller's transaction. A line names a product (or, for carts saved before issue 16, a
 * course: its cheapest own product) and optionally one of its prices; the price must be in
 * `currency`. Throws `cart.itemUnavailable` for an unknown or unpublished product or one with
 * no price in that currency. A course or membership is bought once: its quantity is 1.
 */
export async function priceCartLines(
  tx: Tx,
  a: { accountId: string; lines: CartLineInput[]; currency: string; now: Date },
): Promise<PricedLine[]> {
  const { accountId, currency, now } = a;
  const ids = [...new Set(a.lines.map((line) => line.id))];
  const found = await productsByIds(tx, { accountId, ids });
  const byId = new Map(found.map((product) => [product.id, product]));
  const missing = ids.filter((id) => !byId.has(id));
  const fromCourses = await courseOffers(tx, { accountId, courseIds: missing, currency, now });
  const prices = await pricesOf(tx, { accountId, productIds: found.map((product) => product.id) });
  return a.lines.map((line) => {
    let product = byId.get(line.id);
    let price: PriceRow | undefined;
    if (product) {
      const own = prices.filter(
        (row) => row.productId === product!.id && row.currency === currency,
      );
      price = line.priceId ? own.find((row) => row.id === line.priceId) : own[0];
    } else {
      const offer = fromCourses.get(line.id);
      product = offer?.product;
      price = offer && (!line.priceId || line.priceId === offer.price.id) ? offer.price : undefined;
    }
    if (!product || product.status !== "published" || !price) throw unavailable();
    const single = product.kind === "course" || product.kind === "membership";
    const quantity = single
      ? 1
      : Math.min(MAX_QUANTITY, Math.max(1, Number.isInteger(line.quantity) ? line.quantity : 1));
    return {
      productId: product.id,
      priceId: price.id,
      title: product.title,
      kind: product.kind,
      billing: price.billing,
      interval: price.interval,
      trialDays: price.trialDays,
      iterations: price.iterations,
      unitAmount: amountAt(price, now),
      quantity,
      frequency: frequencyOf(price),
    };
  });
}
