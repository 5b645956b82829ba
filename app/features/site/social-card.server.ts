import sharp from "sharp";
import { createTtlCache } from "~/platform/ttl-cache";
import { SOCIAL_CARD_SIZE } from "./seo";

/**
 * Drawn cards, per site, page and title: their addresses come from visitors, so the cache is
 * bounded in entries and bytes (a card is ~30–60 kB); an hour, then drawn again.
 */
const drawn = createTtlCache<Buffer>({
  ttlMs: 60 * 60 * 1000,
  max: 500,
  weigh: (png) => png.length,
  maxWeight: 24 * 1024 * 1024,
});

/** How full the cache of drawn cards is, against its bounds. */
export const socialCardCacheStats = () => drawn.stats();

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** East Asian wide characters take about two Latin letters' room. */
const wide =
  /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;
const widthOf = (text: string) => [...text].reduce((sum, c) => sum + (wide.test(c) ? 2 : 1), 0);

/** Cuts a word wider than a line into pieces a line wide (scripts without spaces break anywhere). */
function pieces(word: string, width: number): string[] {
  const out = [""];
  for (const c of word) {
    if (widthOf(out.at(-1)! + c) > width) out.push("");
    out[out.length - 1] += c;
  }
  return out;
}

/** Words on lines about `width` letters wide, at most `most` lines (the last cut with "…"). */
function lines(text: string, width: number, most: number): string[] {
  const words = text
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((word) => pieces(word, width));
  const out: string[] = [];
  for (const word of words) {
    const last = out.at(-1);
    if (last !== undefined && widthOf(`${last} ${word}`) <= width)
      out[out.length - 1] = `${last} ${word}`;
    else out.push(word);
  }
  if (out.length <= most) return out;
  const kept = out.slice(0, most);
  kept[most - 1] = `${[...kept[most - 1]!].slice(0, -1).join("")}…`;
  return kept;
}

/** The SVG of a card: the title large on the site's colour, the site's name above it. */
export function socialCardSvg({
  title,
  siteName,
  colour,
  dir,
}: {
  title: string;
  siteName: string;
  colour: string;
  dir: "ltr" | "rtl";
}): string {
  const { width, height } = SOCIAL_CARD_SIZE;
  const margin = 80;
  const x = dir === "rtl" ? width - margin : margin;
  // Start is the reading start: the right edge for right-to-left text (librsvg, as SVG says).
  const anchor = "start";
  const titleLines = lines(title, 26, 3);
  const lineHeight = 84;
  const top = height / 2 - ((titleLines.length - 1) * lineHeight) / 2 + 20;
  const text = titleLines
    .map(
      (line, index) =>
        `<text x="${x}" y="${top + index * lineHeight}" font-size="68" font-weight="700" fill="#ffffff" text-anchor="${anchor}" direction="${dir}">${escapeXml(line)}</text>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#111827"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<g font-family="DejaVu Sans, WenQuanYi Micro Hei, sans-serif">
<text x="${x}" y="${margin + 20}" font-size="36" fill="#ffffff" fill-opacity="0.85" text-anchor="${anchor}" direction="${dir}">${escapeXml(lines(siteName, 48, 1)[0] ?? "")}</text>
${text}
</g>
<rect x="0" y="${height - 16}" width="${width}" height="16" fill="#ffffff" fill-opacity="0.35"/>
</svg>`;
}

/** A page's card as PNG, drawn once per site, page and title while the cache keeps it. */
export async function socialCardPng(
  key: string,
  card: Parameters<typeof socialCardSvg>[0],
): Promise<Buffer> {
  const cacheKey = `${key}\n${card.title}\n${card.siteName}\n${card.colour}`;
  const cached = drawn.get(cacheKey);
  if (cached) return cached;
  const png = await sharp(Buffer.from(socialCardSvg(card)))
    .png({ compressionLevel: 9 })
    .toBuffer();
  drawn.set(cacheKey, png);
  return png;
}
