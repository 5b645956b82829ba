import { and, asc, count, desc, eq, ilike, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import { members } from "~/features/members/tables.server";
import type { Tx } from "~/platform/db/database.server";
import {
  PAGES_PER_EDITOR_PAGE,
  type PageDraft,
  type PageKindName,
  type PageListQuery,
  type PageListRow,
} from "./page-editing";
import { pages } from "./tables.server";
import { pageDataSchema } from "./validation";

export type PageRow = typeof pages.$inferSelect;

const authorName = sql<string>`coalesce(${members.name}, '')`;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const withAuthor = and(eq(members.accountId, pages.accountId), eq(members.userId, pages.authorId));

const listColumns = {
  id: pages.id,
  title: pages.title,
  slug: pages.slug,
  kind: pages.kind,
  status: pages.status,
  authorName,
  parentId: pages.parentId,
  position: pages.position,
  updatedAt: pages.updatedAt,
  trashedAt: pages.trashedAt,
  language: pages.language,
};

const rowOf = (row: Omit<PageListRow, "updatedAt" | "trashedAt"> & Record<string, unknown>) =>
  ({
    ...row,
    updatedAt: (row.updatedAt as Date).toISOString(),
    trashedAt: (row.trashedAt as Date | null)?.toISOString() ?? null,
  }) as PageListRow;

/**
 * One page of the editors' list. Pages: newest change first. Docs (with no search and not the
 * trash): the whole tree in reading order, so it can be reordered.
 */
export async function editorPageList(
  tx: Tx,
  {
    accountId,
    viewerId,
    query,
  }: { accountId: string; viewerId: string | null; query: PageListQuery },
): Promise<{ rows: PageListRow[]; total: number; tree: boolean }> {
  const search = query.q.trim();
  const where = and(
    eq(pages.accountId, accountId),
    eq(pages.kind, query.kind),
    query.status === "all" ? ne(pages.status, "trashed") : eq(pages.status, query.status),
    // A translation is opened from its original's editor; the trash shows every row.
    query.status === "trashed" ? undefined : isNull(pages.translationOf),
    query.author === "me" && viewerId ? eq(pages.authorId, viewerId) : undefined,
    search
      ? or(
          ilike(pages.title, `%${escapeLike(search)}%`),
          ilike(pages.slug, `%${escapeLike(search)}%`),
        )
      : undefined,
  );
  const tree = query.kind === "doc" && !search && query.status === "all" && query.author === "";
  const base = tx.select(listColumns).from(pages).leftJoin(members, withAuthor).where(where);
  const rows = tree
    ? await base.orderBy(asc(pages.position), asc(pages.title)).limit(1000)
    : await base
        .orderBy(desc(pages.updatedAt), desc(pages.id))
        .limit(PAGES_PER_EDITOR_PAGE)
        .offset((query.page - 1) * PAGES_PER_EDITOR_PAGE);
  const [total] = await tx.select({ count: count() }).from(pages).where(where);
  return { rows: rows.map(rowOf), total: Number(total?.count ?? 0), tree };
}

export async function pageById(
  tx: Tx,
  { accountId, id }: { accountId: string; id: string },
): Promise<(PageRow & { authorName: string }) | undefined> {
  const [row] = await tx
    .select({ page: pages, authorName })
    .from(pages)
    .leftJoin(members, withAuthor)
    .where(and(eq(pages.accountId, accountId), eq(pages.id, id)))
    .limit(1);
  return row ? { ...row.page, authorName: row.authorName } : undefined;
}

/** The id of the page (or doc) at an address, for links that name a page by its slug. */
export async function pageIdBySlug(
  tx: Tx,
  { accountId, slug }: { accountId: string; slug: string },
) {
  const [row] = await tx
    .select({ id: pages.id })
    .from(pages)
    .where(and(eq(pages.accountId, accountId), eq(pages.slug, slug), isNull(pages.translationOf)))
    .limit(1);
  return row?.id ?? null;
}

export async function pageSlugInUse(
  tx: Tx,
  { accountId, slug, except }: { accountId: string; slug: string; except: string | null },
): Promise<boolean> {
  const [row] = await tx
    .select({ id: pages.id })
    .from(pages)
    .where(
      and(
        eq(pages.accountId, accountId),
        eq(pages.slug, slug),
        // Translations keep their original's address and claim none of their own.
        isNull(pages.translationOf),
        except ? ne(pages.id, except) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The columns a draft writes (its blocks already checked and sanitised). */
export const pageColumns = (draft: PageDraft, slug: string) => ({
  title: draft.title.trim(),
  slug,
  kind: draft.kind,
  description: draft.description.trim(),
  data: draft.data,
  seo: {
    ...(draft.seoTitle.trim() && { title: draft.seoTitle.trim() }),
    ...(draft.seoDescription.trim() && { description: draft.seoDescription.trim() }),
    ...(draft.seoImage && { image: draft.seoImage }),
  },
});

/** A stored page as the builder's draft; a stored document that no longer fits is empty. */
export const pageDraftOf = (row: PageRow): PageDraft => {
  const data = pageDataSchema.safeParse(row.data);
  return {
    title: row.title,
    slug: row.slug,
    kind: row.kind,
    description: row.description,
    data: data.success ? data.data : { root: { props: {} }, content: [] },
    seoTitle: row.seo.title ?? "",
    seoDescription: row.seo.description ?? "",
    seoImage: row.seo.image ?? "",
  };
};

/** The next place at the end of a kind's list (a new doc goes last). */
export async function nextPosition(
  tx: Tx,
  { accountId, kind }: { accountId: string; kind: PageKindName },
) {
  const [row] = await tx
    .select({ max: sql<number>`coalesce(max(${pages.position}), -1)` })
    .from(pages)
    .where(and(eq(pages.accountId, accountId), eq(pages.kind, kind)));
  return Number(row?.max ?? -1) + 1;
}

/** Docs whose parent goes away move up to the top level first (the tree keeps no holes). */
export async function liftChildren(tx: Tx, { accountId, id }: { accountId: string; id: string }) {
  await tx
    .update(pages)
    .set({ parentId: null })
    .where(and(eq(pages.accountId, accountId), eq(pages.parentId, id)));
}

/** Pages in the trash longer than `days` are deleted for good, with their translations. */
export async function purgePageTrash(
  tx: Tx,
  { accountId, days, now = new Date() }: { accountId: string; days: number; now?: Date },
): Promise<string[]> {
  const before = new Date(now.getTime() - days * 86_400_000);
  const due = and(
    eq(pages.accountId, accountId),
    eq(pages.status, "trashed"),
    lt(pages.trashedAt, before),
  );
  const ids = (await tx.select({ id: pages.id }).from(pages).where(due)).map((row) => row.id);
  if (ids.length === 0) return [];
  await tx
    .update(pages)
    .set({ parentId: null })
    .where(and(eq(pages.accountId, accountId), inArray(pages.parentId, ids)));
  const gone = await tx
    .delete(pages)
    .where(
      and(
        eq(pages.accountId, accountId),
        or(inArray(pages.id, ids), inArray(pages.translationOf, ids)),
      ),
    )
    .returning({ id: pages.id });
  return gone.map((row) => row.id);
}

/** Every original doc of the account (any state): to check a new tree names only them. */
export async function docIds(tx: Tx, { accountId }: { accountId: string }) {
  const rows = await tx
    .select({ id: pages.id })
    .from(pages)
    .where(and(eq(pages.accountId, accountId), eq(pages.kind, "doc"), isNull(pages.translationOf)));
  return new Set(rows.map((row) => row.id));
}
