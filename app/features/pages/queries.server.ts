import { and, eq } from "drizzle-orm";
import type { Tx } from "~/platform/db/database.server";
import { pages } from "./tables.server";

export async function publishedPageBySlug(
  tx: Tx,
  { accountId, slug }: { accountId: string; slug: string },
) {
  const [row] = await tx
    .select()
    .from(pages)
    .where(and(eq(pages.accountId, accountId), eq(pages.slug, slug), eq(pages.status, "published")))
    .limit(1);
  return row;
}
