// Lines of text in a PDF (pdfkit) in any script: wrapped by words, laid out in visual order by the
// Unicode bidirectional algorithm (bidi-js), each word shaped by pdfkit's font engine. Drawn as
// one string, a line of Arabic came out with its spaces lost and, read back, its words in the
// wrong order; Latin inside it (an address) stood on the wrong side. Readers (poppler, pdf.js)
// put right-to-left words back in the order they were written from their places on the line;
// marking the line with its logical text (/ActualText) made poppler reverse that text again.
import bidiFactory from "bidi-js";

/** What this needs of a pdfkit document (its font and size already chosen). */
export type PdfTextDoc = {
  /** Where the next line goes: left below the lines drawn, as pdfkit's own text() leaves it. */
  y: number;
  widthOfString(text: string): number;
  currentLineHeight(includeGap?: boolean): number;
  text(text: string, x: number, y: number, options: Record<string, unknown>): unknown;
};

const bidi = bidiFactory();
const rightToLeft = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;

/** Whether a text needs the bidirectional layout (Hebrew, Arabic, Syriac, Thaana, N'Ko…). */
export const hasRightToLeft = (text: string) => rightToLeft.test(text);

/** A line's pieces in the order they are drawn, left to right: words and the spaces between. */
export function visualPieces(line: string): { text: string; space: boolean }[] {
  const levels = bidi.getEmbeddingLevels(line);
  const order = Array.from(line, (_, index) => index);
  // Each flip reverses a range of the order, in turn (UAX #9, rule L2).
  for (const [start, end] of bidi.getReorderSegments(line, levels) as [number, number][]) {
    const reversed = order.slice(start, end + 1).reverse();
    order.splice(start, reversed.length, ...reversed);
  }
  const pieces: { text: string; space: boolean }[] = [];
  let run: number[] = [];
  const flush = () => {
    if (run.length === 0) return;
    // A word's characters in the order they were written: the font engine shapes and places
    // right-to-left letters itself.
    const first = Math.min(...run);
    pieces.push({ text: line.slice(first, Math.max(...run) + 1), space: false });
    run = [];
  };
  for (const index of order) {
    const char = line[index]!;
    if (/\s/.test(char)) {
      flush();
      pieces.push({ text: " ", space: true });
      continue;
    }
    const last = run.at(-1);
    // A word continues while the next character is its logical neighbour at the same level.
    if (
      last !== undefined &&
      (Math.abs(index - last) !== 1 || levels.levels[index] !== levels.levels[last])
    )
      flush();
    run.push(index);
  }
  flush();
  return pieces;
}

/** Words of `text` wrapped to `width` at the document's current font and size. */
function wrap(doc: PdfTextDoc, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && doc.widthOfString(next) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Draws `text` in the box from `x`, `width` wide, starting at `y`, wrapped by words, each line
 * in visual order and aligned in the box. Returns the y below it (and leaves the document there).
 */
export function drawLines(
  doc: PdfTextDoc,
  text: string,
  {
    x,
    y,
    width,
    align = "center",
    link,
  }: { x: number; y: number; width: number; align?: "left" | "center" | "right"; link?: string },
): number {
  let top = y;
  for (const line of wrap(doc, text, width)) {
    const pieces = visualPieces(line);
    const widths = pieces.map((piece) => doc.widthOfString(piece.text));
    const free = width - widths.reduce((sum, w) => sum + w, 0);
    let left = x + (align === "left" ? 0 : align === "right" ? free : free / 2);
    pieces.forEach((piece, index) => {
      if (!piece.space)
        doc.text(piece.text, left, top, { lineBreak: false, ...(link ? { link } : {}) });
      left += widths[index]!;
    });
    top += doc.currentLineHeight(true);
  }
  doc.y = top;
  return top;
}
