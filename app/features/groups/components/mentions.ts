import type { GroupView } from "../group-shapes";

/** A member a writer may name: their name, picture and `@slug`. */
export type Mentionable = GroupView["mentionable"][number];

/**
 * `@member-slug` tokens, as the server reads them (group-echo.server.ts): the `@` starts a word,
 * so an e-mail address is none.
 */
const MENTION = /(?<![\w@.])@([a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)\b/gi;

/** A text cut into plain pieces and the mentions of known members in it. */
export function splitMentions(
  text: string,
  known: readonly Mentionable[],
): (string | { slug: string; person: Mentionable })[] {
  const bySlug = new Map(known.map((person) => [person.slug.toLowerCase(), person]));
  const pieces: (string | { slug: string; person: Mentionable })[] = [];
  let from = 0;
  for (const match of text.matchAll(MENTION)) {
    const person = bySlug.get(match[1]!.toLowerCase());
    if (!person) continue;
    if (match.index > from) pieces.push(text.slice(from, match.index));
    pieces.push({ slug: match[1]!, person });
    from = match.index + match[0].length;
  }
  if (from < text.length) pieces.push(text.slice(from));
  return pieces;
}

/** The mention being typed just before the caret: where its `@` is and what follows it. */
export function mentionQueryAt(
  text: string,
  caret: number,
): { start: number; query: string } | null {
  const found = /(?<![\p{L}\p{N}_@.])@([\p{L}\p{N}_-]{0,40})$/u.exec(text.slice(0, caret));
  return found ? { start: found.index, query: found[1]! } : null;
}

const folded = (text: string) => text.normalize("NFKD").replace(/\p{M}/gu, "").toLocaleLowerCase();

/**
 * The members whose name or slug holds the query (those starting with it first), the writer
 * left out: nobody mentions themselves.
 */
export function matchMentionable(
  people: readonly Mentionable[],
  query: string,
  { except = "", limit = 8 }: { except?: string; limit?: number } = {},
): Mentionable[] {
  const wanted = folded(query.trim());
  const scored: { person: Mentionable; rank: number }[] = [];
  for (const person of people) {
    if (person.userId === except) continue;
    const name = folded(person.name);
    const slug = person.slug.toLowerCase();
    const rank =
      name.startsWith(wanted) || slug.startsWith(wanted)
        ? 0
        : name.includes(wanted) || slug.includes(wanted)
          ? 1
          : -1;
    if (rank >= 0) scored.push({ person, rank });
  }
  return scored
    .sort((a, b) => a.rank - b.rank)
    .slice(0, limit)
    .map(({ person }) => person);
}
