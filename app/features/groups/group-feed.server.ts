import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { Viewer } from "~/features/members/members.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { authorsOf, mentionableIn, reportsOf, requestsOf, someone } from "./group-people.server";
import { pollsOf } from "./group-polls.server";
import {
  groupWithRights,
  holdsAccess,
  rightsIn,
  type GroupRow,
  type Standing,
} from "./group-access.server";
import {
  FEED_PAGE_SIZE,
  type FeedComment,
  type FeedPost,
  type GroupCard,
  type GroupView,
  type ReactionKind,
} from "./group-shapes";
import { groupComments, groupMembers, groupPosts, groupReactions, groups } from "./tables.server";

type Place = { accountId: string; viewer: Viewer | null };

/** The groups the viewer may see, with their counts and the viewer's place in each. */
export async function listGroups(
  database: Database,
  { accountId, viewer }: Place,
): Promise<GroupCard[]> {
  return database.forAccount(accountId, async (tx) => {
    const rows = await tx
      .select()
      .from(groups)
      .where(eq(groups.accountId, accountId))
      .orderBy(asc(groups.name));
    const userId = viewer?.user.id ?? "";
    const mine = new Map(
      (
        await tx
          .select({
            groupId: groupMembers.groupId,
            status: groupMembers.status,
            role: groupMembers.role,
          })
          .from(groupMembers)
          .where(and(eq(groupMembers.accountId, accountId), eq(groupMembers.userId, userId)))
      ).map((row) => [row.groupId, { status: row.status, role: row.role }]),
    );
    const sizes = new Map(
      (
        await tx
          .select({ groupId: groupMembers.groupId, n: count() })
          .from(groupMembers)
          .where(and(eq(groupMembers.accountId, accountId), eq(groupMembers.status, "active")))
          .groupBy(groupMembers.groupId)
      ).map((row) => [row.groupId, row.n]),
    );
    const unread = await unreadCounts(tx, accountId, userId);
    const cards: GroupCard[] = [];
    for (const group of rows) {
      const standing = mine.get(group.id) ?? null;
      if (!rightsIn(group, viewer, standing).see) continue;
      cards.push(
        await cardOf(
          tx,
          group,
          viewer,
          standing,
          sizes.get(group.id) ?? 0,
          unread.get(group.id) ?? 0,
        ),
      );
    }
    return cards;
  });
}

/** Posts by others since the viewer last read each group they are active in. */
/** A group's page only asks whether anything is new: it counts up to this many, not past it. */
const UNREAD_CAP = 100;

/**
 * The posts of one group the member has not read, up to UNREAD_CAP: a range of the feed index
 * from their last read, so a member back after a year costs a hundred rows, not the group.
 */
async function unreadInGroup(
  tx: Tx,
  { accountId, userId, groupId }: { accountId: string; userId: string; groupId: string },
): Promise<number> {
  const [standing] = await tx
    .select({ lastReadAt: groupMembers.lastReadAt })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.accountId, accountId),
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.userId, userId),
        eq(groupMembers.status, "active"),
      ),
    );
  if (!standing) return 0;
  const newer = await tx
    .select({ id: groupPosts.id })
    .from(groupPosts)
    .where(
      and(
        eq(groupPosts.accountId, accountId),
        eq(groupPosts.groupId, groupId),
        gt(groupPosts.createdAt, standing.lastReadAt),
        isNull(groupPosts.hiddenAt),
        ne(groupPosts.authorId, userId),
      ),
    )
    .limit(UNREAD_CAP);
  return newer.length;
}

async function unreadCounts(tx: Tx, accountId: string, userId: string) {
  const rows = await tx
    .select({ groupId: groupPosts.groupId, n: count() })
    .from(groupPosts)
    .innerJoin(
      groupMembers,
      and(
        eq(groupMembers.accountId, groupPosts.accountId),
        eq(groupMembers.groupId, groupPosts.groupId),
        eq(groupMembers.userId, userId),
        eq(groupMembers.status, "active"),
      ),
    )
    .where(
      and(
        eq(groupPosts.accountId, accountId),
        isNull(groupPosts.hiddenAt),
        ne(groupPosts.authorId, userId),
        gt(groupPosts.createdAt, groupMembers.lastReadAt),
      ),
    )
    .groupBy(groupPosts.groupId);
  return new Map(rows.map((row) => [row.groupId, row.n]));
}

