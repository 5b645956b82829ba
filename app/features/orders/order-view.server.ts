import { and, eq, inArray } from "drizzle-orm";
import { courses } from "~/features/courses/tables.server";
import { media } from "~/features/media/tables.server";
import { can, type Viewer } from "~/features/members/members.server";
import { memberships } from "~/features/memberships/tables.server";
import { productGrants } from "~/features/products/tables.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { itemsOf, orderById } from "./queries.server";

export type Unlocked = {
  courses: { id: string; title: string; slug: string }[];
  memberships: { id: string; name: string }[];
  downloads: { id: string; name: string }[];
};

/** What an order's products grant, named for the buyer (the thank-you page, the receipt). */
export async function unlockedBy(
  tx: Tx,
  { accountId, productIds }: { accountId: string; productIds: string[] },
): Promise<Unlocked> {
  if (productIds.length === 0) return { courses: [], memberships: [], downloads: [] };
  const grants = await tx
    .select()
    .from(productGrants)
    .where(
      and(eq(productGrants.accountId, accountId), inArray(productGrants.productId, productIds)),
    );
  const ids = (target: string) => [
    ...new Set(grants.filter((g) => g.target === target).map((g) => g.targetId)),
  ];
  const [courseIds, levelIds, fileIds] = [ids("course"), ids("membership"), ids("download")];
  return {
    courses: courseIds.length
      ? await tx
          .select({ id: courses.id, title: courses.title, slug: courses.slug })
          .from(courses)
          .where(and(eq(courses.accountId, accountId), inArray(courses.id, courseIds)))
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

/** An order as its buyer (or a manager) sees it, with what it unlocked once fulfilled. */
export async function orderView(
  database: Database,
  { accountId, viewer, orderId }: { accountId: string; viewer: Viewer | null; orderId: string },
) {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  return database.forAccount(accountId, async (tx) => {
    const order = await orderById(tx, { accountId, id: orderId });
    if (!order || (order.userId !== viewer.user.id && !can(viewer, "manage_options")))
      throw new AppError({ code: "order.notFound" });
    const items = await itemsOf(tx, { accountId, orderId });
    const unlocked =
      order.status === "fulfilled"
        ? await unlockedBy(tx, { accountId, productIds: items.map((item) => item.productId) })
        : { courses: [], memberships: [], downloads: [] };
    const start = order.paymentStart as { kind?: string; instructions?: string } | null;
    return {
      id: order.id,
      number: order.number,
      status: order.status,
      provider: order.provider,
      currency: order.currency,
      subtotal: order.subtotal,
      discount: order.discount,
      total: order.total,
      dueLater: order.dueLater,
      refunded: order.refunded,
      coupon: order.coupon,
      createdAt: order.createdAt.toISOString(),
      items: items.map((item) => ({
        productId: item.productId,
        title: item.title,
        amount: item.amount,
        quantity: item.quantity,
        billing: item.billing,
        trialDays: item.trialDays,
        frequency: item.frequency,
      })),
      instructions: start?.kind === "offline" ? (start.instructions ?? "") : null,
      unlocked,
    };
  });
}

export type OrderView = Awaited<ReturnType<typeof orderView>>;
