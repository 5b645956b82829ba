import { and, eq, gt, inArray, isNull, or } from "drizzle-orm";
import { courses } from "~/features/courses/tables.server";
import { enrolments } from "~/features/learning/tables.server";
import { endGrantedEnrolments, enrolThroughGrant } from "~/features/learning/learning.server";
import { media } from "~/features/media/tables.server";
import { holdLevel, releaseLevels } from "~/features/memberships/memberships.server";
import { memberMemberships, memberships } from "~/features/memberships/tables.server";
import type { Tx } from "~/platform/db/database.server";
import { grantsOf } from "./queries.server";

export type GrantedThings = {
  courses: { id: string; title: string; slug: string }[];
  memberships: { id: string; name: string }[];
  downloads: { id: string; name: string }[];
};

/** The targets these products grant, each once, by kind. */
async function targetsOf(
  tx: Tx,
  { accountId, productIds }: { accountId: string; productIds: string[] },
) {
  const grants = await grantsOf(tx, { accountId, productIds: [...new Set(productIds)] });
  const of = (target: string) => [
    ...new Set(grants.filter((grant) => grant.target === target).map((grant) => grant.targetId)),
  ];
  return { courseIds: of("course"), membershipIds: of("membership"), mediaIds: of("download") };
}

/** The granted things' names, for the thank-you page, the receipt and the orders screen. */
async function describe(
  tx: Tx,
  accountId: string,
  { courseIds, membershipIds, mediaIds }: Awaited<ReturnType<typeof targetsOf>>,
): Promise<GrantedThings> {
  const courseRows = courseIds.length
    ? await tx
        .select({ id: courses.id, title: courses.title, slug: courses.slug })
        .from(courses)
        .where(and(eq(courses.accountId, accountId), inArray(courses.id, courseIds)))
    : [];
  const levelRows = membershipIds.length
    ? await tx
        .select({ id: memberships.id, name: memberships.name })
        .from(memberships)
        .where(and(eq(memberships.accountId, accountId), inArray(memberships.id, membershipIds)))
    : [];
  const fileRows = mediaIds.length
    ? await tx
        .select({ id: media.id, name: media.originalName })
        .from(media)
        .where(and(eq(media.accountId, accountId), inArray(media.id, mediaIds)))
    : [];
  return { courses: courseRows, memberships: levelRows, downloads: fileRows };
}

/**
 * Issue 16 (the orders feature's fulfilment): what these products grant is given to the
 * person, inside the caller's transaction: enrolments (source "purchase") through the learning
 * feature, levels held with the order's id; downloads need no row (paid orders open them).
 * `accessEndsAt` (a subscription's paid period) bounds both; undefined = the course's access
 * days and the level's duration. Idempotent: run again, nothing changes.
 */
export async function grantProducts(
  tx: Tx,
  a: {
    accountId: string;
    userId: string;
    orderId: string;
    productIds: string[];
    now: Date;
    accessEndsAt?: Date | null;
  },
): Promise<GrantedThings> {
  const { accountId, userId, orderId, now } = a;
  const targets = await targetsOf(tx, { accountId, productIds: a.productIds });
  for (const courseId of targets.courseIds)
    await enrolThroughGrant(tx, {
      accountId,
      courseId,
      userId,
      source: "purchase",
      now,
      expiresAt: a.accessEndsAt,
    });
  for (const membershipId of targets.membershipIds)
    await holdLevel(tx, {
      accountId,
      membershipId,
      userId,
      source: "purchase",
      orderId,
      now,
      expiresAt: a.accessEndsAt,
    });
  return describe(tx, accountId, targets);
}

/**
 * Issue 16 (a refund): ends what THIS order gave, inside the caller's transaction. A level
 * ends only where this order gave it (member_memberships.order_id); a purchased enrolment ends
 * unless `keepProductIds` (products the person still holds through other paid or fulfilled
 * orders: the orders feature knows them) grant that course too. A membership level's courses
 * close unless another held level opens them.
 */
export async function revokeProducts(
  tx: Tx,
  a: {
    accountId: string;
    userId: string;
    orderId: string;
    productIds: string[];
    keepProductIds?: string[];
    now?: Date;
  },
): Promise<void> {
  const { accountId, userId, orderId } = a;
  const now = a.now ?? new Date();
  const gone = await targetsOf(tx, { accountId, productIds: a.productIds });
  const kept = await targetsOf(tx, { accountId, productIds: a.keepProductIds ?? [] });
  const keptCourses = new Set(kept.courseIds);
  await endGrantedEnrolments(tx, {
    accountId,
    userId,
    courseIds: gone.courseIds.filter((id) => !keptCourses.has(id)),
    source: "purchase",
  });
  await releaseLevels(tx, { accountId, userId, membershipIds: gone.membershipIds, orderId, now });
}

/**
 * Issue 31 (decision 041): the products whose every course and level the person already holds
 * now (an enrolment active or completed, a level active, not past its end), and whether all of
 * it is held for good (no end). A product granting neither (downloads only) is never held.
 */
export async function productsHeld(
  tx: Tx,
  {
    accountId,
    userId,
    productIds,
    now,
  }: {
    accountId: string;
    userId: string;
    productIds: string[];
    now: Date;
  },
): Promise<{ productId: string; forGood: boolean }[]> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return [];
  const grants = (await grantsOf(tx, { accountId, productIds: ids })).filter(
    (grant) => grant.target === "course" || grant.target === "membership",
  );
  if (grants.length === 0) return [];
  const unexpired = (column: typeof enrolments.expiresAt | typeof memberMemberships.expiresAt) =>
    or(isNull(column), gt(column, now));
  const courseIds = grants.filter((g) => g.target === "course").map((g) => g.targetId);
  const levelIds = grants.filter((g) => g.target === "membership").map((g) => g.targetId);
  const held = new Map<string, boolean>();
  if (courseIds.length > 0)
    for (const row of await tx
      .select({ id: enrolments.courseId, expiresAt: enrolments.expiresAt })
      .from(enrolments)
      .where(
        and(
          eq(enrolments.accountId, accountId),
          eq(enrolments.userId, userId),
          inArray(enrolments.courseId, courseIds),
          inArray(enrolments.status, ["active", "completed"]),
          unexpired(enrolments.expiresAt),
        ),
      ))
      held.set(`course:${row.id}`, (held.get(`course:${row.id}`) ?? false) || !row.expiresAt);
  if (levelIds.length > 0)
    for (const row of await tx
      .select({ id: memberMemberships.membershipId, expiresAt: memberMemberships.expiresAt })
      .from(memberMemberships)
      .where(
        and(
          eq(memberMemberships.accountId, accountId),
          eq(memberMemberships.userId, userId),
          inArray(memberMemberships.membershipId, levelIds),
          eq(memberMemberships.status, "active"),
          unexpired(memberMemberships.expiresAt),
        ),
      ))
      held.set(
        `membership:${row.id}`,
        (held.get(`membership:${row.id}`) ?? false) || !row.expiresAt,
      );
  return ids.flatMap((productId) => {
    const mine = grants.filter((grant) => grant.productId === productId);
    if (mine.length === 0) return [];
    const keys = mine.map((grant) => `${grant.target}:${grant.targetId}`);
    if (!keys.every((key) => held.has(key))) return [];
    return [{ productId, forGood: keys.every((key) => held.get(key)) }];
  });
}
