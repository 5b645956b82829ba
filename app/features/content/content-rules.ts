/** Items in the trash are deleted for good after this many days. */
export const TRASH_DAYS = 30;

/** Words per minute of an adult reading on a screen (a common estimate; Medium uses 265). */
const WORDS_PER_MINUTE = 230;

/** Whole minutes to read some HTML, at least 1. */
export function readingMinutes(html: string): number {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/&[a-z#0-9]+;/gi, " ")
    .trim();
  const words = text ? text.split(/\s+/).length : 0;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/** An address-friendly slug from a title, in any script (decision 045). */
export { slugify } from "~/platform/slugs";
