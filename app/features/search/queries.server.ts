import { sql } from "drizzle-orm";
import type { Tx } from "~/platform/db/database.server";
import type { SearchKind } from "./validation";

export type SearchRow = {
  result_kind: SearchKind;
  result_id: string;
  result_title: string;
  result_slug: string;
  result_detail: string | null;
  result_image: string | null;
};

/**
 * Title (and member name) matches of the transaction's account through `search_site`
 * (drizzle/0011_search.sql), which reads the trigram indexes; every word must appear.
 */
export async function searchTitles(
  tx: Tx,
  { term, kinds, perKind }: { term: string; kinds: SearchKind[]; perKind: number },
): Promise<SearchRow[]> {
  const result = await tx.execute<SearchRow>(
    sql`select * from search_site(${term}, string_to_array(${kinds.join(",")}, ','), ${perKind})`,
  );
  return result.rows;
}
