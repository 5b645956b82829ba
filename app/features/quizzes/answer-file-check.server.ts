import path from "node:path";
import { fileTypeFromBuffer } from "file-type";

/** What an answer file is, by its bytes: the type it is stored and served with. */
export type AnswerFileType = { mime: string; exts: readonly string[] };

/**
 * The safe allow-list of answer files (binary ones by their magic bytes, read by file-type):
 * PDF, images, office documents (OOXML, OpenDocument, RTF) and zip. A question's `accept` list
 * narrows it, never widens it: a teacher's ".exe" lets no program in.
 */
const binaryTypes: Record<string, readonly string[]> = {
  "application/pdf": ["pdf"],
  "image/jpeg": ["jpg", "jpeg", "jpe"],
  "image/png": ["png"],
  "image/gif": ["gif"],
  "image/webp": ["webp"],
  "image/bmp": ["bmp"],
  "image/avif": ["avif"],
  "application/zip": ["zip"],
  "application/rtf": ["rtf"],
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": ["docx"],
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": ["xlsx"],
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": ["pptx"],
  "application/vnd.oasis.opendocument.text": ["odt"],
  "application/vnd.oasis.opendocument.spreadsheet": ["ods"],
  "application/vnd.oasis.opendocument.presentation": ["odp"],
};

/** The old Office formats share one container (OLE2): only its name says which of the three. */
const legacyOffice: Record<string, string> = {
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  ppt: "application/vnd.ms-powerpoint",
};

/** Plain text has no signature: UTF-8 without NUL, named as text (or as the question asks). */
const textExts = ["txt", "text", "md", "markdown", "csv", "tsv", "log", "json"];
const knownBinaryExts = new Set([
  ...Object.values(binaryTypes).flat(),
  ...Object.keys(legacyOffice),
]);

const extensionOf = (name: string) => path.extname(name).slice(1).toLowerCase();

/** The question's `accept` attribute ("application/pdf,.docx,image/*") as lower-case entries. */
function acceptEntries(accept: string | undefined): string[] {
  return (accept ?? "")
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
}

function accepted(entries: string[], type: AnswerFileType): boolean {
  if (!entries.length) return true;
  return entries.some((entry) => {
    if (entry.startsWith(".")) return type.exts.includes(entry.slice(1));
    if (entry.endsWith("/*")) return type.mime.startsWith(entry.slice(0, -1));
    return entry === type.mime;
  });
}

function asText(bytes: Uint8Array): boolean {
  try {
    return !new TextDecoder("utf-8", { fatal: true }).decode(bytes).includes("\u0000");
  } catch {
    return false;
  }
}

/**
 * An answer file's type decided by its content, or null when it is refused: a type outside
 * the allow-list or the question's accept list, or a name that claims another type than the
 * bytes hold (a program renamed .pdf, a picture renamed .docx).
 */
export async function answerFileType(
  bytes: Uint8Array,
  name: string,
  accept: string | undefined,
): Promise<AnswerFileType | null> {
  if (!bytes.byteLength) return null;
  const ext = extensionOf(name);
  const entries = acceptEntries(accept);
  const found = await fileTypeFromBuffer(bytes).catch(() => undefined);
  if (found) {
    let type: AnswerFileType | null = null;
    if (binaryTypes[found.mime]) type = { mime: found.mime, exts: binaryTypes[found.mime]! };
    else if (found.mime === "application/x-cfb" && legacyOffice[ext])
      type = { mime: legacyOffice[ext], exts: [ext] };
    if (!type || (ext && !type.exts.includes(ext))) return null;
    return accepted(entries, type) ? type : null;
  }
  // No signature: plain text, or nothing we take.
  if (!asText(bytes) || knownBinaryExts.has(ext)) return null;
  const asked = entries.includes(`.${ext}`);
  if (ext && !textExts.includes(ext) && !asked) return null;
  const type = { mime: "text/plain", exts: [ext || "txt"] };
  return accepted(entries, type) ? type : null;
}
