import { and, eq, gt, inArray, isNull, or } from "drizzle-orm";
import { enrolments } from "~/features/learning/tables.server";
import { can, type Viewer } from "~/features/members/members.server";
import { memberMemberships } from "~/features/memberships/tables.server";
import type { Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { GroupMemberStatus, GroupRole } from "./group-shapes";
import { groupMembers, groups } from "./tables.server";

export type GroupRow = typeof groups.$inferSelect;
export type Standing = { status: GroupMemberStatus; role: GroupRole } | null;

/**
 * Who may do what in a group (decision 064), in one place that every read and command asks:
 * the site's managers moderate every group; a hidden group does not exist for anybody else
 * outside it; a private group's posts are read by its active members only; a banned person
 * does nothing there.
 */
export type GroupRights = {
  manager: boolean;
  standing: Standing;
  /** Listed and openable (its card, its header). */
  see: boolean;
  /** Its feed, posts and comments. */
  read: boolean;
  /** Post, comment and react. */
  take: boolean;
  moderate: boolean;
};

export function rightsIn(
  group: Pick<GroupRow, "privacy">,
  viewer: Viewer | null,
  standing: Standing,
): GroupRights {
  const manager = can(viewer, "manage_options");
  const siteMember = Boolean(viewer?.membership);
  const active = standing?.status === "active";
  const banned = standing?.status === "banned";
  const see = manager || (siteMember && !banned && (group.privacy !== "hidden" || active));
  const read = manager || (siteMember && !banned && (group.privacy === "public" || active));
  return {
    manager,
    standing,
    see,
    read,
    take: manager || active,
    moderate: manager || (active && standing?.role === "moderator"),
  };
}

/** The viewer's place in a group: null when they never joined (nor asked). */
export async function standingIn(
  tx: Tx,
  { accountId, groupId, userId }: { accountId: string; groupId: string; userId: string | null },
): Promise<Standing> {
  if (!userId) return null;
  const [row] = await tx
    .select({ status: groupMembers.status, role: groupMembers.role })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.accountId, accountId),
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.userId, userId),
      ),
    );
  return row ?? null;
}

/** A group and the viewer's rights in it; a group they may not see is not found. */
export async function groupWithRights(
  tx: Tx,
  {
    accountId,
    viewer,
    where,
  }: { accountId: string; viewer: Viewer | null; where: { id: string } | { slug: string } },
): Promise<{ group: GroupRow; rights: GroupRights }> {
  const [group] = await tx
    .select()
    .from(groups)
    .where(
      and(
        eq(groups.accountId, accountId),
        "id" in where ? eq(groups.id, where.id) : eq(groups.slug, where.slug),
      ),
    );
  if (!group) throw new AppError({ code: "route.notFound" });
  const standing = await standingIn(tx, {
    accountId,
    groupId: group.id,
    userId: viewer?.user.id ?? null,
  });
  const rights = rightsIn(group, viewer, standing);
  if (!rights.see) throw new AppError({ code: "route.notFound" });
  return { group, rights };
}

/**
 * Whether a person holds the access a group is tied to, now: an active enrolment in its course,
 * or an active hold of its membership (a course completed still counts). An open public group lets anybody of the site in.
 */
export async function holdsAccess(
  tx: Tx,
  group: GroupRow,
  { userId, now = new Date() }: { userId: string; now?: Date },
): Promise<boolean> {
  const { accountId, accessId } = group;
  if (group.accessKind === "open") return group.privacy === "public";
  if (!accessId) return false;
  if (group.accessKind === "course") {
    const [row] = await tx
      .select({ userId: enrolments.userId })
      .from(enrolments)
      .where(
        and(
          eq(enrolments.accountId, accountId),
          eq(enrolments.courseId, accessId),
          eq(enrolments.userId, userId),
          inArray(enrolments.status, ["active", "completed"]),
          or(isNull(enrolments.expiresAt), gt(enrolments.expiresAt, now)),
        ),
      );
    return Boolean(row);
  }
  const [row] = await tx
    .select({ userId: memberMemberships.userId })
    .from(memberMemberships)
    .where(
      and(
        eq(memberMemberships.accountId, accountId),
        eq(memberMemberships.membershipId, accessId),
        eq(memberMemberships.userId, userId),
        eq(memberMemberships.status, "active"),
        or(isNull(memberMemberships.expiresAt), gt(memberMemberships.expiresAt, now)),
      ),
    );
  return Boolean(row);
}

/** Every group of the site with the viewer's rights in it (a signed-in member's; else none). */
export async function groupsWithRights(
  tx: Tx,
  { accountId, viewer }: { accountId: string; viewer: Viewer | null },
): Promise<(Pick<GroupRow, "id" | "name" | "slug"> & { rights: GroupRights })[]> {
  if (!viewer?.membership) return [];
  const all = await tx
    .select({ id: groups.id, name: groups.name, slug: groups.slug, privacy: groups.privacy })
    .from(groups)
    .where(eq(groups.accountId, accountId));
  const standings = await tx
    .select({ groupId: groupMembers.groupId, status: groupMembers.status, role: groupMembers.role })
    .from(groupMembers)
    .where(and(eq(groupMembers.accountId, accountId), eq(groupMembers.userId, viewer.user.id)));
  const byGroup = new Map(standings.map((row) => [row.groupId, row]));
  return all.map(({ id, name, slug, privacy }) => {
    const standing = byGroup.get(id);
    return {
      id,
      name,
      slug,
      rights: rightsIn(
        { privacy },
        viewer,
        standing ? { status: standing.status, role: standing.role } : null,
      ),
    };
  });
}

/**
 * Every group whose feed the viewer may read (the same rule as `rightsIn`, for many groups at
 * once): the activity feed and the leaderboards ask it, so a private group's posts never leave it.
 */
export async function readableGroups(
  tx: Tx,
  place: { accountId: string; viewer: Viewer | null },
): Promise<Pick<GroupRow, "id" | "name" | "slug">[]> {
  return (await groupsWithRights(tx, place))
    .filter((group) => group.rights.read)
    .map(({ id, name, slug }) => ({ id, name, slug }));
}
