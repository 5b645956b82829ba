import { and, asc, eq, gt, inArray, isNotNull, isNull, or } from "drizzle-orm";
import type { Tx } from "~/platform/db/database.server";
import { pages } from "./tables.server";

export type PageKind = (typeof pages.$inferSelect)["kind"];

export async function publishedPageBySlug(
  tx: Tx,
  { accountId, slug, kind }: { accountId: string; slug: string; kind: PageKind },
) {
  const [row] = await tx
    .select()
    .from(pages)
    .where(
      and(
        eq(pages.accountId, accountId),
        eq(pages.slug, slug),
        eq(pages.kind, kind),
        eq(pages.status, "published"),
        // A translation is read through its original (decision 025).
        isNull(pages.translationOf),
      ),
    )
    .limit(1);
  return row;
}

/** An original's published translations, whole: a page has a handful at most. */
export function publishedPageTranslations(
  tx: Tx,
  { accountId, originalId }: { accountId: string; originalId: string },
) {
  return tx
    .select()
    .from(pages)
    .where(
      and(
        eq(pages.accountId, accountId),
        eq(pages.translationOf, originalId),
        eq(pages.status, "published"),
      ),
    );
}

/** The titles of some originals' published versions in `language` (the docs sidebar's). */
export async function publishedTitlesIn(
  tx: Tx,
  { accountId, ids, language }: { accountId: string; ids: string[]; language: string },
): Promise<Map<string, { title: string; description: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      originalId: pages.translationOf,
      title: pages.title,
      description: pages.description,
    })
    .from(pages)
    .where(
      and(
        eq(pages.accountId, accountId),
        inArray(pages.translationOf, ids),
        eq(pages.language, language),
        eq(pages.status, "published"),
      ),
    );
  return new Map(rows.map(({ originalId, ...row }) => [originalId!, row]));
}

/** Published pages of one kind (or all), docs in their reading order; at most `limit`. */
export function publishedPageList(
  tx: Tx,
  { accountId, kind, limit }: { accountId: string; kind?: PageKind; limit?: number },
) {
  const query = tx
    .select({
      id: pages.id,
      parentId: pages.parentId,
      title: pages.title,
      slug: pages.slug,
      description: pages.description,
      kind: pages.kind,
    })
    .from(pages)
    .where(
      and(
        eq(pages.accountId, accountId),
        eq(pages.status, "published"),
        isNull(pages.translationOf),
        kind ? eq(pages.kind, kind) : undefined,
      ),
    )
    .orderBy(asc(pages.position), asc(pages.title))
    .$dynamic();
  return limit === undefined ? query : query.limit(limit);
}

/**
 * Whether a published page (not a doc, not a translation) is the owner's work: made by someone
 * (seeded pages have no author) or edited since it was seeded (its version moved on).
 */
export async function hasOwnPublishedPageIn(tx: Tx, { accountId }: { accountId: string }) {
  const [row] = await tx
    .select({ id: pages.id })
    .from(pages)
    .where(
      and(
        eq(pages.accountId, accountId),
        eq(pages.kind, "page"),
        eq(pages.status, "published"),
        isNull(pages.translationOf),
        or(isNotNull(pages.authorId), gt(pages.version, 1)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
