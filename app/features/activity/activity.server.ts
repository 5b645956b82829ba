// The activity feature's server door (issue 35, decision 067).
import { and, desc, eq, inArray, isNotNull, isNull, sql, type Column, type SQL } from "drizzle-orm";
import { z } from "zod";
import { certificates } from "~/features/certificates/tables.server";
import { courses } from "~/features/courses/tables.server";
import { levelOf, levelsOf } from "~/features/leaderboard/leaderboard.server";
import { pointsLedger } from "~/features/gamification/tables.server";
import { GROUPS_PATH, readableGroups } from "~/features/groups/groups.server";
import { groupComments, groupPosts } from "~/features/groups/tables.server";
import { enrolments } from "~/features/learning/tables.server";
import { peopleOf, type Viewer } from "~/features/members/members.server";
import { members } from "~/features/members/tables.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { plainText } from "~/platform/plain-text";
import {
  ACTIVITY_PAGE_SIZE,
  type ActivityFeed,
  type ActivityItem,
  type ActivityKind,
} from "./activity-shapes";

export * from "./activity-shapes";

export const activityQuerySchema = z.object({
  who: z.enum(["all", "me"]).catch("all"),
  before: z.string().max(200).optional().catch(undefined),
});

type Cursor = { at: Date; key: string };

function parseCursor(value: string | undefined): Cursor | null {
  const match = value ? /^(\d{4}-\d\d-\d\dT[\d:.]+Z)~(.{1,150})$/.exec(value) : null;
  const at = match ? new Date(match[1]!) : null;
  return match && at && !Number.isNaN(at.getTime()) ? { at, key: match[2]! } : null;
}

/** A row of one source before names are filled in. */
type Raw = Omit<ActivityItem, "actor" | "at"> & { at: Date; userId: string };

/**
 * Each source's newest rows older than the cursor: the pair (time, key) orders every kind the
 * same way (keys compared byte by byte, "C", as JavaScript does), so a page never repeats nor
 * skips an item whatever kinds share a moment.
 */
const olderThan = (time: Column, key: SQL, cursor: Cursor | null) =>
  cursor
    ? sql`(${ms(time)}, ${key}) < (${cursor.at.toISOString()}::timestamptz, ${cursor.key})`
    : undefined;

/** Times as JavaScript holds them (to the millisecond), so a cursor names its item exactly. */
const ms = (time: Column | SQL) => sql`date_trunc('milliseconds', ${time})`;

/**
 * Issue 35 `/dashboard/activity`: the site's feed, or the viewer's own: posts and comments of
 * the groups the viewer may read (a private group's never leave it; hidden ones never show),
 * course completions, certificates, new members and levels reached.
 */
export async function loadActivity(
  database: Database,
  {
    accountId,
    viewer,
    who,
    person,
    before,
    size = ACTIVITY_PAGE_SIZE,
  }: {
    accountId: string;
    viewer: Viewer | null;
    who: "all" | "me";
    /** One member's items (their profile), with the viewer's rights to read them. */
    person?: string;
    before?: string;
    size?: number;
  },
): Promise<ActivityFeed> {
  if (!viewer?.membership) throw new AppError({ code: "not_authenticated" });
  const cursor = parseCursor(before);
  const only = person ?? (who === "me" ? viewer.user.id : null);
  return database.forAccount(accountId, async (tx) => {
    const groups = await readableGroups(tx, { accountId, viewer });
    const place = { tx, accountId, cursor, only, size };
    const raw = [
      ...(await postsOf(place, groups)),
      ...(await commentsOf(place, groups)),
      ...(await completionsOf(place)),
      ...(await certificatesOf(place)),
      ...(await joinsOf(place)),
      ...(await levelsReached(place)),
    ]
      .sort((a, b) => b.at.getTime() - a.at.getTime() || (a.key < b.key ? 1 : -1))
      .slice(0, size + 1);
    const page = raw.slice(0, size);
    const people = await peopleOf(
      tx,
      accountId,
      page.map((item) => item.userId),
    );
    const items = page.map(({ userId, at, ...item }) => ({
      ...item,
      at: at.toISOString(),
      actor: {
        userId,
        name: people.get(userId)?.name ?? "",
        avatar: people.get(userId)?.avatar ?? null,
      },
    }));
    const last = page.at(-1);
    return {
      items,
      next: raw.length > size && last ? `${last.at.toISOString()}~${last.key}` : null,
      who,
    };
  });
}

