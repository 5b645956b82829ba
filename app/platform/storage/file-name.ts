/**
 * Characters that reorder or hide text: the bidi embeddings, overrides and isolates (U+202A–E,
 * U+2066–9), the direction marks (U+200E/F, U+061C). "invoice\u202Efdp.exe" shows as
 * "invoiceexe.pdf" in a list: a name must read as what it is.
 */
const bidiControls = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/gu;

/**
 * Control characters, line and paragraph separators, lone surrogates and the other format
 * characters (soft hyphen, BOM, word joiner, tag characters) — except ZWNJ and ZWJ (U+200C/D),
 * which Persian, the Indic scripts and emoji need to spell a word.
 */
const invisible = /(?![\u200C\u200D])[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu;

/** Longest name kept, in characters (code points, never half a surrogate pair). */
export const MAX_FILE_NAME_CHARS = 200;

/**
 * A file's name as a person gave it, fit to store and show: its last path segment, in NFC (the
 * same "é" whichever keyboard or system sent it), without bidi controls or other invisible
 * characters, at most 200 characters with its extension kept; "file" when nothing is left.
 * Every upload path (media library, ticket files, quiz answer files) names files through this.
 */
export function cleanFileName(name: string): string {
  const base = name.normalize("NFC").split(/[\\/]/).pop() ?? "";
  const clean = base.replace(bidiControls, "").replace(invisible, "").trim();
  if (!clean || /^\.+$/.test(clean)) return "file";
  const chars = Array.from(clean);
  if (chars.length <= MAX_FILE_NAME_CHARS) return clean;
  const dot = clean.lastIndexOf(".");
  const ext = dot > 0 ? Array.from(clean.slice(dot)) : [];
  const keep = ext.length > 0 && ext.length <= 16 ? ext : [];
  return (
    chars
      .slice(0, MAX_FILE_NAME_CHARS - keep.length)
      .join("")
      .trimEnd() + keep.join("")
  );
}
