import { and, eq, inArray, ne } from "drizzle-orm";
import { emitDomainEvent, emitDomainEvents } from "~/features/events/events.server";
import { endGrantedEnrolments, enrolThroughGrant } from "~/features/learning/learning.server";
import type { Viewer } from "~/features/members/members.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { accessMap, levelsOpening } from "./access.server";
import { holdingRow, levelById, rulesOfLevels } from "./queries.server";
import { memberMemberships } from "./tables.server";

const DAY = 86_400_000;

const live = (row: { status: string; expiresAt: Date | null }, now: Date) =>
  row.status === "active" && (!row.expiresAt || row.expiresAt.getTime() > now.getTime());

/** Null (for ever) is later than any date. */
const later = (a: Date | null, b: Date | null) =>
  a === null ? b !== null : b !== null && a.getTime() > b.getTime();

/**
 * Issue 16: a person holds a level, inside the caller's transaction (an order's fulfilment, a
 * manager's grant). `expiresAt` undefined = the level's duration from `now` (none = for ever).
 * A held level is lengthened when this lasts longer (taking this source and order); an ended
 * one starts again. The same call twice changes nothing the second time. Answers whether the
 * person holds it now (false for an unknown level).
 */
export async function holdLevel(
  tx: Tx,
  a: {
    accountId: string;
    membershipId: string;
    userId: string;
    source: "purchase" | "manual";
    orderId: string | null;
    now: Date;
    expiresAt?: Date | null;
  },
): Promise<boolean> {
  const { accountId, membershipId, userId, source, orderId, now } = a;
  const level = await levelById(tx, { accountId, id: membershipId });
  if (!level) return false;
  const ends =
    a.expiresAt !== undefined
      ? a.expiresAt
      : level.durationDays
        ? new Date(now.getTime() + level.durationDays * DAY)
        : null;
  const existing = await holdingRow(tx, { accountId, membershipId, userId });
  const key = and(
    eq(memberMemberships.accountId, accountId),
    eq(memberMemberships.membershipId, membershipId),
    eq(memberMemberships.userId, userId),
  );
  const started = () =>
    emitDomainEvent(
      tx,
      accountId,
      { type: "membership.started", userId, data: { membershipId, source } },
      now,
    );
  if (!existing) {
    const rows = await tx
      .insert(memberMemberships)
      .values({ accountId, membershipId, userId, source, orderId, startsAt: now, expiresAt: ends })
      .onConflictDoNothing()
      .returning({ userId: memberMemberships.userId });
    if (rows.length) await started();
    return true;
  }
  if (!live(existing, now)) {
    await tx
      .update(memberMemberships)
      .set({ status: "active", source, orderId, startsAt: now, expiresAt: ends, lapseToldAt: null })
      .where(key);
    await started();
    return true;
  }
  if (later(ends, existing.expiresAt))
    await tx
      .update(memberMemberships)
      .set({ source, orderId, expiresAt: ends, lapseToldAt: null })
      .where(key);
  return true;
}

/**
 * The courses that the levels `released` opened and no level the person still holds opens:
 * their "membership" enrolments end. Inside the caller's transaction, after the holdings changed.
 */
async function closeReleasedCourses(
  tx: Tx,
  {
    accountId,
    userId,
    released,
    now,
  }: { accountId: string; userId: string; released: string[]; now: Date },
) {
  if (released.length === 0) return;
  const rules = await rulesOfLevels(tx, { accountId, levelIds: released });
  const courseIds = [
    ...new Set(rules.filter((rule) => rule.resource === "course").map((rule) => rule.targetId!)),
  ];
  if (courseIds.length === 0) return;
  const map = await accessMap(tx, { accountId, userId, now });
  const stillOpen = (courseId: string) =>
    [...levelsOpening(map, { type: "course", id: courseId })].some((level) => map.held.has(level));
  await endGrantedEnrolments(tx, {
    accountId,
    userId,
    courseIds: courseIds.filter((courseId) => !stillOpen(courseId)),
    source: "membership",
  });
}

/**
 * Issue 16: ends a person's hold on levels, inside the caller's transaction. With `orderId`
 * (a refund) only the holds that order gave end: a level renewed or given by another order or
 * by hand since stays. The courses those levels opened close unless another held level opens
 * them. Answers the levels that ended.
 */
export async function releaseLevels(
  tx: Tx,
  a: {
    accountId: string;
    userId: string;
    membershipIds: string[];
    orderId?: string | null;
    now: Date;
  },
): Promise<string[]> {
  const { accountId, userId, membershipIds, now } = a;
  if (membershipIds.length === 0) return [];
  const rows = await tx
    .update(memberMemberships)
    .set({ status: "cancelled", expiresAt: now })
    .where(
      and(
        eq(memberMemberships.accountId, accountId),
        eq(memberMemberships.userId, userId),
        inArray(memberMemberships.membershipId, membershipIds),
        ne(memberMemberships.status, "cancelled"),
        a.orderId ? eq(memberMemberships.orderId, a.orderId) : undefined,
      ),
    )
    .returning({ membershipId: memberMemberships.membershipId });
  const released = rows.map((row) => row.membershipId);
  await emitDomainEvents(
    tx,
    accountId,
    released.map((membershipId) => ({
      type: "membership.ended" as const,
      userId,
      data: { membershipId },
    })),
    now,
  );
  await closeReleasedCourses(tx, { accountId, userId, released, now });
  return released;
}

/**
 * Issue 16: a membership holder opens a course a held level opens (the course page, the
 * player): the first visit enrols them with source "membership" until the latest end of the
 * levels that open it, so the player, progress and certificates work as for any student. A
 * later visit after a renewal lengthens it. Answers whether they hold such a level.
 */
export async function openCourseThroughMembership(
  database: Database,
  {
    accountId,
    viewer,
    courseId,
    now = new Date(),
  }: { accountId: string; viewer: Viewer | null; courseId: string; now?: Date },
): Promise<boolean> {
  if (!viewer?.membership || viewer.membership.accountId !== accountId) return false;
  const userId = viewer.user.id;
  return database.forAccount(accountId, async (tx) => {
    const map = await accessMap(tx, { accountId, userId, now });
    const opening = [...levelsOpening(map, { type: "course", id: courseId })].filter((level) =>
      map.held.has(level),
    );
    if (opening.length === 0) return false;
    const ends = opening
      .map((level) => map.held.get(level) ?? null)
      .reduce<Date | null | undefined>(
        (best, end) => (best === undefined ? end : later(end, best) ? end : best),
        undefined,
      );
    await enrolThroughGrant(tx, {
      accountId,
      courseId,
      userId,
      source: "membership",
      now,
      expiresAt: ends ?? null,
    });
    return true;
  });
}
