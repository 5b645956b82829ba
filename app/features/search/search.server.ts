import { z } from "zod";
import { plainText } from "~/platform/plain-text";
import type { Viewer } from "~/features/members/members.server";
import { closedForViewer, type Resource } from "~/features/memberships/memberships.server";
import type { Database } from "~/platform/db/database.server";
import { safeUrl } from "~/platform/safe-values";
import { searchRows, snippetParts, type SearchRow } from "./queries.server";
import {
  SEARCH_LIMIT,
  searchKinds,
  searchScopes,
  type SearchHit,
  type SearchKind,
  type SearchResults,
  type SearchScope,
} from "./validation";

/** `GET /api/search`'s query, the one schema its route parses with and its description shows. */
export const searchQuerySchema = z.object({
  q: z.string().trim().min(1).max(100),
  type: z.enum(searchScopes).default("all"),
});

function urlOf(row: SearchRow): string {
  const slug = encodeURIComponent(row.result_slug);
  switch (row.result_kind) {
    case "courses":
      return `/course/${slug}`;
    case "blog":
      return `/blog/${slug}`;
    case "pages":
      return row.result_detail === "doc" ? `/docs/${slug}` : `/${slug}`;
    case "members":
      // Finding a person is for writing to them; the messages screen opens that conversation.
      return `/dashboard/messages?to=${slug}`;
  }
}

function toHit(row: SearchRow): SearchHit {
  return {
    kind: row.result_kind,
    id: row.result_id,
    title: row.result_title,
    url: urlOf(row),
    // A page's detail is its kind, which only chose the URL; a course's is the start of its
    // rich description.
    detail: row.result_kind === "pages" ? null : plainText(row.result_detail ?? "") || null,
    // Member pictures and cover images reach src: a safe address or none.
    image: safeUrl(row.result_image),
    match: row.result_match,
    snippet: row.result_snippet ? snippetParts(row.result_snippet) : null,
  };
}

/** Members' names are shown to people of the same site only, never to anonymous visitors. */
function mayFindMembers(viewer: Viewer | null, accountId: string) {
  return Boolean(viewer?.isSuperAdmin || viewer?.membership?.accountId === accountId);
}

/**
 * Spec §5/§7 site search: published courses, posts and pages by title, then by their text (issue
 * 37), and members by name, at most 9 of each, best first (titles that start with the term, then
 * shorter ones, then the best ranked texts).
 */
export async function searchSite(
  database: Database,
  {
    accountId,
    term,
    scope,
    viewer,
  }: { accountId: string; term: string; scope: SearchScope; viewer: Viewer | null },
): Promise<SearchResults> {
  const membersAllowed = mayFindMembers(viewer, accountId);
  const wanted: SearchKind[] = scope === "all" ? [...searchKinds] : [scope];
  const kinds = wanted.filter((kind) => kind !== "members" || membersAllowed);
  const rows =
    kinds.length === 0
      ? []
      : await database.forAccount(accountId, (tx) =>
          searchRows(tx, { term, kinds, perKind: SEARCH_LIMIT }),
        );
  // Issue 16: a members-only post or page is found by its title; its words stay for holders,
  // so a match in its words is no match for anyone else (not even a hint that they are there).
  const content = rows.flatMap((row): Resource[] =>
    row.result_kind === "blog"
      ? [{ type: "post", id: row.result_id }]
      : row.result_kind === "pages"
        ? [{ type: row.result_detail === "doc" ? "doc" : "page", id: row.result_id }]
        : [],
  );
  const closed = await closedForViewer(database, { accountId, viewer, resources: content });
  const hits: Record<SearchKind, SearchHit[]> = { courses: [], blog: [], pages: [], members: [] };
  for (const row of rows) {
    const hit = toHit(row);
    if (!closed.has(row.result_id)) hits[row.result_kind].push(hit);
    else if (hit.match !== "body") hits[row.result_kind].push({ ...hit, detail: null });
  }
  return { term, hits, membersNeedSignIn: !membersAllowed && wanted.includes("members") };
}
