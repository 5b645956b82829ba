// Issue 35 the Members list: the site's members by search and filters, newest first, a page at a
// time or all of them as CSV, each with when a session of theirs on this site was last active.
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
import Papa from "papaparse";
import { sessions } from "~/features/auth/tables.server";
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
  MEMBERS_CSV_LIMIT,
  MEMBERS_PAGE_SIZE,
  seenDays,
  type MemberList,
  type MemberListOptions,
  type MemberListQuery,
  type MemberRow,
} from "./member-shapes";

const DAY_MS = 24 * 60 * 60 * 1000;
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

const asDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : new Date(value as string | Date);

/**
 * Sessions are global rows (the request role reads none of them): read as the owner, for this
 * site's sessions only. Those of a person who signed out, or whose session lapsed and was
 * cleared, are gone: "last seen" knows as far back as the sessions still on record.
 */
async function lastSeenOf(
  database: Database,
  accountId: string,
  userIds: readonly string[] | "all",
): Promise<Map<string, Date>> {
  if (userIds !== "all" && userIds.length === 0) return new Map();
  const rows = await database.owner
    .select({ userId: sessions.userId, at: sql<unknown>`max(${sessions.updatedAt})` })
    .from(sessions)
    .where(
      and(
        eq(sessions.tenantId, accountId),
        userIds === "all" ? undefined : inArray(sessions.userId, [...userIds]),
      ),
    )
    .groupBy(sessions.userId);
  return new Map(rows.map((row) => [row.userId, asDate(row.at)!]));
}

/** The people with a session on this site active since `since` (any session when null). */
async function seenSince(
  database: Database,
  accountId: string,
  since: Date | null,
): Promise<string[]> {
  const rows = await database.owner
    .selectDistinct({ userId: sessions.userId })
    .from(sessions)
    .where(
      and(eq(sessions.tenantId, accountId), since ? gte(sessions.updatedAt, since) : undefined),
    );
  return rows.map((row) => row.userId);
}

/** One JSON parameter however many people: never a statement with thousands of them. */
const amongUsers = (userIds: readonly string[]) =>
  sql`${members.userId} in (select jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb))`;

/** `term` inside ILIKE, its wildcards taken literally. */
const containing = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The seen filter as a condition: read from the sessions first, then matched by user id. */
async function seenCondition(
  database: Database,
  { accountId, seen, now }: { accountId: string; seen: MemberListQuery["seen"]; now: Date },
): Promise<SQL | undefined> {
  if (!seen) return undefined;
  if (seen === "never") {
    const anySession = await seenSince(database, accountId, null);
    return anySession.length ? sql`not (${amongUsers(anySession)})` : undefined;
  }
  const since = new Date(now.getTime() - seenDays[seen] * DAY_MS);
  return amongUsers(await seenSince(database, accountId, since));
}

/** The filters but the seen one (which the caller reads from the sessions beforehand). */
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
  suspendedAt: Date | null;
};

const rowOf = (row: StoredRow, seen: Map<string, Date>): MemberRow => ({
  userId: row.userId,
  name: row.name,
  email: row.email,
  avatar: safeUrl(row.avatar),
  role: row.role,
  joinedAt: row.joinedAt.toISOString(),
  lastSeenAt: seen.get(row.userId)?.toISOString() ?? null,
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
  const seen = await seenCondition(database, { accountId, seen: query.seen, now });
  const found = await database.forAccount(accountId, async (tx) => {
    const where = and(...memberFilters(tx, accountId, query, now), seen);
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
  const lastSeen = await lastSeenOf(
    database,
    accountId,
    found.rows.map((row) => row.userId),
  );
  return {
    rows: found.rows.map((row) => rowOf(row, lastSeen)),
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
  const seen = await seenCondition(database, { accountId, seen: query.seen, now });
  const rows = await database.forAccount(accountId, (tx) =>
    tx
      .select(rowColumns)
      .from(members)
      .innerJoin(roles, withRole)
      .where(and(...memberFilters(tx, accountId, query, now), seen))
      .orderBy(desc(members.createdAt), desc(members.id))
      .limit(MEMBERS_CSV_LIMIT),
  );
  const lastSeen = await lastSeenOf(database, accountId, "all");
  return rows.map((row) => rowOf(row, lastSeen));
}

/**
 * The CSV of the list: one row per member. A cell a spreadsheet would read as a formula (`=`,
 * `+`, `-`, `@`, a tab or a carriage return first) is written as text, behind a quote mark.
 */
export function membersCsv(rows: MemberRow[]): string {
  return Papa.unparse(
    {
      fields: ["name", "email", "role", "joined", "last_seen", "status"],
      data: rows.map((row) => [
        row.name,
        row.email,
        row.role,
        row.joinedAt,
        row.lastSeenAt ?? "",
        row.suspended ? "suspended" : "active",
      ]),
    },
    { escapeFormulae: true, newline: "\r\n" },
  );
}

/** The newest session activity on this site of one person (their page). */
export async function lastSeenOfMember(
  database: Database,
  { accountId, userId }: { accountId: string; userId: string },
): Promise<Date | null> {
  return (await lastSeenOf(database, accountId, [userId])).get(userId) ?? null;
}
