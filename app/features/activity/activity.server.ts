// The activity feature's server door (issue 35, decision 067).
import {
  and,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lte,
  sql,
  type Column,
  type SQL,
} from "drizzle-orm";
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

/** `stamp`: a row's time to the microsecond, as `stampOf` writes it (ordered as text, too). */
type Cursor = { stamp: string; key: string };

function parseCursor(value: string | undefined): Cursor | null {
  const match = value
    ? /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,6})?Z)~(.{1,150})$/.exec(value)
    : null;
  return match && !Number.isNaN(new Date(match[1]!).getTime())
    ? { stamp: match[1]!, key: match[2]! }
    : null;
}

/** A row of one source before names are filled in. */
type Raw = Omit<ActivityItem, "actor" | "at"> & { stamp: string; userId: string };

/**
 * A time to the microsecond as fixed-width UTC text: what the database orders by, exactly, so
 * a cursor names its item exactly and every source sorts by its own time index (decision 067).
 */
const stampOf = (time: Column | SQL) =>
  sql<string>`to_char(${time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Each source's newest rows older than the cursor: the pair (time, key) orders every kind the
 * same way (keys compared byte by byte, "C", as JavaScript does), so a page never repeats nor
 * skips an item whatever kinds share a moment. The plain bound on time lets the time index
 * start where the cursor is.
 */
const olderThan = (time: Column, key: SQL, cursor: Cursor | null) =>
  cursor
    ? and(
        lte(time, sql`${cursor.stamp}::timestamptz`),
        sql`(${time}, ${key}) < (${cursor.stamp}::timestamptz, ${cursor.key})`,
      )
    : undefined;

/** Newest first: by time, then by key (descending, byte by byte). */
const newestFirst = (a: Raw, b: Raw) =>
  a.stamp < b.stamp ? 1 : a.stamp > b.stamp ? -1 : a.key < b.key ? 1 : a.key > b.key ? -1 : 0;

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
    const others = [
      ...(await postsOf(place, groups)),
      ...(await commentsOf(place, groups)),
      ...(await completionsOf(place)),
      ...(await certificatesOf(place)),
      ...(await joinsOf(place)),
    ].sort(newestFirst);
    // A level reached older than the other kinds' (size + 1)th item cannot make this page: the
    // ledger is read from there on only (its running totals start from each member's sum before).
    const floor = others.length > size ? others[size]!.stamp : null;
    const raw = [...others, ...(await levelsReached(place, floor))]
      .sort(newestFirst)
      .slice(0, size + 1);
    const page = raw.slice(0, size);
    const people = await peopleOf(
      tx,
      accountId,
      page.map((item) => item.userId),
    );
    const items = page.map(({ userId, stamp, ...item }) => ({
      ...item,
      at: new Date(stamp).toISOString(),
      actor: {
        userId,
        name: people.get(userId)?.name ?? "",
        avatar: people.get(userId)?.avatar ?? null,
      },
    }));
    const last = page.at(-1);
    return {
      items,
      next: raw.length > size && last ? `${last.stamp}~${last.key}` : null,
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

const item = (
  kind: ActivityKind,
  row: Partial<Raw> & Pick<Raw, "key" | "stamp" | "userId">,
): Raw => ({
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
      stamp: stampOf(groupPosts.createdAt),
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
    .orderBy(desc(groupPosts.createdAt), desc(key))
    .limit(size + 1);
  return rows.map((row) => {
    const group = groups.find((one) => one.id === row.groupId)!;
    return item("post", {
      key: row.id,
      stamp: row.stamp,
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
      stamp: stampOf(groupComments.createdAt),
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
    .orderBy(desc(groupComments.createdAt), desc(key))
    .limit(size + 1);
  return rows.map((row) => {
    const group = groups.find((one) => one.id === row.groupId)!;
    return item("comment", {
      key: row.id,
      stamp: row.stamp,
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
      stamp: stampOf(enrolments.completedAt),
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
    .orderBy(desc(enrolments.completedAt), desc(key))
    .limit(size + 1);
  return rows.map((row) =>
    item("completed", { key: row.key, stamp: row.stamp, userId: row.userId, title: row.title }),
  );
}

async function certificatesOf({ tx, accountId, cursor, only, size }: Place) {
  const key = sql`('z:' || ${certificates.id}::text) collate "C"`;
  const rows = await tx
    .select({
      id: certificates.id,
      userId: certificates.userId,
      stamp: stampOf(certificates.issuedAt),
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
    .orderBy(desc(certificates.issuedAt), desc(key))
    .limit(size + 1);
  return rows.map((row) =>
    item("certificate", {
      key: `z:${row.id}`,
      stamp: row.stamp,
      userId: row.userId,
      title: row.title,
    }),
  );
}

async function joinsOf({ tx, accountId, cursor, only, size }: Place) {
  const key = sql`('j:' || ${members.id}::text) collate "C"`;
  const rows = await tx
    .select({ id: members.id, userId: members.userId, stamp: stampOf(members.createdAt) })
    .from(members)
    .where(
      and(
        eq(members.accountId, accountId),
        isNull(members.suspendedAt),
        only ? eq(members.userId, only) : undefined,
        olderThan(members.createdAt, key, cursor),
      ),
    )
    .orderBy(desc(members.createdAt), desc(key))
    .limit(size + 1);
  return rows.map((row) =>
    item("joined", { key: `j:${row.id}`, stamp: row.stamp, userId: row.userId }),
  );
}

/**
 * The awards that took a member past a level's threshold: each award's running total against
 * the one before, over the member's ledger in order. From `floor` on only (the page cannot reach
 * older ones): each member's total before it is summed along their ledger index.
 */
async function levelsReached({ tx, accountId, cursor, only, size }: Place, floor: string | null) {
  const levels = await levelsOf(tx, accountId);
  const steps = levels.slice(1).map((level) => level.points);
  if (steps.length === 0) return [];
  const thresholds = sql`array[${sql.join(
    steps.map((points) => sql`${points}::int`),
    sql`, `,
  )}]`;
  const l = pointsLedger;
  const key = sql`('l:' || r.id::text) collate "C"`;
  const running = await tx.execute<{
    id: string;
    user_id: string;
    stamp: string;
    total: number;
  }>(sql`
    with recent as (
      select ${l.id} as id, ${l.userId} as user_id, ${l.createdAt} as created_at, ${l.points} as points
      from ${l}
      where ${l.accountId} = ${accountId}
        ${only ? sql`and ${l.userId} = ${only}` : sql``}
        ${floor ? sql`and ${l.createdAt} >= ${floor}::timestamptz` : sql``}
        ${cursor ? sql`and ${l.createdAt} <= ${cursor.stamp}::timestamptz` : sql``}
    ), before as (
      select ${l.userId} as user_id, sum(${l.points})::int as points
      from ${l}
      where ${floor ? sql`${l.accountId} = ${accountId} and ${l.createdAt} < ${floor}::timestamptz and ${l.userId} in (select user_id from recent)` : sql`false`}
      group by ${l.userId}
    ), r as (
      select recent.*, coalesce(before.points, 0) + sum(recent.points) over (
        partition by recent.user_id order by recent.created_at, recent.id
      )::int as total
      from recent left join before on before.user_id = recent.user_id
    )
    select r.id, r.user_id, ${stampOf(sql`r.created_at`)} as stamp, r.total from r
    where exists (select 1 from unnest(${thresholds}) as t where t > r.total - r.points and t <= r.total)
      ${cursor ? sql`and (r.created_at, ${key}) < (${cursor.stamp}::timestamptz, ${cursor.key})` : sql``}
    order by r.created_at desc, ${key} desc
    limit ${size + 1}`);
  return running.rows.map((row) => {
    const level = levelOf(levels, row.total);
    return item("level", {
      key: `l:${row.id}`,
      stamp: row.stamp,
      userId: row.user_id,
      level,
      title: levels[level - 1]?.name ?? "",
    });
  });
}
