/**
 * Values people type that end up inside CSS or a URL attribute, checked by their type: a font
 * stack is font names, a colour is a colour, a link is http(s) or a path of the site. Client-safe.
 * The zod schemas call the `is…` checks on save; the renderers call the `safe…`/`css…` ones, so
 * a value stored before these checks (or written straight into the database) cannot break out
 * of its context either (issue 11 item 7).
 */

/** A font name: letters and digits of any script, spaces, hyphens, underscores. */
const bareFont = String.raw`[\p{L}\p{N}_-]+(?: [\p{L}\p{N}_-]+)*`;
/** A quoted name may hold dots too ("Font 1.0"), never its own quote, `<`, `;` or `\`. */
const quotedFont = String.raw`"[\p{L}\p{N} _.-]+"|'[\p{L}\p{N} _.-]+'`;
const fontStackPattern = new RegExp(
  String.raw`^(?:${quotedFont}|${bareFont})(?:\s*,\s*(?:${quotedFont}|${bareFont}))*$`,
  "u",
);

export const MAX_FONT_STACK = 200;
const MAX_FONTS = 12;

/** A CSS font-family list: font names, quoted or not, separated by commas. */
export function isFontStack(value: string): boolean {
  const stack = value.trim();
  return (
    stack.length > 0 &&
    stack.length <= MAX_FONT_STACK &&
    fontStackPattern.test(stack) &&
    stack.split(",").length <= MAX_FONTS
  );
}

/** The stack if it is one, else undefined (the theme's default then applies). */
export function cssFontStack(value: string | undefined | null): string | undefined {
  return typeof value === "string" && isFontStack(value) ? value.trim() : undefined;
}

/** Mantine's palette names, alone or with a shade ("blue", "teal.7"), and a few CSS keywords. */
const namedColour =
  /^(?:(?:dark|gray|red|pink|grape|violet|indigo|blue|cyan|green|lime|yellow|orange|teal)(?:\.\d)?|white|black|transparent)$/;
const hexColour = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const number = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)`;
const channel = `${number}(?:%|deg|rad|grad|turn)?`;
const functionColour = new RegExp(
  String.raw`^(?:rgba?|hsla?)\(\s*${channel}(?:\s*[,\s]\s*${channel}){2}(?:\s*[,/]\s*${number}%?)?\s*\)$`,
  "i",
);

/** A colour: hex, rgb()/rgba(), hsl()/hsla(), or one of Mantine's colour names. */
export function isCssColour(value: string): boolean {
  const colour = value.trim();
  return (
    colour.length <= 64 &&
    (hexColour.test(colour) || functionColour.test(colour) || namedColour.test(colour))
  );
}

/** The colour if it is one, else `fallback`: what a style attribute or variable may hold. */
export function cssColour(value: string | undefined | null, fallback: string): string {
  return typeof value === "string" && isCssColour(value) ? value.trim() : fallback;
}

export const MAX_URL = 500;
/** C0 and C1 control characters (a NUL among them), which no text people type needs. */
const isControl = (code: number) => code <= 0x1f || (code >= 0x7f && code <= 0x9f);

/** Plain text: no control characters but line breaks and tabs (React escapes the rest). */
export function isPlainText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (isControl(code) && code !== 0x09 && code !== 0x0a && code !== 0x0d) return false;
  }
  return true;
}

/** Whitespace, controls and backslashes: browsers drop or rewrite them in URLs. */
const hasUnsafeUrlCharacter = (value: string) => {
  for (let i = 0; i < value.length; i++) {
    if (isControl(value.charCodeAt(i))) return true;
  }
  return /[\s\\]/.test(value);
};
const absoluteHttp = /^https?:\/\/[^/?#@:]+(?::\d+)?(?:[/?#]|$)/i;

/**
 * A link people may save: an absolute http(s) address, a path of the site (`/about`, not the
 * protocol-relative `//host`), or a relative one (`about`, `#top`, `?page=2`). Never another
 * scheme (`javascript:`, `data:`, `vbscript:`), and no characters a browser would strip first.
 */
export function isSafeUrl(value: string): boolean {
  if (value.length === 0 || value.length > MAX_URL || hasUnsafeUrlCharacter(value)) return false;
  if (/^https?:/i.test(value)) return absoluteHttp.test(value);
  if (value.startsWith("//")) return false;
  // Relative: no scheme, i.e. no colon before the first `/`, `?` or `#`.
  return !/^[^/?#]*:/.test(value);
}

/** The link if it is safe to put in href/src, else null (the caller shows no link). */
export function safeUrl(value: string | undefined | null): string | null {
  if (typeof value !== "string") return null;
  const url = value.trim();
  return isSafeUrl(url) ? url : null;
}

/** An absolute http(s) address (opened in a new tab), as opposed to a path of the site. */
export const isAbsoluteHttpUrl = (url: string) => /^https?:\/\//i.test(url);
