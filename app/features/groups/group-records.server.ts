import { and, count, eq, ne, sql } from "drizzle-orm";
import type { Viewer } from "~/features/members/members.server";
import type { Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { fieldIssuesOf } from "~/platform/field-issues";
import { holdsAccess, type GroupRights, type GroupRow } from "./group-access.server";
import { groupInputSchema, type GroupAnswer, type GroupCommand } from "./group-shapes";
import { groupMembers, groups } from "./tables.server";

export type Place = { accountId: string; viewer: Viewer | null; now: Date };

function requireManager(rights: { manager: boolean }) {
  if (!rights.manager) throw new AppError({ code: "auth.forbidden" });
}

/**
 * A new group (managers), refused past the plan's cap. The count and the insert are one under a
 * lock per site, so twenty tabs at once never make a fourth of three. Its maker moderates it.
 */
export async function createGroup(
  tx: Tx,
  { accountId, viewer, now }: Place,
  { group: raw, limit, manager }: { group: unknown; limit: number; manager: boolean },
): Promise<GroupAnswer> {
  requireManager({ manager });
  const input = groupInputSchema.safeParse(raw);
  if (!input.success)
    return { ok: false, code: "request.invalid", issues: fieldIssuesOf(input.error) };
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`groups:${accountId}`}))`);
  if (limit > 0) {
    const [row] = await tx
      .select({ n: count() })
      .from(groups)
      .where(eq(groups.accountId, accountId));
    if ((row?.n ?? 0) >= limit) throw new AppError({ code: "groups.limitReached" });
  }
  const values = tied(input.data);
  const made = await tx
    .insert(groups)
    .values({
      accountId,
      ...values,
      createdBy: viewer?.user.id ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: groups.id, slug: groups.slug });
  const [group] = made;
  if (!group) return slugTaken();
  if (viewer)
    await tx
      .insert(groupMembers)
      .values({ accountId, groupId: group.id, userId: viewer.user.id, role: "moderator" })
      .onConflictDoNothing();
  return { ok: true, id: group.id, slug: group.slug };
}

const slugTaken = (): GroupAnswer => ({
  ok: false,
  code: "request.invalid",
  issues: [{ path: "slug", code: "custom", origin: "slugTaken" }],
});

/** An open group names no course or membership. */
function tied<T extends { accessKind: string; accessId: string | null }>(input: T): T {
  return input.accessKind === "open" ? { ...input, accessId: null } : input;
}

export async function updateGroup(
  tx: Tx,
  { accountId, now }: Place,
  { group, rights, raw }: { group: GroupRow; rights: GroupRights; raw: unknown },
): Promise<GroupAnswer> {
  requireManager(rights);
  const input = groupInputSchema.safeParse(raw);
  if (!input.success)
    return { ok: false, code: "request.invalid", issues: fieldIssuesOf(input.error) };
  // Asked before writing: a unique violation would abort the transaction it is in.
  const [other] = await tx
    .select({ id: groups.id })
    .from(groups)
    .where(
      and(
        eq(groups.accountId, accountId),
        eq(groups.slug, input.data.slug),
        ne(groups.id, group.id),
      ),
    );
  if (other) return slugTaken();
  await tx
    .update(groups)
    .set({ ...tied(input.data), updatedAt: now })
    .where(and(eq(groups.accountId, accountId), eq(groups.id, group.id)));
  return { ok: true, id: group.id, slug: input.data.slug };
}

/**
 * Joining: at once where the viewer holds the access the group is tied to (or it is open and
 * public); an open private group takes a request a moderator decides; a tied group the viewer
 * has no access to refuses. A banned person stays out.
 */
export async function joinGroup(
  tx: Tx,
  { accountId, viewer, now }: Place,
  { group, rights }: { group: GroupRow; rights: GroupRights },
): Promise<GroupAnswer> {
  if (!viewer?.membership) throw new AppError({ code: "not_authenticated" });
  const { standing } = rights;
  if (standing?.status === "banned") throw new AppError({ code: "auth.forbidden" });
  if (standing?.status === "active") return { ok: true, id: group.id, status: "active" };
  const userId = viewer.user.id;
  const atOnce = rights.manager || (await holdsAccess(tx, group, { userId, now }));
  if (!atOnce && group.accessKind !== "open") throw new AppError({ code: "groups.accessRequired" });
  const status = atOnce ? "active" : "requested";
  await tx
    .insert(groupMembers)
    .values({ accountId, groupId: group.id, userId, status, joinedAt: now, lastReadAt: now })
    .onConflictDoUpdate({
      target: [groupMembers.accountId, groupMembers.groupId, groupMembers.userId],
      set: { status, joinedAt: now },
      setWhere: sql`${groupMembers.status} <> 'banned'`,
    });
  return { ok: true, id: group.id, status };
}

const memberIs = (accountId: string, groupId: string, userId: string) =>
  and(
    eq(groupMembers.accountId, accountId),
    eq(groupMembers.groupId, groupId),
    eq(groupMembers.userId, userId),
  );

/** Leaving (or taking back a request); a ban stays, so leaving cannot lift it. */
export async function leaveGroup(
  tx: Tx,
  { accountId, viewer }: Place,
  { group }: { group: GroupRow },
): Promise<GroupAnswer> {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  await tx
    .delete(groupMembers)
    .where(
      and(memberIs(accountId, group.id, viewer.user.id), sql`${groupMembers.status} <> 'banned'`),
    );
  return { ok: true, id: group.id, status: "left" };
}

/** A moderator's decision on a person: let in, turn away, ban, lift a ban, or change their role. */
export async function decideMember(
  tx: Tx,
  { accountId, now }: Place,
  {
    group,
    rights,
    command,
  }: { group: GroupRow; rights: GroupRights; command: Extract<GroupCommand, { intent: "decide" }> },
): Promise<GroupAnswer> {
  if (!rights.moderate) throw new AppError({ code: "auth.forbidden" });
  const who = memberIs(accountId, group.id, command.userId);
  switch (command.decision) {
    case "approve":
      await tx
        .update(groupMembers)
        .set({ status: "active", joinedAt: now, lastReadAt: now })
        .where(and(who, eq(groupMembers.status, "requested")));
      break;
    case "reject":
      await tx.delete(groupMembers).where(and(who, eq(groupMembers.status, "requested")));
      break;
    case "ban":
      await tx
        .insert(groupMembers)
        .values({ accountId, groupId: group.id, userId: command.userId, status: "banned" })
        .onConflictDoUpdate({
          target: [groupMembers.accountId, groupMembers.groupId, groupMembers.userId],
          set: { status: "banned", role: "member" },
        });
      break;
    case "unban":
      await tx.delete(groupMembers).where(and(who, eq(groupMembers.status, "banned")));
      break;
    default:
      // Roles are the managers' to give.
      requireManager(rights);
      await tx
        .update(groupMembers)
        .set({ role: command.decision })
        .where(and(who, eq(groupMembers.status, "active")));
  }
  return { ok: true, id: group.id };
}

/** The viewer has read the feed up to now: its unread markers start again from here. */
export async function markRead(
  tx: Tx,
  { accountId, viewer, now }: Place,
  { group }: { group: GroupRow },
): Promise<GroupAnswer> {
  if (viewer)
    await tx
      .update(groupMembers)
      .set({ lastReadAt: now })
      .where(memberIs(accountId, group.id, viewer.user.id));
  return { ok: true, id: group.id };
}
