import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
} from "drizzle-orm";
import { peopleOf, type Viewer } from "~/features/members/members.server";
import { members } from "~/features/members/tables.server";
import { openReports } from "~/features/moderation/moderation.server";
import { plainText } from "~/platform/plain-text";
import type { Database, Tx } from "~/platform/db/database.server";
import {
  groupWithRights,
  holdsAccess,
  rightsIn,
  type GroupRow,
  type Standing,
} from "./group-access.server";
import {
  FEED_PAGE_SIZE,
  MENTIONABLE_MAX,
  type FeedComment,
  type FeedPost,
  type GroupCard,
  type GroupReport,
  type GroupView,
  type PostAuthor,
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
    const unread = (await unreadCounts(tx, accountId, userId)).get(group.id) ?? 0;
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
          cursor
            ? or(
                sql`${groupPosts.createdAt} < ${cursor.at.toISOString()}`,
                and(
                  sql`${groupPosts.createdAt} = ${cursor.at.toISOString()}`,
                  sql`${groupPosts.id} < ${cursor.id}`,
                ),
              )
            : undefined,
        ),
      )
      .orderBy(desc(groupPosts.createdAt), desc(groupPosts.id))
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

/** The group's moderation queue: each reported post or comment with its text and author. */
async function reportsOf(tx: Tx, accountId: string, groupId: string): Promise<GroupReport[]> {
  const open = await openReports(tx, { accountId, groupId });
  if (open.length === 0) return [];
  const ids = open.map((report) => report.targetId);
  const posts = await tx
    .select({
      id: groupPosts.id,
      postId: groupPosts.id,
      authorId: groupPosts.authorId,
      body: groupPosts.body,
    })
    .from(groupPosts)
    .where(and(eq(groupPosts.accountId, accountId), inArray(groupPosts.id, ids)));
  const comments = await tx
    .select({
      id: groupComments.id,
      postId: groupComments.postId,
      authorId: groupComments.authorId,
      body: groupComments.body,
    })
    .from(groupComments)
    .where(and(eq(groupComments.accountId, accountId), inArray(groupComments.id, ids)));
  const things = new Map(
    [...posts.map((post) => ({ ...post, body: plainText(post.body) })), ...comments].map(
      (thing) => [thing.id, thing],
    ),
  );
  const authors = await authorsOf(
    tx,
    accountId,
    [...things.values()].map((thing) => thing.authorId),
  );
  return open.flatMap((report) => {
    const thing = things.get(report.targetId);
    if (!thing) return [];
    return [
      {
        ...report,
        postId: thing.postId,
        excerpt: thing.body.replace(/\s+/g, " ").trim().slice(0, 200),
        author: authors.get(thing.authorId) ?? someone(thing.authorId),
      },
    ];
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

async function authorsOf(
  tx: Tx,
  accountId: string,
  userIds: string[],
): Promise<Map<string, PostAuthor>> {
  const people = await peopleOf(tx, accountId, userIds);
  return new Map(
    [...people.values()].map(({ userId, name, avatar }) => [userId, { userId, name, avatar }]),
  );
}

const someone = (userId: string): PostAuthor => ({ userId, name: "", avatar: null });

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

/** The group's members a writer may name with `@slug` (the composer's suggestions). */
async function mentionableIn(tx: Tx, accountId: string, groupId: string) {
  return tx
    .select({
      userId: members.userId,
      name: members.name,
      slug: members.slug,
      avatar: members.avatar,
    })
    .from(groupMembers)
    .innerJoin(
      members,
      and(eq(members.accountId, groupMembers.accountId), eq(members.userId, groupMembers.userId)),
    )
    .where(
      and(
        eq(groupMembers.accountId, accountId),
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.status, "active"),
      ),
    )
    .orderBy(asc(members.name))
    .limit(MENTIONABLE_MAX);
}

async function requestsOf(tx: Tx, accountId: string, groupId: string): Promise<PostAuthor[]> {
  const rows = await tx
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.accountId, accountId),
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.status, "requested"),
      ),
    )
    .orderBy(asc(groupMembers.joinedAt));
  const authors = await authorsOf(
    tx,
    accountId,
    rows.map((row) => row.userId),
  );
  return rows.map((row) => authors.get(row.userId) ?? someone(row.userId));
}
