// Issue 35 one member's page for the site's managers: who they are, their role and standing,
// their courses, levels, groups and points, and the records a removal would meet.
import { and, asc, count, desc, eq, isNull } from "drizzle-orm";
import { certificates } from "~/features/certificates/tables.server";
import { courses } from "~/features/courses/tables.server";
import { pointsTotal } from "~/features/gamification/gamification.server";
import { groupMembers, groups } from "~/features/groups/tables.server";
import { enrolments } from "~/features/learning/tables.server";
import { members, roles } from "~/features/members/tables.server";
import { memberMemberships, memberships } from "~/features/memberships/tables.server";
import { orders } from "~/features/orders/tables.server";
import { quizAttempts } from "~/features/quizzes/tables.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { safeUrl } from "~/platform/safe-values";
import { requireMembersManager, type MembersRequest } from "./member-directory.server";
import { OWNER_ROLE, type MemberDetail, type RoleChoice } from "./member-shapes";

const withRole = and(eq(roles.accountId, members.accountId), eq(roles.roleId, members.roleId));

/** A member of the site with their role's name (suspended ones too), or null. */
export async function memberWithRole(
  tx: Tx,
  { accountId, userId }: { accountId: string; userId: string },
) {
  const [row] = await tx
    .select({ member: members, role: roles.name })
    .from(members)
    .innerJoin(roles, withRole)
    .where(and(eq(members.accountId, accountId), eq(members.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** The site's owners who are not suspended, `except` one of them left out. */
export async function activeOwners(
  tx: Tx,
  { accountId, except }: { accountId: string; except?: string },
): Promise<number> {
  const rows = await tx
    .select({ userId: members.userId })
    .from(members)
    .innerJoin(roles, withRole)
    .where(
      and(
        eq(members.accountId, accountId),
        eq(roles.name, OWNER_ROLE),
        isNull(members.suspendedAt),
      ),
    );
  return rows.filter((row) => row.userId !== except).length;
}

/** The records of a member that removing them would delete or be refused for. */
export async function memberRecords(
  tx: Tx,
  { accountId, userId }: { accountId: string; userId: string },
): Promise<MemberDetail["records"]> {
  const tally = async (
    table: typeof orders | typeof certificates | typeof quizAttempts,
  ): Promise<number> => {
    const [row] = await tx
      .select({ total: count() })
      .from(table)
      .where(and(eq(table.accountId, accountId), eq(table.userId, userId)));
    return Number(row?.total ?? 0);
  };
  return {
    orders: await tally(orders),
    certificates: await tally(certificates),
    quizAttempts: await tally(quizAttempts),
  };
}

/** Whether the viewer owns the site (only owners make, unmake or touch owners). */
export const ownsSite = (viewer: MembersRequest["viewer"]) =>
  Boolean(viewer?.isSuperAdmin || viewer?.membership?.role === OWNER_ROLE);

/** One member's page, with every role of the site for its select. 404 for no such member. */
export async function loadMemberDetail(
  database: Database,
  request: MembersRequest & { userId: string },
): Promise<{ member: MemberDetail; roles: RoleChoice[] }> {
  const viewer = requireMembersManager(request);
  const { accountId, userId } = request;
  const found = await database.forAccount(accountId, async (tx) => {
    const row = await memberWithRole(tx, { accountId, userId });
    if (!row) return null;
    const where = { accountId, userId };
    const courseRows = await tx
      .select({
        id: courses.id,
        title: courses.title,
        status: enrolments.status,
        progress: enrolments.progressPercent,
        enrolledAt: enrolments.enrolledAt,
        completedAt: enrolments.completedAt,
      })
      .from(enrolments)
      .innerJoin(
        courses,
        and(eq(courses.accountId, enrolments.accountId), eq(courses.id, enrolments.courseId)),
      )
      .where(and(eq(enrolments.accountId, accountId), eq(enrolments.userId, userId)))
      .orderBy(desc(enrolments.enrolledAt));
    const levelRows = await tx
      .select({
        id: memberships.id,
        title: memberships.name,
        status: memberMemberships.status,
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
      .where(and(eq(memberMemberships.accountId, accountId), eq(memberMemberships.userId, userId)))
      .orderBy(asc(memberships.name));
    const groupRows = await tx
      .select({
        id: groups.id,
        title: groups.name,
        slug: groups.slug,
        role: groupMembers.role,
        status: groupMembers.status,
      })
      .from(groupMembers)
      .innerJoin(
        groups,
        and(eq(groups.accountId, groupMembers.accountId), eq(groups.id, groupMembers.groupId)),
      )
      .where(and(eq(groupMembers.accountId, accountId), eq(groupMembers.userId, userId)))
      .orderBy(asc(groups.name));
    const roleRows = await tx
      .select({ name: roles.name })
      .from(roles)
      .where(eq(roles.accountId, accountId))
      .orderBy(asc(roles.name));
    const isOwner = row.role === OWNER_ROLE;
    return {
      row,
      courses: courseRows,
      memberships: levelRows,
      groups: groupRows,
      roles: roleRows,
      points: await pointsTotal(tx, where),
      records: await memberRecords(tx, where),
      lastOwner: isOwner && !row.member.suspendedAt && (await activeOwners(tx, { accountId })) <= 1,
    };
  });
  if (!found) throw new AppError({ code: "members.notFound" });
  const { row } = found;
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    member: {
      userId,
      name: row.member.name,
      email: row.member.email,
      slug: row.member.slug,
      avatar: safeUrl(row.member.avatar),
      role: row.role,
      joinedAt: row.member.createdAt.toISOString(),
      lastSeenAt: iso(row.member.lastSeenAt),
      suspendedAt: iso(row.member.suspendedAt),
      points: found.points,
      courses: found.courses.map((course) => ({
        ...course,
        enrolledAt: course.enrolledAt.toISOString(),
        completedAt: iso(course.completedAt),
      })),
      memberships: found.memberships.map((level) => ({
        ...level,
        expiresAt: iso(level.expiresAt),
      })),
      groups: found.groups,
      records: found.records,
      self: userId === viewer.user.id,
      lastOwner: found.lastOwner,
      mayTouch: row.role !== OWNER_ROLE || ownsSite(viewer),
      viewerOwns: ownsSite(viewer),
    },
    roles: found.roles,
  };
}
