// Issue 35 the Members list: the site's members by search and filters, newest first, a page at a
// time or all of them as CSV, each with when a session of theirs on this site was last active.
import { toCsv } from "~/platform/csv";
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import { courses } from "~/features/courses/tables.server";
import { groupMembers, groups } from "~/features/groups/tables.server";
import { enrolments } from "~/features/learning/tables.server";
import { requireSiteManager, type Viewer } from "~/features/members/members.server";
import { members, roles } from "~/features/members/tables.server";
import { memberMemberships, memberships } from "~/features/memberships/tables.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { safeUrl } from "~/platform/safe-values";
import {
  DAY_MS,
  MEMBERS_CSV_LIMIT,
  MEMBERS_PAGE_SIZE,
  seenDays,
  type MemberList,
  type MemberListOptions,
  type MemberListQuery,
  type MemberRow,
} from "./member-shapes";

/** At most this many courses, levels and groups in the filters' selects. */
const OPTIONS_LIMIT = 500;

export type MembersRequest = { accountId: string; viewer: Viewer | null };

/** A site's manager (manage_options) asking about the site whose dashboard this is. */
export function requireMembersManager({ accountId, viewer }: MembersRequest): Viewer {
  requireSiteManager(viewer, { accountId, hostAccountId: accountId });
  // The capability must be held here: a membership of another site grants nothing.
  if (!viewer!.isSuperAdmin && viewer!.membership?.accountId !== accountId)
    throw new AppError({ code: "auth.forbidden" });
  return viewer!;
}

/**
 * The "last seen" filter: within 7, 30 or 90 days, or never. The member row keeps when a session
 * of theirs on this site was last active (decision 074: the database writes it as sessions are
 * written), so it outlives signed-out, lapsed and revoked sessions.
 */
function seenFilter(seen: MemberListQuery["seen"], now: Date): SQL | undefined {
  if (!seen) return undefined;
  if (seen === "never") return isNull(members.lastSeenAt);
  return gte(members.lastSeenAt, new Date(now.getTime() - seenDays[seen] * DAY_MS));
}

/** `term` inside ILIKE, its wildcards taken literally. */
const containing = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The list's filters as conditions on `members` (joined with `roles`). */
function memberFilters(
  tx: Tx,
  accountId: string,
  query: MemberListQuery,
  now: Date,
): (SQL | undefined)[] {
  return [
    eq(members.accountId, accountId),
    query.q
      ? or(ilike(members.name, containing(query.q)), ilike(members.email, containing(query.q)))
      : undefined,
    query.role ? eq(roles.name, query.role) : undefined,
    seenFilter(query.seen, now),
    query.status === "suspended"
      ? isNotNull(members.suspendedAt)
      : query.status === "active"
        ? isNull(members.suspendedAt)
        : undefined,
    // Enrolled: a place in the course that is live or completed (not expired or cancelled).
    query.course
      ? exists(
          tx
            .select({ one: sql`1` })
            .from(enrolments)
            .where(
              and(
                eq(enrolments.accountId, accountId),
                eq(enrolments.userId, members.userId),
                eq(enrolments.courseId, query.course),
                inArray(enrolments.status, ["active", "completed"]),
              ),
            ),
        )
      : undefined,
    // Holding the level now: active, and not run out.
    query.membership
      ? exists(
          tx
            .select({ one: sql`1` })
            .from(memberMemberships)
            .where(
              and(
                eq(memberMemberships.accountId, accountId),
                eq(memberMemberships.userId, members.userId),
                eq(memberMemberships.membershipId, query.membership),
                eq(memberMemberships.status, "active"),
                or(isNull(memberMemberships.expiresAt), gt(memberMemberships.expiresAt, now)),
              ),
            ),
        )
      : undefined,
    query.group
      ? exists(
          tx
            .select({ one: sql`1` })
            .from(groupMembers)
            .where(
              and(
                eq(groupMembers.accountId, accountId),
                eq(groupMembers.userId, members.userId),
                eq(groupMembers.groupId, query.group),
                eq(groupMembers.status, "active"),
              ),
            ),
        )
      : undefined,
  ];
}

const rowColumns = {
  userId: members.userId,
  name: members.name,
  email: members.email,
  avatar: members.avatar,
  role: roles.name,
  joinedAt: members.createdAt,
  lastSeenAt: members.lastSeenAt,
  suspendedAt: members.suspendedAt,
};

const withRole = and(eq(roles.accountId, members.accountId), eq(roles.roleId, members.roleId));