async function cardOf(
  tx: Tx,
  group: GroupRow,
  viewer: Viewer | null,
  standing: Standing,
  size: number,
  unread: number,
): Promise<GroupCard> {
  const inside = standing?.status === "active" || standing?.status === "banned";
  const canJoin =
    !inside &&
    standing?.status !== "requested" &&
    Boolean(viewer?.membership) &&
    (rightsIn(group, viewer, standing).manager ||
      (await holdsAccess(tx, group, { userId: viewer?.user.id ?? "" })));
  return {
    id: group.id,
    name: group.name,
    slug: group.slug,
    description: group.description,
    cover: group.cover,
    privacy: group.privacy,
    accessKind: group.accessKind,
    accessId: group.accessId,
    members: size,
    mine: standing,
    unread,
    canJoin,
  };
}

/** A feed cursor: the last post's time and id, so a page reads its own rows at any depth. */
const cursorOf = (post: { createdAt: Date; id: string }) =>
  `${post.createdAt.toISOString()}_${post.id}`;
function parseCursor(value: string | null): { at: Date; id: string } | null {
  const match = value ? /^(\d{4}-\d\d-\d\dT[\d:.]+Z)_([0-9a-f-]{36})$/.exec(value) : null;
  const at = match ? new Date(match[1]!) : null;
  return match && at && !Number.isNaN(at.getTime()) ? { at, id: match[2]! } : null;
}

/** A group's page: its card, rules, a page of its feed (pinned first), and its waiting requests. */
export async function loadGroup(
  database: Database,
  { accountId, viewer, slug, before }: Place & { slug: string; before: string | null },
): Promise<GroupView> {
  return database.forAccount(accountId, async (tx) => {
    const { group, rights } = await groupWithRights(tx, { accountId, viewer, where: { slug } });
    const [size] = await tx
      .select({ n: count() })
      .from(groupMembers)
      .where(
        and(
          eq(groupMembers.accountId, accountId),
          eq(groupMembers.groupId, group.id),
          eq(groupMembers.status, "active"),
        ),
      );
    const userId = viewer?.user.id ?? "";
    const unread = await unreadInGroup(tx, { accountId, userId, groupId: group.id });
    const card = await cardOf(tx, group, viewer, rights.standing, size?.n ?? 0, unread);
    const view: GroupView = {
      ...card,
      rules: group.rules,
      moderates: rights.moderate,
      feed: [],
      next: null,
      requests: [],
      reports: [],
      mentionable: [],
    };
    if (!rights.read) return view;
    const cursor = parseCursor(before);
    const visible = rights.moderate ? undefined : isNull(groupPosts.hiddenAt);
    const ofGroup = and(
      eq(groupPosts.accountId, accountId),
      eq(groupPosts.groupId, group.id),
      visible,
    );
    const pinned = cursor
      ? []
      : await tx
          .select()
          .from(groupPosts)
          .where(and(ofGroup, isNotNull(groupPosts.pinnedAt)))
          .orderBy(desc(groupPosts.pinnedAt));
    const page = await tx
      .select()
      .from(groupPosts)
      .where(
        and(
          ofGroup,
          isNull(groupPosts.pinnedAt),
          // A row comparison: the index's own condition, so a page reads its own rows at any depth.
          cursor
            ? sql`(${groupPosts.createdAt}, ${groupPosts.id}) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)`
            : undefined,
        ),
      )
      // The index's own order (desc nulls last): the planner reads the page off it, no sort.
      .orderBy(sql`${groupPosts.createdAt} desc nulls last`, sql`${groupPosts.id} desc nulls last`)
      .limit(FEED_PAGE_SIZE + 1);
    const more = page.length > FEED_PAGE_SIZE;
    const posts = [...pinned, ...page.slice(0, FEED_PAGE_SIZE)];
    const lastRead =
      rights.standing?.status === "active"
        ? await lastReadOf(tx, accountId, group.id, userId)
        : null;
    view.feed = await feedOf(tx, { accountId, userId, moderate: rights.moderate, lastRead }, posts);
    view.next = more ? cursorOf(page[FEED_PAGE_SIZE - 1]!) : null;
    if (rights.take) view.mentionable = await mentionableIn(tx, accountId, group.id);
    if (rights.moderate) {
      view.requests = await requestsOf(tx, accountId, group.id);
      view.reports = await reportsOf(tx, accountId, group.id);
    }
    return view;
  });
}

