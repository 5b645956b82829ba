// Client-safe: the search box imports this on every public page, so it holds no zod (the
// request schema lives with the API, api.server.ts).

/** Spec §9: search debounce and results per type. */
export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_LIMIT = 9;
/** Spec §5: with no results, the not-found message shows only for terms longer than this. */
export const NOT_FOUND_MIN_LENGTH = 3;

export const searchScopes = ["all", "courses", "blog", "pages", "members"] as const;
export type SearchScope = (typeof searchScopes)[number];
export const searchKinds = ["courses", "blog", "pages", "members"] as const;
export type SearchKind = (typeof searchKinds)[number];

/** How a hit was found: every word in its title, in its text, or a title like a misspelt term. */
export type SearchMatch = "title" | "body" | "similar";

/** A piece of a snippet; `hit` marks a word the term found. */
export type SnippetPart = { text: string; hit: boolean };

export type SearchHit = {
  kind: SearchKind;
  id: string;
  title: string;
  /** Where choosing the hit goes (a path on this site). */
  url: string;
  detail: string | null;
  image: string | null;
  match: SearchMatch;
  /** Body matches: the text around the words found, those words marked. */
  snippet: SnippetPart[] | null;
};

export type SearchResults = {
  term: string;
  hits: Record<SearchKind, SearchHit[]>;
  /** Members are found for signed-in members of the site only (docs/decisions/013-site-search.md). */
  membersNeedSignIn: boolean;
};

/** Spec §5: runs only for a non-empty term on a known account. */
export function shouldSearch({ term, accountId }: { term: string; accountId: string | null }) {
  return term.trim().length > 0 && Boolean(accountId);
}

/** The request's query string: URLSearchParams writes spaces as `+` (spec §5). */
export function searchRequestQuery({ term, scope }: { term: string; scope: SearchScope }) {
  return new URLSearchParams({ q: term.trim(), type: scope }).toString();
}

/** Spec §5/§8: no results and a term longer than 3 characters → errors.notFound. */
export function showsNotFound({ term, total }: { term: string; total: number }) {
  return total === 0 && term.trim().length > NOT_FOUND_MIN_LENGTH;
}
