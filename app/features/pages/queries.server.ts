import { and, asc, eq } from "drizzle-orm";
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
      ),
    )
    .limit(1);
  return row;
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
        kind ? eq(pages.kind, kind) : undefined,
      ),
    )
    .orderBy(asc(pages.position), asc(pages.title))
    .$dynamic();
  return limit === undefined ? query : query.limit(limit);
}
