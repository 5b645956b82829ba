import {
  and,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  lt,
  ne,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import { members } from "~/features/members/tables.server";
import type { Tx } from "~/platform/db/database.server";
import type { PostDraft, PostListQuery, PostListRow, PostStatus } from "./post-editing";
import { POSTS_PER_EDITOR_PAGE } from "./post-editing";
import { posts } from "./tables.server";

export type PostRow = typeof posts.$inferSelect;

/** Only the viewer's own posts, unless they may see everyone's. */
const mine = (authorId: string | null): SQL | undefined =>
  authorId === null ? undefined : eq(posts.authorId, authorId);

const authorName = sql<string>`coalesce(${members.name}, '')`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One page of the editors' list, newest change first, with the count for the pager. */
export async function editorPostList(
  tx: Tx,
  {
    accountId,
    authorId,
    query,
  }: { accountId: string; authorId: string | null; query: PostListQuery },
): Promise<{ rows: PostListRow[]; total: number }> {
  const where = and(
    eq(posts.accountId, accountId),
    mine(authorId),
    query.status === "all" ? ne(posts.status, "trashed") : eq(posts.status, query.status),
    // Translations are opened from their original, but each shows in the trash on its own.
    query.status === "trashed" ? undefined : isNull(posts.translationOf),
    query.q.trim()
      ? or(
          ilike(posts.title, `%${escapeLike(query.q.trim())}%`),
          ilike(posts.slug, `%${escapeLike(query.q.trim())}%`),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    tx
      .select({
        id: posts.id,
        title: posts.title,
        slug: posts.slug,
        status: posts.status,
        authorName,
        publishedAt: posts.publishedAt,
        updatedAt: posts.updatedAt,
        trashedAt: posts.trashedAt,
        language: posts.language,
      })
      .from(posts)
      .leftJoin(
        members,
        and(eq(members.accountId, posts.accountId), eq(members.userId, posts.authorId)),
      )
      .where(where)
      .orderBy(desc(posts.updatedAt), desc(posts.id))
      .limit(POSTS_PER_EDITOR_PAGE)
      .offset((query.page - 1) * POSTS_PER_EDITOR_PAGE),
    tx.select({ count: count() }).from(posts).where(where),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row,
      publishedAt: row.publishedAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
      trashedAt: row.trashedAt?.toISOString() ?? null,
    })),
    total: Number(total?.count ?? 0),
  };
}

export async function postById(
  tx: Tx,
  { accountId, id }: { accountId: string; id: string },
): Promise<(PostRow & { authorName: string }) | undefined> {
  const [row] = await tx
    .select({ post: posts, authorName })
    .from(posts)
    .leftJoin(
      members,
      and(eq(members.accountId, posts.accountId), eq(members.userId, posts.authorId)),
    )
    .where(and(eq(posts.accountId, accountId), eq(posts.id, id)))
    .limit(1);
  return row ? { ...row.post, authorName: row.authorName } : undefined;
}

export async function slugInUse(
  tx: Tx,
  { accountId, slug, except }: { accountId: string; slug: string; except: string | null },
): Promise<boolean> {
  const [row] = await tx
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(
        eq(posts.accountId, accountId),
        eq(posts.slug, slug),
        isNull(posts.translationOf),
        except ? ne(posts.id, except) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The columns a draft writes. */
export const draftColumns = (draft: PostDraft, slug: string) => ({
  title: draft.title.trim(),
  slug,
  excerpt: draft.excerpt.trim(),
  content: draft.content,
  settings: draft.featured ? { featured: draft.featured } : {},
  categories: [...new Set(draft.categories.filter(Boolean))],
  tags: [...new Set(draft.tags.filter(Boolean))],
  seo: {
    ...(draft.seoTitle.trim() && { title: draft.seoTitle.trim() }),
    ...(draft.seoDescription.trim() && { description: draft.seoDescription.trim() }),
    ...(draft.seoImage && { image: draft.seoImage }),
  },
});

/** A stored post as the editor's draft. */
export const draftOf = (row: PostRow): PostDraft => ({
  title: row.title,
  slug: row.slug,
  excerpt: row.excerpt,
  content: row.content,
  featured: row.settings.featured ?? "",
  categories: row.categories,
  tags: row.tags,
  seoTitle: row.seo.title ?? "",
  seoDescription: row.seo.description ?? "",
  seoImage: row.seo.image ?? "",
});

/**
 * Posts in the trash longer than `days` are deleted for good, an original with its
 * translations; the ids of all that went, for their revisions to go too.
 */
export async function purgeTrash(
  tx: Tx,
  { accountId, days, now = new Date() }: { accountId: string; days: number; now?: Date },
): Promise<string[]> {
  const before = new Date(now.getTime() - days * 86_400_000);
  const expired = await tx
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(eq(posts.accountId, accountId), eq(posts.status, "trashed"), lt(posts.trashedAt, before)),
    );
  if (expired.length === 0) return [];
  const ids = expired.map((row) => row.id);
  const gone = await tx
    .delete(posts)
    .where(
      and(
        eq(posts.accountId, accountId),
        or(inArray(posts.id, ids), inArray(posts.translationOf, ids)),
      ),
    )
    .returning({ id: posts.id });
  return gone.map((row) => row.id);
}

export const isPublic = (status: PostStatus) => status === "published";