async function lastReadOf(tx: Tx, accountId: string, groupId: string, userId: string) {
  const [row] = await tx
    .select({ at: groupMembers.lastReadAt })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.accountId, accountId),
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.userId, userId),
      ),
    );
  return row?.at ?? null;
}

/** The page's posts with their comments and reactions: a handful of statements for the page. */
async function feedOf(
  tx: Tx,
  {
    accountId,
    userId,
    moderate,
    lastRead,
  }: { accountId: string; userId: string; moderate: boolean; lastRead: Date | null },
  posts: (typeof groupPosts.$inferSelect)[],
): Promise<FeedPost[]> {
  if (posts.length === 0) return [];
  const postIds = posts.map((post) => post.id);
  const comments = await tx
    .select()
    .from(groupComments)
    .where(
      and(
        eq(groupComments.accountId, accountId),
        inArray(groupComments.postId, postIds),
        moderate ? undefined : isNull(groupComments.hiddenAt),
      ),
    )
    .orderBy(asc(groupComments.createdAt));
  const reactions = await tx
    .select({ targetId: groupReactions.targetId, kind: groupReactions.kind, n: count() })
    .from(groupReactions)
    .where(and(eq(groupReactions.accountId, accountId), inArray(groupReactions.postId, postIds)))
    .groupBy(groupReactions.targetId, groupReactions.kind);
  const mine = new Map(
    (
      await tx
        .select({ targetId: groupReactions.targetId, kind: groupReactions.kind })
        .from(groupReactions)
        .where(
          and(
            eq(groupReactions.accountId, accountId),
            inArray(groupReactions.postId, postIds),
            eq(groupReactions.userId, userId),
          ),
        )
    ).map((row) => [row.targetId, row.kind]),
  );
  const counts = (targetId: string) => {
    const tally: Partial<Record<ReactionKind, number>> = {};
    for (const row of reactions) if (row.targetId === targetId) tally[row.kind] = row.n;
    return tally;
  };
  const authors = await authorsOf(tx, accountId, [
    ...posts.map((post) => post.authorId),
    ...comments.map((c) => c.authorId),
  ]);
  const author = (id: string) => authors.get(id) ?? someone(id);
  const polls = await pollsOf(tx, { accountId, userId }, posts);
  return posts.map((post) => ({
    id: post.id,
    author: author(post.authorId),
    body: post.body,
    createdAt: post.createdAt.toISOString(),
    pinned: post.pinnedAt !== null,
    commentsClosed: post.commentsClosed,
    hidden: post.hiddenAt !== null,
    unread: lastRead !== null && post.authorId !== userId && post.createdAt > lastRead,
    reactions: counts(post.id),
    mine: mine.get(post.id) ?? null,
    poll: polls.get(post.id) ?? null,
    comments: comments
      .filter((comment) => comment.postId === post.id)
      .map((comment): FeedComment => ({
        id: comment.id,
        parentId: comment.parentId,
        author: author(comment.authorId),
        body: comment.body,
        createdAt: comment.createdAt.toISOString(),
        hidden: comment.hiddenAt !== null,
        reactions: counts(comment.id),
        mine: mine.get(comment.id) ?? null,
      })),
  }));
}