type Place = {
  tx: Tx;
  accountId: string;
  cursor: Cursor | null;
  only: string | null;
  size: number;
};

const item = (kind: ActivityKind, row: Partial<Raw> & Pick<Raw, "key" | "at" | "userId">): Raw => ({
  kind,
  title: "",
  excerpt: "",
  level: null,
  url: null,
  ...row,
});

const excerptOf = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, 200);

async function postsOf(
  { tx, accountId, cursor, only, size }: Place,
  groups: { id: string; name: string; slug: string }[],
) {
  if (groups.length === 0) return [];
  const key = sql`${groupPosts.id}::text collate "C"`;
  const rows = await tx
    .select({
      id: groupPosts.id,
      groupId: groupPosts.groupId,
      authorId: groupPosts.authorId,
      body: groupPosts.body,
      at: groupPosts.createdAt,
    })
    .from(groupPosts)
    .where(
      and(
        eq(groupPosts.accountId, accountId),
        inArray(
          groupPosts.groupId,
          groups.map((group) => group.id),
        ),
        isNull(groupPosts.hiddenAt),
        only ? eq(groupPosts.authorId, only) : undefined,
        olderThan(groupPosts.createdAt, key, cursor),
      ),
    )
    .orderBy(desc(ms(groupPosts.createdAt)), desc(key))
    .limit(size + 1);
  return rows.map((row) => {
    const group = groups.find((one) => one.id === row.groupId)!;
    return item("post", {
      key: row.id,
      at: row.at,
      userId: row.authorId,
      title: group.name,
      excerpt: excerptOf(plainText(row.body)),
      url: `${GROUPS_PATH}/${group.slug}#post-${row.id}`,
    });
  });
}

async function commentsOf(
  { tx, accountId, cursor, only, size }: Place,
  groups: { id: string; name: string; slug: string }[],
) {
  if (groups.length === 0) return [];
  const key = sql`${groupComments.id}::text collate "C"`;
  const rows = await tx
    .select({
      id: groupComments.id,
      postId: groupComments.postId,
      groupId: groupPosts.groupId,
      authorId: groupComments.authorId,
      body: groupComments.body,
      at: groupComments.createdAt,
    })
    .from(groupComments)
    .innerJoin(
      groupPosts,
      and(
        eq(groupPosts.accountId, groupComments.accountId),
        eq(groupPosts.id, groupComments.postId),
      ),
    )
    .where(
      and(
        eq(groupComments.accountId, accountId),
        inArray(
          groupPosts.groupId,
          groups.map((group) => group.id),
        ),
        isNull(groupComments.hiddenAt),
        isNull(groupPosts.hiddenAt),
        only ? eq(groupComments.authorId, only) : undefined,
        olderThan(groupComments.createdAt, key, cursor),
      ),
    )
    .orderBy(desc(ms(groupComments.createdAt)), desc(key))
    .limit(size + 1);
  return rows.map((row) => {
    const group = groups.find((one) => one.id === row.groupId)!;
    return item("comment", {
      key: row.id,
      at: row.at,
      userId: row.authorId,
      title: group.name,
      excerpt: excerptOf(row.body),
      url: `${GROUPS_PATH}/${group.slug}#post-${row.postId}`,
    });
  });
}

