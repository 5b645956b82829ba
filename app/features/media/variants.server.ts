import os from "node:os";
import path from "node:path";
import fs from "node:fs/promises";
import { IMAGE_QUALITY, VARIANT_WIDTHS, type MediaVariant } from "./media-types";

/**
 * sharp and libvips load with the first image, not with the server: a server that never
 * resizes one keeps their ~10 MB out of its memory (issue 32).
 */
let loaded: Promise<typeof import("sharp").default> | undefined;
export function loadSharp() {
  return (loaded ??= import("sharp").then(({ default: sharp }) => {
    // One libvips thread per image: on a 2-core box the server keeps a core for requests, and
    // memory stays flat (glibc arenas grow with threads; MALLOC_ARENA_MAX=2, decision 026).
    sharp.concurrency(1);
    sharp.cache({ memory: 32, files: 0, items: 20 });
    return sharp;
  }));
}

/**
 * One image is resized at a time in the process, whoever uploads: the variants of a 2 MB photo
 * take ~100 MB while they are made, and uploads do not wait in the request queue (admission).
 */
let imageTurn: Promise<unknown> = Promise.resolve();
export function oneImageAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = imageTurn.then(work, work);
  imageTurn = run.catch(() => undefined);
  return run;
}

export type MadeVariant = MediaVariant & { file: string };

/** Largest image decoded (100 megapixels, 10,000 × 10,000): past it a decode takes gigabytes. */
export const MAX_IMAGE_PIXELS = 100_000_000;

/**
 * Size of a raster image (its EXIF orientation applied), or null if sharp cannot read it. Only
 * the header is read (no pixel limit here, nothing is decoded), so the caller can refuse a huge
 * image for what it is before anything decodes it.
 */
export async function imageSize(file: string) {
  const sharp = await loadSharp();
  const meta = await sharp(file, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) return null;
  const turned = (meta.orientation ?? 1) >= 5;
  return turned
    ? { width: meta.height, height: meta.width }
    : { width: meta.width, height: meta.height };
}

/**
 * WebP and AVIF at each of the widths up to the original's (never upscaled), quality 75
 * (spec §9), into a temporary folder; the caller stores them next to the original.
 */
export async function makeVariants(
  file: string,
  { width, height, keyBase }: { width: number; height: number; keyBase: string },
): Promise<MadeVariant[]> {
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w < width);
  // A small image still gets one variant of each format, at its own width.
  if (widths.length === 0 || width <= 1600) widths.push(width);
  const sharp = await loadSharp();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "lyceum-variants-"));
  const made: MadeVariant[] = [];
  for (const w of [...new Set(widths)].sort((a, b) => a - b)) {
    const h = Math.max(1, Math.round((height * w) / width));
    for (const format of ["webp", "avif"] as const) {
      const out = path.join(dir, `w${w}.${format}`);
      const pipeline = sharp(file, { limitInputPixels: MAX_IMAGE_PIXELS })
        .rotate()
        .resize({ width: w, withoutEnlargement: true });
      const info = await (
        format === "webp"
          ? pipeline.webp({ quality: IMAGE_QUALITY })
          : // Effort 0: a quarter of effort 2's time at 1600 px for a few percent more bytes.
            pipeline.avif({ quality: IMAGE_QUALITY, effort: 0 })
      ).toFile(out);
      made.push({
        format,
        width: info.width,
        height: info.height || h,
        key: `${keyBase}/w${w}.${format}`,
        size: info.size,
        file: out,
      });
    }
  }
  return made;
}
