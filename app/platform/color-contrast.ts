export type Rgba = { r: number; g: number; b: number; a: number };

/**
 * The one reading of a colour: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` or `rgb()/rgba()` (commas or
 * spaces, alpha after `,` or `/`, a number or a percentage). Channels are checked here; the alpha
 * is read as written (NaN when unreadable) and each caller decides what it needs of it.
 */
function readColor(value: string): Rgba | null {
  const text = value.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(text);
  if (hex) {
    const digits = hex[1]!;
    const short = digits.length <= 4;
    const channel = (i: number) =>
      short ? parseInt(digits[i]! + digits[i]!, 16) : parseInt(digits.slice(i * 2, i * 2 + 2), 16);
    const hasAlpha = digits.length === 4 || digits.length === 8;
    return { r: channel(0), g: channel(1), b: channel(2), a: hasAlpha ? channel(3) / 255 : 1 };
  }
  const rgb =
    /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})\s*(?:[,/]\s*([\d.]+%?)\s*)?\)$/.exec(text);
  if (rgb) {
    const [r, g, b] = [rgb[1], rgb[2], rgb[3]].map(Number) as [number, number, number];
    if (r > 255 || g > 255 || b > 255) return null;
    const alpha = rgb[4];
    const a =
      alpha === undefined
        ? 1
        : alpha.endsWith("%")
          ? Number(alpha.slice(0, -1)) / 100
          : Number(alpha);
    return { r, g, b, a };
  }
  return null;
}

/** Parses `#rgb`, `#rrggbb` (alpha ignored) or `rgb()/rgba()`; null for anything else. */
export function parseColor(value: string): [number, number, number] | null {
  const color = readColor(value);
  return color ? [color.r, color.g, color.b] : null;
}

/**
 * Spec §8: an rgba string read as `{ r, g, b, a }` (channels 0 to 255, alpha 0 to 1, 1 when not
 * written); anything else throws an Error naming the text. Takes what {@link parseColor} takes.
 */
export function parseRgba(text: string): Rgba {
  const color = typeof text === "string" ? readColor(text) : null;
  if (!color || !Number.isFinite(color.a) || color.a < 0 || color.a > 1) {
    throw new Error(`Invalid rgba colour: ${JSON.stringify(String(text).slice(0, 60))}`);
  }
  return color;
}

/** WCAG relative luminance of an sRGB colour. */
export function luminance([r, g, b]: [number, number, number]): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio between two colours (1 to 21). */
export function contrastRatio(a: [number, number, number], b: [number, number, number]): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const toHex = (rgb: [number, number, number]) =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;

/**
 * The colour, darkened towards black only as much as needed to reach `ratio` against
 * `background` (both hex or rgb). Used to keep theme colours readable as text.
 */
export function darkenToContrast(color: string, background: string, ratio = 4.5): string {
  const rgb = parseColor(color);
  const bg = parseColor(background);
  if (!rgb || !bg) return color;
  for (let keep = 1; keep >= 0; keep -= 0.02) {
    const candidate = rgb.map((c) => c * keep) as [number, number, number];
    if (contrastRatio(candidate, bg) >= ratio) return toHex(candidate);
  }
  return "#000000";
}

/**
 * Black or white, whichever reads better on the owner's banner colour (WCAG contrast); one of the
 * two always reaches 4.5:1. Colours we cannot parse get white, the usual choice for banners.
 */
export function readableTextColor(background: string): "#000000" | "#ffffff" {
  const rgb = parseColor(background);
  if (!rgb) return "#ffffff";
  const l = luminance(rgb);
  const onWhite = 1.05 / (l + 0.05);
  const onBlack = (l + 0.05) / 0.05;
  return onBlack > onWhite ? "#000000" : "#ffffff";
}
