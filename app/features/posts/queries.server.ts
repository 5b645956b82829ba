import { and, arrayOverlaps, count, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { members } from "~/features/members/tables.server";
import type { Tx } from "~/platform/db/database.server";
import { safeUrl } from "~/platform/safe-values";
import type { TermKind } from "./feed-links";
import { posts } from "./tables.server";

export type PostSummary = {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  featured: string | null;
  publishedAt: string | null;
};

/**
 * A place in the blog's order (newest first, then id): the published date to the microsecond,
 * as ISO text, because a JavaScript Date would round it to the millisecond and miss the row.
 */
export type PostMark = { publishedAt: string; id: string };

/** The blog's posts: published originals (a translation is read through its original). */
const published = (accountId: string) =>
  and(eq(posts.accountId, accountId), eq(posts.status, "published"), isNull(posts.translationOf));

/** The blog's order; `posts_account_published` (account, status, date, id) serves it backwards. */
const newestFirst = [desc(posts.publishedAt), desc(posts.id)];

/** Rows at or after `mark` in the blog's order: a seek in the index, whatever the depth. */
const fromMark = (mark: PostMark | null): SQL | undefined =>
  mark
    ? sql`(${posts.publishedAt}, ${posts.id}) <= (${mark.publishedAt}::timestamptz, ${mark.id}::uuid)`
    : undefined;

/** How many published posts lie at or after `mark`: a seek and a short walk in the index. */
export async function countPublishedPostsFrom(
  tx: Tx,
  { accountId, mark }: { accountId: string; mark: PostMark },
): Promise<number> {
  const [row] = await tx
    .select({ count: count() })
    .from(posts)
    .where(and(published(accountId), fromMark(mark)));
  return Number(row?.count ?? 0);
}

/**
 * The first post of every `every` in the blog's order, oldest mark last. One pass over the
 * index, returning only the marks: page N of the blog and chunk N of the sitemap then start
 * from the nearest mark instead of counting rows from the top.
 */
export async function publishedPostMarks(
  tx: Tx,
  { accountId, every }: { accountId: string; every: number },
): Promise<PostMark[]> {
  const { rows } = await tx.execute<PostMark>(sql`
    select to_char(published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "publishedAt",
           id::text as id
      from (select ${posts.publishedAt} as published_at, ${posts.id} as id,
                   row_number() over (order by ${posts.publishedAt} desc, ${posts.id} desc) as n
              from ${posts}
             where ${published(accountId)}) ranked
     where (n - 1) % ${every} = 0
     order by n`);
  return rows.map(({ publishedAt, id }) => ({ publishedAt, id }));
}

type FromMark = { accountId: string; mark?: PostMark | null; skip?: number; limit: number };

/**
 * Up to `limit` published posts from `mark` (the newest when null), skipping `skip` first: the
 * statement itself, so a test can read its plan.
 */
export function publishedPostsQuery(tx: Tx, { accountId, mark = null, skip = 0, limit }: FromMark) {
  return tx
    .select({
      id: posts.id,
      title: posts.title,
      slug: posts.slug,
      excerpt: posts.excerpt,
      settings: posts.settings,
      publishedAt: posts.publishedAt,
    })
    .from(posts)
    .where(and(published(accountId), fromMark(mark)))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(skip);
}

export async function publishedPostsFrom(tx: Tx, from: FromMark): Promise<PostSummary[]> {
  const rows = await publishedPostsQuery(tx, from);
  return rows.map(({ settings, publishedAt, ...row }) => ({
    ...row,
    // A cover image reaches src: a safe address or none, whatever was stored.
    featured: safeUrl(settings.featured),
    publishedAt: publishedAt?.toISOString() ?? null,
  }));
}

/** A post's author among the site's members (a seeded or orphaned post has none: ""). */
const authorOfPost = and(
  eq(members.accountId, posts.accountId),
  eq(members.userId, posts.authorId),
);
const authorName = sql<string>`coalesce(${members.name}, '')`;

export async function publishedPostBySlug(
  tx: Tx,
  { accountId, slug }: { accountId: string; slug: string },
) {
  const [row] = await tx
    .select({ post: posts, authorName })
    .from(posts)
    .leftJoin(members, authorOfPost)
    .where(and(published(accountId), eq(posts.slug, slug)))
    .limit(1);
  return row ? { ...row.post, authorName: row.authorName } : undefined;
}

export type { TermKind };
const termColumn = (kind: TermKind) => (kind === "category" ? posts.categories : posts.tags);

/** Every distinct category (or tag) name on the account's published posts. */
export async function publishedTerms(
  tx: Tx,
  { accountId, kind }: { accountId: string; kind: TermKind },
): Promise<string[]> {
  const { rows } = await tx.execute<{ term: string }>(sql`
    select distinct unnest(${termColumn(kind)}) as term from ${posts}
     where ${published(accountId)} order by 1 limit 5000`);
  return rows.map((row) => row.term);
}

/**
 * Published posts carrying any of `names` as a category (or tag), newest first: an archive's
 * page. OFFSET paging: an archive holds a share of the blog, and the blog's own keyset marks
 * are kept for the whole order only.
 */
export async function publishedPostsWithTerm(
  tx: Tx,
  {
    accountId,
    kind,
    names,
    skip,
    limit,
  }: { accountId: string; kind: TermKind; names: string[]; skip: number; limit: number },
): Promise<{ posts: PostSummary[]; total: number }> {
  const where = and(published(accountId), arrayOverlaps(termColumn(kind), names));
  const [rows, [total]] = await Promise.all([
    tx
      .select({
        id: posts.id,
        title: posts.title,
        slug: posts.slug,
        excerpt: posts.excerpt,
        settings: posts.settings,
        publishedAt: posts.publishedAt,
      })
      .from(posts)
      .where(where)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(skip),
    tx.select({ n: count() }).from(posts).where(where),
  ]);
  return {
    posts: rows.map(({ settings, publishedAt, ...row }) => ({
      ...row,
      featured: safeUrl(settings.featured),
      publishedAt: publishedAt?.toISOString() ?? null,
    })),
    total: Number(total?.n ?? 0),
  };
}

/** An original's published translations, whole: a post has a handful at most. */
export function publishedTranslationsOf(
  tx: Tx,
  { accountId, originalId }: { accountId: string; originalId: string },
) {
  return tx
    .select()
    .from(posts)
    .where(
      and(
        eq(posts.accountId, accountId),
        eq(posts.translationOf, originalId),
        eq(posts.status, "published"),
      ),
    );
}

/** Published posts' addresses and dates from `mark` (the newest when null), as above. */
export function publishedPostLinksFrom(
  tx: Tx,
  { accountId, mark = null, skip = 0, limit }: FromMark,
) {
  return tx
    .select({ id: posts.id, slug: posts.slug, publishedAt: posts.publishedAt })
    .from(posts)
    .where(and(published(accountId), fromMark(mark)))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(skip);
}

/**
 * The newest published posts whole, for a feed: the blog's, or those carrying any of `names`
 * as a category (or tag). A feed holds a few, so their bodies come along.
 */
export async function publishedPostsForFeed(
  tx: Tx,
  {
    accountId,
    term,
    limit,
  }: { accountId: string; term?: { kind: TermKind; names: string[] }; limit: number },
) {
  return tx
    .select({
      id: posts.id,
      title: posts.title,
      slug: posts.slug,
      excerpt: posts.excerpt,
      content: posts.content,
      settings: posts.settings,
      categories: posts.categories,
      tags: posts.tags,
      publishedAt: posts.publishedAt,
      updatedAt: posts.updatedAt,
      authorName,
    })
    .from(posts)
    .leftJoin(members, authorOfPost)
    .where(
      and(
        published(accountId),
        term ? arrayOverlaps(termColumn(term.kind), term.names) : undefined,
      ),
    )
    .orderBy(...newestFirst)
    .limit(limit);
}
