import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, or } from "drizzle-orm";
import { members } from "~/features/members/tables.server";
import type { Tx } from "~/platform/db/database.server";
import { memberMemberships, membershipRules, memberships } from "./tables.server";

export type LevelRow = typeof memberships.$inferSelect;
export type RuleRow = typeof membershipRules.$inferSelect;
export type HoldingRow = typeof memberMemberships.$inferSelect;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function levelsOf(tx: Tx, { accountId }: { accountId: string }) {
  return tx
    .select()
    .from(memberships)
    .where(eq(memberships.accountId, accountId))
    .orderBy(asc(memberships.position), asc(memberships.name));
}

export async function levelById(tx: Tx, { accountId, id }: { accountId: string; id: string }) {
  const [row] = await tx
    .select()
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.id, id)))
    .limit(1);
  return row ?? null;
}

export function levelsByIds(tx: Tx, { accountId, ids }: { accountId: string; ids: string[] }) {
  if (ids.length === 0) return Promise.resolve([] as LevelRow[]);
  return tx
    .select()
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), inArray(memberships.id, ids)));
}

export function rulesOfLevels(
  tx: Tx,
  { accountId, levelIds }: { accountId: string; levelIds: string[] },
) {
  if (levelIds.length === 0) return Promise.resolve([] as RuleRow[]);
  return tx
    .select()
    .from(membershipRules)
    .where(
      and(
        eq(membershipRules.accountId, accountId),
        inArray(membershipRules.membershipId, levelIds),
      ),
    );
}

/** Every rule of the account's active levels: what is members-only, and by which level. */
export function activeRules(tx: Tx, { accountId }: { accountId: string }) {
  return tx
    .select({
      membershipId: membershipRules.membershipId,
      resource: membershipRules.resource,
      targetId: membershipRules.targetId,
      tag: membershipRules.tag,
    })
    .from(membershipRules)
    .innerJoin(
      memberships,
      and(
        eq(memberships.accountId, membershipRules.accountId),
        eq(memberships.id, membershipRules.membershipId),
      ),
    )
    .where(and(eq(membershipRules.accountId, accountId), eq(memberships.status, "active")));
}

/** The active levels a person holds at `now` (active, not past their end), with their ends. */
export function heldLevels(
  tx: Tx,
  { accountId, userId, now }: { accountId: string; userId: string; now: Date },
) {
  return tx
    .select({
      membershipId: memberMemberships.membershipId,
      expiresAt: memberMemberships.expiresAt,
    })
    .from(memberMemberships)
    .innerJoin(
      memberships,
      and(
        eq(memberships.accountId, memberMemberships.accountId),
        eq(memberships.id, memberMemberships.membershipId),
      ),
    )
    .where(
      and(
        eq(memberMemberships.accountId, accountId),
        eq(memberMemberships.userId, userId),
        eq(memberMemberships.status, "active"),
        eq(memberships.status, "active"),
        or(isNull(memberMemberships.expiresAt), gt(memberMemberships.expiresAt, now)),
      ),
    );
}

export async function holdingRow(
  tx: Tx,
  { accountId, membershipId, userId }: { accountId: string; membershipId: string; userId: string },
) {
  const [row] = await tx
    .select()
    .from(memberMemberships)
    .where(
      and(
        eq(memberMemberships.accountId, accountId),
        eq(memberMemberships.membershipId, membershipId),
        eq(memberMemberships.userId, userId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** How many people hold each level now. */
export async function holderCounts(tx: Tx, { accountId, now }: { accountId: string; now: Date }) {
  const rows = await tx
    .select({ membershipId: memberMemberships.membershipId, n: count() })
    .from(memberMemberships)
    .where(
      and(
        eq(memberMemberships.accountId, accountId),
        eq(memberMemberships.status, "active"),
        or(isNull(memberMemberships.expiresAt), gt(memberMemberships.expiresAt, now)),
      ),
    )
    .groupBy(memberMemberships.membershipId);
  return new Map(rows.map((row) => [row.membershipId, row.n]));
}

/** A level's holders (any state), newest first, by name or e-mail, a page at a time. */
export async function levelHolders(
  tx: Tx,
  {
    accountId,
    membershipId,
    q,
    limit,
    offset,
  }: { accountId: string; membershipId: string; q?: string; limit: number; offset: number },
) {
  const term = q?.trim();
  const where = and(
    eq(memberMemberships.accountId, accountId),
    eq(memberMemberships.membershipId, membershipId),
    term
      ? or(
          ilike(members.name, `%${escapeLike(term)}%`),
          ilike(members.email, `%${escapeLike(term)}%`),
        )
      : undefined,
  );
  const join = and(
    eq(members.accountId, memberMemberships.accountId),
    eq(members.userId, memberMemberships.userId),
  );
  const [total] = await tx
    .select({ n: count() })
    .from(memberMemberships)
    .innerJoin(members, join)
    .where(where);
  const rows = await tx
    .select({
      userId: memberMemberships.userId,
      name: members.name,
      email: members.email,
      status: memberMemberships.status,
      source: memberMemberships.source,
      orderId: memberMemberships.orderId,
      startsAt: memberMemberships.startsAt,
      expiresAt: memberMemberships.expiresAt,
    })
    .from(memberMemberships)
    .innerJoin(members, join)
    .where(where)
    .orderBy(desc(memberMemberships.startsAt), asc(memberMemberships.userId))
    .limit(limit)
    .offset(offset);
  return { rows, total: total?.n ?? 0 };
}