async function completionsOf({ tx, accountId, cursor, only, size }: Place) {
  const key = sql`('c:' || ${enrolments.courseId}::text || ':' || ${enrolments.userId}) collate "C"`;
  const rows = await tx
    .select({
      key: sql<string>`${key}`,
      userId: enrolments.userId,
      at: enrolments.completedAt,
      title: courses.title,
    })
    .from(enrolments)
    .innerJoin(
      courses,
      and(eq(courses.accountId, enrolments.accountId), eq(courses.id, enrolments.courseId)),
    )
    .where(
      and(
        eq(enrolments.accountId, accountId),
        isNotNull(enrolments.completedAt),
        only ? eq(enrolments.userId, only) : undefined,
        olderThan(enrolments.completedAt, key, cursor),
      ),
    )
    .orderBy(desc(ms(enrolments.completedAt)), desc(key))
    .limit(size + 1);
  return rows.map((row) =>
    item("completed", { key: row.key, at: row.at!, userId: row.userId, title: row.title }),
  );
}

async function certificatesOf({ tx, accountId, cursor, only, size }: Place) {
  const key = sql`('z:' || ${certificates.id}::text) collate "C"`;
  const rows = await tx
    .select({
      id: certificates.id,
      userId: certificates.userId,
      at: certificates.issuedAt,
      title: certificates.courseTitle,
    })
    .from(certificates)
    .where(
      and(
        eq(certificates.accountId, accountId),
        only ? eq(certificates.userId, only) : undefined,
        olderThan(certificates.issuedAt, key, cursor),
      ),
    )
    .orderBy(desc(ms(certificates.issuedAt)), desc(key))
    .limit(size + 1);
  return rows.map((row) =>
    item("certificate", { key: `z:${row.id}`, at: row.at, userId: row.userId, title: row.title }),
  );
}

async function joinsOf({ tx, accountId, cursor, only, size }: Place) {
  const key = sql`('j:' || ${members.id}::text) collate "C"`;
  const rows = await tx
    .select({ id: members.id, userId: members.userId, at: members.createdAt })
    .from(members)
    .where(
      and(
        eq(members.accountId, accountId),
        isNull(members.suspendedAt),
        only ? eq(members.userId, only) : undefined,
        olderThan(members.createdAt, key, cursor),
      ),
    )
    .orderBy(desc(ms(members.createdAt)), desc(key))
    .limit(size + 1);
  return rows.map((row) => item("joined", { key: `j:${row.id}`, at: row.at, userId: row.userId }));
}

/**
 * The awards that took a member past a level's threshold: each award's running total against
 * the one before, over the member's ledger in order.
 */
async function levelsReached({ tx, accountId, cursor, only, size }: Place) {
  const levels = await levelsOf(tx, accountId);
  const steps = levels.slice(1).map((level) => level.points);
  if (steps.length === 0) return [];
  const thresholds = sql`array[${sql.join(
    steps.map((points) => sql`${points}::int`),
    sql`, `,
  )}]`;
  const running = await tx.execute<{ id: string; user_id: string; at: string; total: number }>(sql`
    select id, user_id, created_at as at, total from (
      select ${pointsLedger.id} as id, ${pointsLedger.userId} as user_id, ${pointsLedger.createdAt} as created_at,
        sum(${pointsLedger.points}) over (
          partition by ${pointsLedger.userId} order by ${pointsLedger.createdAt}, ${pointsLedger.id}
        )::int as total,
        ${pointsLedger.points} as points
      from ${pointsLedger}
      where ${pointsLedger.accountId} = ${accountId} ${only ? sql`and ${pointsLedger.userId} = ${only}` : sql``}
    ) as r
    where exists (select 1 from unnest(${thresholds}) as t where t > r.total - r.points and t <= r.total)
      ${cursor ? sql`and (date_trunc('milliseconds', r.created_at), ('l:' || r.id::text) collate "C") < (${cursor.at.toISOString()}::timestamptz, ${cursor.key})` : sql``}
    order by date_trunc('milliseconds', r.created_at) desc, ('l:' || r.id::text) collate "C" desc
    limit ${size + 1}`);
  return running.rows.map((row) => {
    const level = levelOf(levels, row.total);
    return item("level", {
      key: `l:${row.id}`,
      at: new Date(row.at),
      userId: row.user_id,
      level,
      title: levels[level - 1]?.name ?? "",
    });
  });
}
