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

function luminance([r, g, b]: [number, number, number]): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
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