type StoredRow = {
  userId: string;
  name: string;
  email: string;
  avatar: string | null;
  role: string;
  joinedAt: Date;
  lastSeenAt: Date | null;
  suspendedAt: Date | null;
};

const rowOf = (row: StoredRow): MemberRow => ({
  userId: row.userId,
  name: row.name,
  email: row.email,
  avatar: safeUrl(row.avatar),
  role: row.role,
  joinedAt: row.joinedAt.toISOString(),
  lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
  suspended: row.suspendedAt !== null,
});

/** What the filters offer: the site's roles (with their members), courses, levels and groups. */
async function listOptions(tx: Tx, accountId: string): Promise<MemberListOptions> {
  const roleRows = await tx
    .select({ name: roles.name, count: count(members.id) })
    .from(roles)
    .leftJoin(members, withRole)
    .where(eq(roles.accountId, accountId))
    .groupBy(roles.name)
    .orderBy(asc(roles.name));
  const courseRows = await tx
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(eq(courses.accountId, accountId))
    .orderBy(asc(courses.title))
    .limit(OPTIONS_LIMIT);
  const levelRows = await tx
    .select({ id: memberships.id, title: memberships.name })
    .from(memberships)
    .where(eq(memberships.accountId, accountId))
    .orderBy(asc(memberships.name))
    .limit(OPTIONS_LIMIT);
  const groupRows = await tx
    .select({ id: groups.id, title: groups.name })
    .from(groups)
    .where(eq(groups.accountId, accountId))
    .orderBy(asc(groups.name))
    .limit(OPTIONS_LIMIT);
  return {
    roles: roleRows.map((row) => ({ name: row.name, count: Number(row.count) })),
    courses: courseRows,
    memberships: levelRows,
    groups: groupRows,
  };
}

/** A page of the site's members by the list's filters, with its counts and the filters' choices. */
export async function listMembers(
  database: Database,
  request: MembersRequest & { query: MemberListQuery; now?: Date },
): Promise<MemberList> {
  requireMembersManager(request);
  const { accountId, query, now = new Date() } = request;
  const found = await database.forAccount(accountId, async (tx) => {
    const where = and(...memberFilters(tx, accountId, query, now));
    const rows = await tx
      .select(rowColumns)
      .from(members)
      .innerJoin(roles, withRole)
      .where(where)
      .orderBy(desc(members.createdAt), desc(members.id))
      .limit(MEMBERS_PAGE_SIZE)
      .offset((query.page - 1) * MEMBERS_PAGE_SIZE);
    const [matched] = await tx
      .select({ total: count() })
      .from(members)
      .innerJoin(roles, withRole)
      .where(where);
    const [all] = await tx
      .select({
        all: count(),
        suspended: sql<number>`count(*) filter (where ${members.suspendedAt} is not null)`,
      })
      .from(members)
      .where(eq(members.accountId, accountId));
    return {
      rows,
      total: Number(matched?.total ?? 0),
      counts: { all: Number(all?.all ?? 0), suspended: Number(all?.suspended ?? 0) },
      options: await listOptions(tx, accountId),
    };
  });
  return {
    rows: found.rows.map(rowOf),
    total: found.total,
    page: query.page,
    pageSize: MEMBERS_PAGE_SIZE,
    query,
    counts: found.counts,
    options: found.options,
  };
}

/** Every member the filters find (up to MEMBERS_CSV_LIMIT), newest first, for the CSV. */
export async function membersForExport(
  database: Database,
  request: MembersRequest & { query: MemberListQuery; now?: Date },
): Promise<MemberRow[]> {
  requireMembersManager(request);
  const { accountId, query, now = new Date() } = request;
  const rows = await database.forAccount(accountId, (tx) =>
    tx
      .select(rowColumns)
      .from(members)
      .innerJoin(roles, withRole)
      .where(and(...memberFilters(tx, accountId, query, now)))
      .orderBy(desc(members.createdAt), desc(members.id))
      .limit(MEMBERS_CSV_LIMIT),
  );
  return rows.map(rowOf);
}

/**
 * The CSV of the list: one row per member. A cell a spreadsheet would read as a formula (`=`,
 * `+`, `-`, `@`, a tab or a carriage return first) is written as text, behind a quote mark.
 */
export function membersCsv(rows: MemberRow[]): string {
  return toCsv({
    fields: ["name", "email", "role", "joined", "last_seen", "status"],
    data: rows.map((row) => [
      row.name,
      row.email,
      row.role,
      row.joinedAt,
      row.lastSeenAt ?? "",
      row.suspended ? "suspended" : "active",
    ]),
  });
}
