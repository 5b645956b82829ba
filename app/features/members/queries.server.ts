import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Tx } from "~/platform/db/database.server";
import { memberInvites, members, roles } from "./tables.server";
import { INVITE_DAYS } from "./validation";

export type MemberRow = typeof members.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;

export function insertRoles(tx: Tx, rows: (typeof roles.$inferInsert)[]) {
  return tx.insert(roles).values(rows).returning();
}

export async function findDefaultRole(tx: Tx, accountId: string): Promise<RoleRow | undefined> {
  const [row] = await tx
    .select()
    .from(roles)
    .where(and(eq(roles.accountId, accountId), eq(roles.isDefault, true)))
    .limit(1);
  return row;
}

export async function findRoleByName(
  tx: Tx,
  { accountId, name }: { accountId: string; name: string },
) {
  const [row] = await tx
    .select()
    .from(roles)
    .where(and(eq(roles.accountId, accountId), eq(roles.name, name)))
    .limit(1);
  return row;
}

/** A role is looked up by role_id and account_id (spec §6). */
export async function findRole(
  tx: Tx,
  { accountId, roleId }: { accountId: string; roleId: string },
) {
  const [row] = await tx
    .select()
    .from(roles)
    .where(and(eq(roles.accountId, accountId), eq(roles.roleId, roleId)))
    .limit(1);
  return row;
}

export async function findMemberByUser(
  tx: Tx,
  { accountId, userId }: { accountId: string; userId: string },
) {
  const [row] = await tx
    .select()
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.userId, userId)))
    .limit(1);
  return row;
}

export async function slugTaken(tx: Tx, { accountId, slug }: { accountId: string; slug: string }) {
  const [row] = await tx
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.slug, slug)))
    .limit(1);
  return Boolean(row);
}

export async function insertMember(
  tx: Tx,
  values: typeof members.$inferInsert,
): Promise<MemberRow> {
  const [row] = await tx.insert(members).values(values).returning();
  return row!;
}

export async function findMembersByEmail(
  tx: Tx,
  { accountId, email }: { accountId: string; email: string },
) {
  return tx
    .select()
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.email, email)));
}

export async function updateMemberEmail(
  tx: Tx,
  { accountId, userId, email }: { accountId: string; userId: string; email: string },
) {
  await tx
    .update(members)
    .set({ email })
    .where(and(eq(members.accountId, accountId), eq(members.userId, userId)));
}

export async function countMembers(tx: Tx, { accountId }: { accountId: string }) {
  const [row] = await tx
    .select({ total: count() })
    .from(members)
    .where(eq(members.accountId, accountId));
  return row?.total ?? 0;
}

/** The newest memberships with their role's name (names and dates only: no e-mail). */
export function newestMembers(tx: Tx, { accountId, limit }: { accountId: string; limit: number }) {
  return tx
    .select({
      id: members.id,
      name: members.name,
      avatar: members.avatar,
      role: roles.name,
      joinedAt: members.createdAt,
    })
    .from(members)
    .innerJoin(roles, and(eq(roles.accountId, members.accountId), eq(roles.roleId, members.roleId)))
    .where(eq(members.accountId, accountId))
    .orderBy(desc(members.createdAt))
    .limit(limit);
}

/**
 * The role a manager invited this address with (decisions 072, 074), taken: the invitation goes
 * as its person joins, and gives its role only while it is current (null: the default role).
 * Sign-in needs a verified address, so only its owner gets the role.
 */
export async function takeInvitedRole(
  tx: Tx,
  { accountId, email }: { accountId: string; email: string },
) {
  if (!email) return null;
  const [invite] = await tx
    .delete(memberInvites)
    .where(
      and(eq(memberInvites.accountId, accountId), eq(memberInvites.email, email.toLowerCase())),
    )
    .returning({
      roleId: memberInvites.roleId,
      current: sql<boolean>`${memberInvites.invitedAt} > now() - make_interval(days => ${INVITE_DAYS})`,
    });
  if (!invite?.roleId || !invite.current) return null;
  const [role] = await tx
    .select()
    .from(roles)
    .where(and(eq(roles.accountId, accountId), eq(roles.roleId, invite.roleId)));
  return role ?? null;
}
