/** Client-safe facts of the media library: kinds, limits, the variants' widths, item shapes. */

export type MediaKind = "image" | "video" | "audio" | "document" | "other";
export const mediaKindList: readonly MediaKind[] = ["image", "video", "audio", "document", "other"];

/** Largest single upload (a lesson video fits; the server streams it to disk, never to memory). */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
/** One upload request: a file and its few form fields. */
export const MAX_MEDIA_REQUEST_BYTES = MAX_UPLOAD_BYTES + 1024 * 1024;
export const MEDIA_UPLOAD_PATH = "/api/media/upload";
/** Text formats (SVG, XML, JSON, CSV, plain text) are read whole to be checked: kept small. */
export const MAX_TEXT_BYTES = 8 * 1024 * 1024;
/** The widths image variants are made at (never wider than the original). */
export const VARIANT_WIDTHS = [320, 640, 1024, 1600] as const;
/** Spec §9: image quality 75. */
export const IMAGE_QUALITY = 75;

export type MediaVariant = {
  format: "webp" | "avif";
  width: number;
  height: number;
  key: string;
  size: number;
};

/** A library file as the dashboard sees it. */
export type MediaItem = {
  id: string;
  ownerId: string | null;
  kind: MediaKind;
  mime: string;
  name: string;
  size: number;
  width: number | null;
  height: number | null;
  alt: string;
  folder: string;
  url: string;
  /** A small preview for the grid (the narrowest WebP variant), images only. */
  thumbnail: string | null;
  createdAt: string;
};

/** What the public site needs to draw an image that never shifts: sizes and its sources. */
export type ResponsiveImageData = {
  src: string;
  alt: string;
  width: number;
  height: number;
  avif: string;
  webp: string;
};

/** A folder path: segments of letters, digits, spaces, dashes and underscores, "/" between. */
export function normaliseFolder(value: string): string | null {
  const segments = value
    .split("/")
    .map((segment) => segment.trim())
    .filter(Boolean);
  if (segments.length > 6) return null;
  if (segments.some((segment) => segment.length > 60 || !/^[\p{L}\p{N} _-]+$/u.test(segment)))
    return null;
  return segments.join("/");
}

/** A post, page or doc that shows a file (the library's "where used"). */
export type MediaUse = { type: "post" | "page" | "doc"; id: string; title: string };
