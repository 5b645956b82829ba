import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "~/platform/db/database.server";
import { pages } from "./tables.server";

const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Pages and docs whose blocks name a file (the media library's "where used"). */
export function pagesUsingFile(
  tx: Tx,
  { accountId, url }: { accountId: string; url: string },
): Promise<{ id: string; title: string; kind: "page" | "doc" | "funnel" }[]> {
  return tx
    .select({ id: pages.id, title: pages.title, kind: pages.kind })
    .from(pages)
    .where(and(eq(pages.accountId, accountId), sql`${pages.data}::text ilike ${likePattern(url)}`))
    .limit(50);
}
