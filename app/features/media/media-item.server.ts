import { accountBucket } from "~/features/members/members.server";
import { publicFileUrl } from "~/platform/storage/storage.server";
import type { MediaItem, ResponsiveImageData } from "./media-types";
import type { MediaRow } from "./queries.server";

/** Library files share the account's bucket with avatars and logos, under `media/`. */
export const mediaBucket = accountBucket;

export function mediaUrl(row: MediaRow): string {
  if (row.bunnyUrl) return row.bunnyUrl;
  return publicFileUrl({ bucket: mediaBucket(row.accountId), key: row.storageKey ?? "" });
}

export function toMediaItem(row: MediaRow): MediaItem {
  const bucket = mediaBucket(row.accountId);
  const thumb = row.variants.find((variant) => variant.format === "webp");
  return {
    id: row.id,
    ownerId: row.ownerId,
    kind: row.kind,
    mime: row.mime,
    name: row.originalName,
    size: row.sizeBytes,
    width: row.width,
    height: row.height,
    alt: row.alt,
    folder: row.folder,
    url: mediaUrl(row),
    thumbnail: thumb
      ? publicFileUrl({ bucket, key: thumb.key })
      : row.mime === "image/svg+xml"
        ? mediaUrl(row)
        : null,
    createdAt: row.createdAt.toISOString(),
  };
}

const srcset = (row: MediaRow, format: "webp" | "avif") =>
  row.variants
    .filter((variant) => variant.format === format)
    .sort((a, b) => a.width - b.width)
    .map(
      (variant) =>
        `${publicFileUrl({ bucket: mediaBucket(row.accountId), key: variant.key })} ${variant.width}w`,
    )
    .join(", ");

/** An image row as the public site draws it: sources per format, and its size so nothing shifts. */
export function responsiveOf(row: MediaRow): ResponsiveImageData | null {
  if (row.kind !== "image" || !row.width || !row.height || row.variants.length === 0) return null;
  return {
    src: mediaUrl(row),
    alt: row.alt,
    width: row.width,
    height: row.height,
    webp: srcset(row, "webp"),
    avif: srcset(row, "avif"),
  };
}
