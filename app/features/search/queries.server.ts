import { sql } from "drizzle-orm";
import type { Tx } from "~/platform/db/database.server";
import type { SearchKind, SearchMatch, SnippetPart } from "./validation";

export type SearchRow = {
  result_kind: SearchKind;
  result_id: string;
  result_title: string;
  result_slug: string;
  result_detail: string | null;
  result_image: string | null;
  result_match: SearchMatch;
  /** Highlighted words between chr(2) and chr(3) (drizzle/0068_body_search.sql). */
  result_snippet: string | null;
};

/**
 * Matches of the transaction's account through `search_site` (drizzle/0068_body_search.sql):
 * titles holding every word first (trigram indexes), then text-search matches of the bodies
 * ranked, and titles like a misspelt term when neither found anything.
 */
export async function searchRows(
  tx: Tx,
  { term, kinds, perKind }: { term: string; kinds: SearchKind[]; perKind: number },
): Promise<SearchRow[]> {
  const result = await tx.execute<SearchRow>(
    sql`select * from search_site(${term}, string_to_array(${kinds.join(",")}, ','), ${perKind})`,
  );
  return result.rows;
}

/** The marks `search_site` puts around a found word: chr(2) and chr(3). */
const HIT_START = String.fromCharCode(2);
const HIT_END = String.fromCharCode(3);

/**
 * A snippet's marked words as parts (empty text between marks dropped), or null when it marks
 * none: the words were found in the title alone, which the hit already shows.
 */
export function snippetParts(snippet: string): SnippetPart[] | null {
  const parts: SnippetPart[] = [];
  const pieces = snippet.trim().replaceAll(HIT_END, HIT_START).split(HIT_START);
  for (const [index, piece] of pieces.entries())
    if (piece !== "") parts.push({ text: piece, hit: index % 2 === 1 });
  return parts.some((part) => part.hit) ? parts : null;
}
