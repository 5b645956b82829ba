import { randomUUID } from "node:crypto";
import { membershipRules, memberships } from "~/features/memberships/tables.server";
import { productGrants, productPrices, products } from "~/features/products/tables.server";
import type { Tx } from "~/platform/db/database.server";

type NewPrice = Partial<Omit<typeof productPrices.$inferInsert, "accountId" | "productId">> & {
  currency: string;
  amount: number;
};

/**
 * Inside the caller's transaction (scoped to the account): a product with its prices, in this
 * order, and what it grants. Published unless said otherwise.
 */
export async function insertProduct(
  tx: Tx,
  {
    accountId,
    prices = [],
    grants = [],
    ...values
  }: {
    accountId: string;
    prices?: NewPrice[];
    grants?: { target: "course" | "membership" | "download"; targetId: string }[];
  } & Partial<Omit<typeof products.$inferInsert, "accountId">>,
) {
  const tag = randomUUID().slice(0, 8);
  const [product] = await tx
    .insert(products)
    .values({
      accountId,
      title: values.title ?? `Product ${tag}`,
      slug: values.slug ?? `product-${tag}`,
      kind: values.kind ?? "course",
      status: values.status ?? "published",
      ...values,
    })
    .returning();
  if (prices.length)
    await tx.insert(productPrices).values(
      prices.map((price, position) => ({
        position,
        ...price,
        accountId,
        productId: product!.id,
      })),
    );
  if (grants.length)
    await tx
      .insert(productGrants)
      .values(grants.map((grant) => ({ ...grant, accountId, productId: product!.id })));
  return product!;
}

/**
 * The demo shop (issue 16): each paid course sold by a product of its own title and address in
 * the site's currency (one also in INR, paid through Razorpay), and on the demo site a monthly
 * "Gold" membership with a 7-day trial that opens a course and the posts tagged "premium".
 */
export async function insertDemoShop(
  tx: Tx,
  {
    accountId,
    currency,
    courses,
    inrCourseSlug = null,
    gold = false,
  }: {
    accountId: string;
    currency: string;
    courses: {
      id: string;
      title: string;
      slug: string;
      price: number;
      image?: string | null;
      subtitle?: string;
    }[];
    /** This course's product also has a price in rupees. */
    inrCourseSlug?: string | null;
    /** Add the Gold membership (it opens the last paid course). */
    gold?: boolean;
  },
) {
  const paid = courses.filter((course) => course.price > 0);
  for (const course of paid)
    await insertProduct(tx, {
      accountId,
      title: course.title,
      slug: course.slug,
      kind: "course",
      image: course.image ?? null,
      description: course.subtitle ? `<p>${course.subtitle}</p>` : "",
      prices: [
        { currency, amount: course.price },
        ...(course.slug === inrCourseSlug ? [{ currency: "INR", amount: 399_900 }] : []),
      ],
      grants: [{ target: "course", targetId: course.id }],
    });
  if (!gold) return;
  const [level] = await tx
    .insert(memberships)
    .values({
      accountId,
      name: "Gold",
      slug: "gold",
      description: "Every Gold course and members-only post while you subscribe.",
    })
    .returning();
  const opens = paid.at(-1);
  await tx
    .insert(membershipRules)
    .values([
      { accountId, membershipId: level!.id, resource: "post_tag", tag: "premium" },
      ...(opens
        ? [{ accountId, membershipId: level!.id, resource: "course" as const, targetId: opens.id }]
        : []),
    ]);
  await insertProduct(tx, {
    accountId,
    title: "Gold membership",
    slug: "gold",
    kind: "membership",
    description:
      "<p>A monthly membership: the Gold courses and members-only posts, with a free week to try it.</p>",
    prices: [{ currency, amount: 1900, billing: "subscription", interval: "month", trialDays: 7 }],
    grants: [{ target: "membership", targetId: level!.id }],
  });
}
