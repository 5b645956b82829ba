import { slug as githubSlug } from "github-slugger";

// Decision 045: one slug helper for every address part content gets (posts, pages, courses,
// products, levels, members, categories, tags), Unicode-aware so "مميز", "Премиум" and "高级" stay
// themselves; and, kept apart on purpose, the ASCII label a site's address becomes in DNS.

/** The longest slug, in UTF-16 units as the slug schema counts (a whole character is never cut). */
export const SLUG_MAX = 80;

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** At most `max` UTF-16 units of `text`, cut between characters, never inside one. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = "";
  for (const { segment } of graphemes.segment(text)) {
    if (out.length + segment.length > max) break;
    out += segment;
  }
  return out;
}

/**
 * An address part from a title in any script: lower case, letters, marks and digits of every
 * language, words joined by single dashes ("Premium Plan" → "premium-plan", "مميز جدًا" → "مميز-جدًا",
 * "高级 课程" → "高级-课程"). Empty when nothing readable is left (emoji or punctuation only): the
 * caller then picks its fallback. github-slugger does the GitHub-compatible lowering and
 * stripping; punctuation, symbols and every kind of space first become word breaks, so
 * "Node.js 2.0" and "a\u3000b" keep their words apart as the ASCII helper did.
 */
export function slugify(title: string, max = SLUG_MAX): string {
  const words = title.normalize("NFKC").replace(/[\p{P}\p{S}\p{Z}\s]+/gu, " ");
  const slug = githubSlug(words)
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "");
  return clip(slug, max).replace(/-+$/, "");
}

/** Whether `value` is already a slug as `slugify` makes them (one canonical form per address). */
export const isSlug = (value: string) => value !== "" && slugify(value) === value;

/** A short stable fingerprint (FNV-1a, 32 bits, base 36): the same text, the same answer. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/**
 * A category's or tag's archive slug: `slugify(name)`, or for a name with nothing readable
 * ("🎉", "★★★") a stable short id from the name, so such terms keep an archive of their own and
 * two of them never share one. Blank names have no slug ("").
 */
export function termSlug(name: string): string {
  const slug = slugify(name);
  if (slug) return slug;
  const key = name.normalize("NFKC").trim().toLowerCase();
  return key ? `t-${fingerprint(key)}` : "";
}

/**
 * A site's address label (`{label}.{base domain}`): ASCII only, [a-z0-9-], because it becomes
 * a DNS label. Latin accents fold ("Café" → "cafe"); other scripts leave nothing, and the person
 * types an address themselves.
 */
export function dnsLabel(name: string, max = 40): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, max)
    .replace(/-+$/, "");
}
