import { and, asc, eq, inArray } from "drizzle-orm";
import { courses } from "~/features/courses/tables.server";
import { media } from "~/features/media/tables.server";
import { memberships } from "~/features/memberships/tables.server";
import { products } from "./tables.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { safeUrl } from "~/platform/safe-values";
import { sanitizeContentHtml } from "~/platform/sanitize.server";
import { courseOffers } from "./cart-pricing.server";
import { amountAt, onSale } from "./pricing";
import type { BillingInterval, BillingKind, ProductKind } from "./product-shapes";
import {
  grantsOf,
  grantsTo,
  pricesOf,
  productBySlug,
  productsByIds,
  type PriceRow,
  type ProductRow,
} from "./queries.server";

/** A price as the public site shows it: what it costs now and, on sale, what it cost before. */
export type OfferPrice = {
  id: string;
  currency: string;
  /** Minor units at the moment of the request, sale applied. */
  amount: number;
  /** The regular amount when on sale, else null. */
  regularAmount: number | null;
  saleEndsAt: string | null;
  billing: BillingKind;
  interval: BillingInterval | null;
  trialDays: number;
  iterations: number;
};

/** A product on a card (the members-only call to action, a course page, a list). */
export type ProductCard = {
  id: string;
  slug: string;
  title: string;
  image: string | null;
  kind: ProductKind;
  /** Its first price in the asked currency, else its first price; null = not priced. */
  price: OfferPrice | null;
};

export function offerPrice(row: PriceRow, now: Date): OfferPrice {
  const sale = onSale(row, now);
  return {
    id: row.id,
    currency: row.currency,
    amount: amountAt(row, now),
    regularAmount: sale ? row.amount : null,
    saleEndsAt: sale ? (row.saleEndsAt?.toISOString() ?? null) : null,
    billing: row.billing,
    interval: row.interval,
    trialDays: row.trialDays,
    iterations: row.iterations,
  };
}

function cardOf(product: ProductRow, prices: PriceRow[], currency: string, now: Date): ProductCard {
  const own = prices.filter((row) => row.productId === product.id);
  const chosen = own.find((row) => row.currency === currency) ?? own[0];
  return {
    id: product.id,
    slug: product.slug,
    title: product.title,
    image: safeUrl(product.image),
    kind: product.kind,
    price: chosen ? offerPrice(chosen, now) : null,
  };
}

export type ProductPage = ProductCard & {
  descriptionHtml: string;
  /** Every price, the account's currency first. */
  prices: OfferPrice[];
  grants: {
    courses: { id: string; title: string; slug: string }[];
    memberships: { id: string; name: string }[];
    downloads: { id: string; name: string }[];
  };
};

async function grantedThings(tx: Tx, accountId: string, productId: string) {
  const grants = await grantsOf(tx, { accountId, productIds: [productId] });
  const ids = (target: string) =>
    grants.filter((grant) => grant.target === target).map((grant) => grant.targetId);
  const courseIds = ids("course");
  const levelIds = ids("membership");
  const fileIds = ids("download");
  return {
    courses: courseIds.length
      ? await tx
          .select({ id: courses.id, title: courses.title, slug: courses.slug })
          .from(courses)
          .where(
            and(
              eq(courses.accountId, accountId),
              inArray(courses.id, courseIds),
              eq(courses.status, "published"),
            ),
          )
      : [],
    memberships: levelIds.length
      ? await tx
          .select({ id: memberships.id, name: memberships.name })
          .from(memberships)
          .where(and(eq(memberships.accountId, accountId), inArray(memberships.id, levelIds)))
      : [],
    downloads: fileIds.length
      ? await tx
          .select({ id: media.id, name: media.originalName })
          .from(media)
          .where(and(eq(media.accountId, accountId), inArray(media.id, fileIds)))
      : [],
  };
}

/** Issue 16: a published product's page (public or hidden: a hidden one is reached by address). */
export function getProductPage(
  database: Database,
  {
    accountId,
    slug,
    currency,
    now = new Date(),
  }: { accountId: string; slug: string; currency: string; now?: Date },
): Promise<ProductPage | null> {
  return database.forAccount(accountId, async (tx) => {
    const product = await productBySlug(tx, { accountId, slug });
    if (!product || product.status !== "published") return null;
    const prices = await pricesOf(tx, { accountId, productIds: [product.id] });
    const ordered = [
      ...prices.filter((row) => row.currency === currency),
      ...prices.filter((row) => row.currency !== currency),
    ];
    return {
      ...cardOf(product, prices, currency, now),
      descriptionHtml: sanitizeContentHtml(product.description),
      prices: ordered.map((row) => offerPrice(row, now)),
      grants: await grantedThings(tx, accountId, product.id),
    };
  });
}

