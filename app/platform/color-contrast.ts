/** Parses `#rgb`, `#rrggbb` (alpha ignored) or `rgb()/rgba()`; null for anything else. */
export function parseColor(value: string): [number, number, number] | null {
  const text = value.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(text);
  if (hex) {
    const digits = hex[1]!;
    const short = digits.length <= 4;
    const channel = (i: number) =>
      short ? parseInt(digits[i]! + digits[i]!, 16) : parseInt(digits.slice(i * 2, i * 2 + 2), 16);
    return [channel(0), channel(1), channel(2)];
  }
  const rgb =
    /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})\s*(?:[,/]\s*[\d.]+%?\s*)?\)$/.exec(text);
  if (rgb) {
    const channels = [rgb[1], rgb[2], rgb[3]].map(Number) as [number, number, number];
    return channels.every((c) => c <= 255) ? channels : null;
  }
  return null;
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
