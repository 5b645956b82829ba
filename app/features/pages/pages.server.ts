import type { Database, Tx } from "~/platform/db/database.server";
import { publishedPageBySlug, publishedPageList, type PageKind } from "./queries.server";
import { pages } from "./tables.server";
import { pageDataSchema, type PageData } from "./validation";

export type { PageKind };

/** A published page or doc as its screen shows it. */
export type PublishedPage = {
  title: string;
  slug: string;
  description: string;
  blocks: PageData["content"];
};

/**
 * A published page (or doc) and its blocks (Puck data), or null; a stored document that no
 * longer fits shows nothing. A doc never answers as a plain page, nor a page as a doc.
 */
export async function getPage(
  database: Database,
  { accountId, slug, kind = "page" }: { accountId: string; slug: string; kind?: PageKind },
): Promise<PublishedPage | null> {
  const page = await database.forAccount(accountId, (tx) =>
    publishedPageBySlug(tx, { accountId, slug, kind }),
  );
  if (!page) return null;
  const parsed = pageDataSchema.safeParse(page.data);
  return {
    title: page.title,
    slug: page.slug,
    description: page.description,
    blocks: parsed.success ? parsed.data.content : [],
  };
}

export type DocLink = { title: string; slug: string; description: string };

/** The account's published docs in reading order: the docs sidebar and index. */
export function listDocs(database: Database, { accountId }: { accountId: string }) {
  return database.forAccount(accountId, async (tx): Promise<DocLink[]> => {
    const rows = await publishedPageList(tx, { accountId, kind: "doc" });
    return rows.map(({ title, slug, description }) => ({ title, slug, description }));
  });
}

/** Published pages of one kind (or all) in reading order, at most `limit`: for the sitemap. */
export function listPublishedPages(
  database: Database,
  { accountId, kind, limit }: { accountId: string; kind?: PageKind; limit?: number },
) {
  return database.forAccount(accountId, (tx) => publishedPageList(tx, { accountId, kind, limit }));
}

/** Inside the caller's transaction: a new page or doc, its blocks checked first. */
export async function addPage(tx: Tx, values: typeof pages.$inferInsert) {
  const [row] = await tx
    .insert(pages)
    .values({ ...values, data: pageDataSchema.parse(values.data) })
    .returning({ id: pages.id });
  return row!;
}
export { pagesUsingFile } from "./page-usage.server";