/**
 * Issue 16: what sells a course on its page: the cheapest published product granting that
 * course alone, priced in `currency`; null when there is none (the page then shows no button).
 */
export async function courseOffer(
  database: Database,
  {
    accountId,
    courseId,
    currency,
    now = new Date(),
  }: { accountId: string; courseId: string; currency: string; now?: Date },
): Promise<ProductCard | null> {
  return database.forAccount(accountId, async (tx) => {
    const offer = (await courseOffers(tx, { accountId, courseIds: [courseId], currency, now })).get(
      courseId,
    );
    if (!offer) return null;
    return {
      id: offer.product.id,
      slug: offer.product.slug,
      title: offer.product.title,
      image: safeUrl(offer.product.image),
      kind: offer.product.kind,
      price: offerPrice(offer.price, now),
    };
  });
}

/**
 * Issue 16: the published, listed products that give one of these membership levels (the
 * members-only call to action names what to buy), cheapest in `currency` first.
 */
export async function productsForLevels(
  database: Database,
  {
    accountId,
    membershipIds,
    currency,
    now = new Date(),
  }: { accountId: string; membershipIds: string[]; currency: string; now?: Date },
): Promise<ProductCard[]> {
  if (membershipIds.length === 0) return [];
  return database.forAccount(accountId, async (tx) => {
    const grants = await grantsTo(tx, {
      accountId,
      target: "membership",
      targetIds: membershipIds,
    });
    const ids = [...new Set(grants.map((grant) => grant.productId))];
    const rows = (await productsByIds(tx, { accountId, ids })).filter(
      (row) => row.status === "published" && row.visibility === "public",
    );
    const prices = await pricesOf(tx, { accountId, productIds: rows.map((row) => row.id) });
    return rows
      .map((row) => cardOf(row, prices, currency, now))
      .filter((card) => card.price !== null)
      .sort((a, b) => a.price!.amount - b.price!.amount || a.title.localeCompare(b.title));
  });
}

/** One product offered on a funnel's step: its card and the price chosen for it. */
export type OfferedProductCard = Pick<ProductCard, "id" | "slug" | "title" | "image"> & {
  price: OfferPrice;
};

/**
 * Issue 34 funnels: the published products a step offers, each at the price chosen for it (or
 * its first price in `currency`), in the order asked; one no longer sold is left out.
 */
export function offeredProducts(
  database: Database,
  {
    accountId,
    offers,
    currency,
    now = new Date(),
  }: {
    accountId: string;
    offers: { productId: string; priceId: string | null }[];
    currency: string;
    now?: Date;
  },
): Promise<OfferedProductCard[]> {
  const ids = offers.map((offer) => offer.productId);
  return database.forAccount(accountId, async (tx) => {
    const rows = await productsByIds(tx, { accountId, ids });
    const prices = await pricesOf(tx, { accountId, productIds: ids });
    return offers.flatMap((offer) => {
      const product = rows.find((row) => row.id === offer.productId);
      if (!product || product.status !== "published") return [];
      const own = prices.filter((row) => row.productId === product.id);
      const price =
        own.find((row) => row.id === offer.priceId) ??
        own.find((row) => row.currency === currency) ??
        own[0];
      if (!price) return [];
      const card = cardOf(product, [price], currency, now);
      return [{ ...card, price: offerPrice(price, now) }];
    });
  });
}

/** The site's published products with their prices, for a picker (a funnel step's offers). */
export async function productPriceChoices(
  database: Database,
  { accountId }: { accountId: string },
) {
  return database.forAccount(accountId, async (tx) => {
    const rows = await tx
      .select()
      .from(products)
      .where(and(eq(products.accountId, accountId), eq(products.status, "published")))
      .orderBy(asc(products.title))
      .limit(500);
    const prices = await pricesOf(tx, { accountId, productIds: rows.map((row) => row.id) });
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      prices: prices
        .filter((price) => price.productId === row.id)
        .map((price) => ({
          id: price.id,
          currency: price.currency,
          amount: price.amount,
          billing: price.billing,
        })),
    }));
  });
}
