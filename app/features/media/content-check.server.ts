import fs from "node:fs/promises";
import path from "node:path";
import { fileTypeFromFile } from "file-type";
import { XMLValidator } from "fast-xml-parser";
import { MAX_TEXT_BYTES, type MediaKind } from "./media-types";
import { sanitiseSvg } from "./svg-sanitise.server";

/** Why a file is refused; each is an error key `errors.media.<reason>`. */
export type MediaRejection =
  | "notAllowed"
  | "mismatch"
  | "unsafeSvg"
  | "tooLarge"
  | "tooManyPixels"
  | "empty"
  | "quota"
  | "failed";

export type ContentVerdict =
  | {
      ok: true;
      kind: MediaKind;
      mime: string;
      ext: string;
      /** The file was rewritten (a sanitised SVG): its new size. */
      size?: number;
    }
  | { ok: false; reason: MediaRejection; format?: string };

/**
 * Spec §5's allow-list as binary signatures (file-type reads the magic bytes): image (jpg, png,
 * gif, bmp, avif), common video and audio, pdf, gzip, zip, and the Office formats.
 */
const binaryTypes: Record<string, { kind: MediaKind; ext: string }> = {
  "image/jpeg": { kind: "image", ext: "jpg" },
  "image/png": { kind: "image", ext: "png" },
  "image/gif": { kind: "image", ext: "gif" },
  "image/bmp": { kind: "image", ext: "bmp" },
  "image/avif": { kind: "image", ext: "avif" },
  "video/mp4": { kind: "video", ext: "mp4" },
  "video/webm": { kind: "video", ext: "webm" },
  "video/quicktime": { kind: "video", ext: "mov" },
  "video/x-matroska": { kind: "video", ext: "mkv" },
  "video/ogg": { kind: "video", ext: "ogv" },
  "audio/mpeg": { kind: "audio", ext: "mp3" },
  "audio/mp4": { kind: "audio", ext: "m4a" },
  "audio/x-m4a": { kind: "audio", ext: "m4a" },
  "audio/aac": { kind: "audio", ext: "m4a" },
  "audio/wav": { kind: "audio", ext: "wav" },
  "audio/ogg": { kind: "audio", ext: "ogg" },
  "audio/opus": { kind: "audio", ext: "ogg" },
  "audio/flac": { kind: "audio", ext: "flac" },
  "audio/x-flac": { kind: "audio", ext: "flac" },
  "application/pdf": { kind: "document", ext: "pdf" },
  "application/gzip": { kind: "other", ext: "gz" },
  "application/zip": { kind: "other", ext: "zip" },
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": {
    kind: "document",
    ext: "docx",
  },
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": {
    kind: "document",
    ext: "xlsx",
  },
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": {
    kind: "document",
    ext: "pptx",
  },
};

/** The old Office formats share one container (OLE2); the name says which of the three. */
const legacyOffice: Record<string, string> = {
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  ppt: "application/vnd.ms-powerpoint",
};

/** Names a browser gives a file with each mime, to tell "renamed" from "not allowed". */
const nameMimes: Record<string, string[]> = {
  jpg: ["image/jpeg"],
  jpeg: ["image/jpeg"],
  png: ["image/png"],
  gif: ["image/gif"],
  bmp: ["image/bmp"],
  avif: ["image/avif"],
  svg: ["image/svg+xml"],
  mp4: ["video/mp4"],
  m4v: ["video/mp4"],
  webm: ["video/webm"],
  mov: ["video/quicktime"],
  mkv: ["video/x-matroska"],
  mp3: ["audio/mpeg"],
  m4a: ["audio/mp4", "audio/x-m4a", "audio/aac"],
  wav: ["audio/wav"],
  ogg: ["audio/ogg", "audio/opus", "video/ogg"],
  flac: ["audio/flac", "audio/x-flac"],
  pdf: ["application/pdf"],
  gz: ["application/gzip"],
  zip: ["application/zip"],
  docx: [binaryMime("docx")],
  xlsx: [binaryMime("xlsx")],
  pptx: [binaryMime("pptx")],
};

function binaryMime(ext: string): string {
  return Object.entries(binaryTypes).find(([, type]) => type.ext === ext)![0];
}

const textExtensions = ["svg", "xml", "json", "csv", "txt"] as const;

const extensionOf = (name: string) => path.extname(name).slice(1).toLowerCase();

async function checkText(
  ext: (typeof textExtensions)[number],
  text: string,
  file: string,
): Promise<ContentVerdict> {
  if (ext === "svg" || ext === "xml") {
    if (XMLValidator.validate(text) !== true) return { ok: false, reason: "mismatch", format: ext };
    // A DOCTYPE can declare entities that expand without end or reach files: never needed.
    if (/<!DOCTYPE|<!ENTITY/i.test(text)) return { ok: false, reason: "unsafeSvg" };
    if (ext === "xml") return { ok: true, kind: "document", mime: "application/xml", ext };
    // What is stored is the sanitiser's output, never the upload: nothing left in it can run.
    const clean = await sanitiseSvg(text);
    if (clean === null) return { ok: false, reason: "mismatch", format: "svg" };
    await fs.writeFile(file, clean);
    return {
      ok: true,
      kind: "image",
      mime: "image/svg+xml",
      ext,
      size: Buffer.byteLength(clean),
    };
  }
  if (ext === "json") {
    try {
      JSON.parse(text);
    } catch {
      return { ok: false, reason: "mismatch", format: ext };
    }
    return { ok: true, kind: "document", mime: "application/json", ext };
  }
  const mime = ext === "csv" ? "text/csv" : "text/plain";
  return { ok: true, kind: "document", mime, ext };
}

/**
 * V3: what a file is, decided by its content. Binary formats by their magic bytes; text formats
 * (SVG, XML, JSON, CSV, plain text) must be UTF-8 text without NUL and parse as what their name
 * says; an SVG is stored as DOMPurify's SVG profile leaves it (svg-sanitise.server.ts). The name only
 * chooses between text formats and the old Office formats, and words the refusal.
 */
export async function checkContent(file: string, name: string): Promise<ContentVerdict> {
  const ext = extensionOf(name);
  const { size } = await fs.stat(file);
  if (size === 0) return { ok: false, reason: "empty" };
  const found = await fileTypeFromFile(file).catch(() => undefined);
  // XML (an SVG with its declaration) is text: checked below, like any other text format.
  const detected = found && !/xml/.test(found.mime) ? found : undefined;
  if (detected) {
    const known = binaryTypes[detected.mime];
    if (known) return { ok: true, ...known, mime: detected.mime };
    if (detected.mime === "application/x-cfb" && legacyOffice[ext])
      return { ok: true, kind: "document", mime: legacyOffice[ext], ext };
    return refusal(ext);
  }
  const textExt = textExtensions.find((candidate) => candidate === ext);
  if (!textExt) return refusal(ext);
  if (size > MAX_TEXT_BYTES) return { ok: false, reason: "tooLarge" };
  const bytes = await fs.readFile(file);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, reason: "mismatch", format: ext };
  }
  if (text.includes("\u0000")) return { ok: false, reason: "mismatch", format: ext };
  return checkText(textExt, text.replace(/^\uFEFF/, ""), file);
}

/** A name promising an allowed type whose content is something else was renamed: say so. */
function refusal(ext: string): ContentVerdict {
  return nameMimes[ext] || (textExtensions as readonly string[]).includes(ext)
    ? { ok: false, reason: "mismatch", format: ext }
    : { ok: false, reason: "notAllowed" };
}
