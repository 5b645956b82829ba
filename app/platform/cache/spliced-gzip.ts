import zlib from "node:zlib";
import { crc32Shift, crc32ShiftFor } from "./crc32-shift";

/**
 * A page kept compressed once, with holes where each response's CSP nonce goes (decision 018).
 *
 * Deflate lets separately compressed pieces follow one another when each ends on a sync flush
 * (byte-aligned). The page's text between two nonces is compressed once, at store time, with
 * the text before it as its dictionary so that it still refers back (a page has dozens of short
 * pieces between nonces). In that dictionary the holes are filled with control bytes that HTML
 * never holds, so no reference can reach into a hole, whose bytes differ per response. A hole
 * after the first is a single reference to the hole before it (every hole gets the same nonce):
 * prepared once as well. Per response the first hole is written as a stored (uncompressed) block,
 * and the gzip trailer's CRC-32 derived from the fill's alone: CRC-32 is linear, so the page's
 * CRC with a fill is its CRC with zero-filled holes plus the fill's own CRC moved past what
 * follows each hole, and those moves, summed once at store time, are one multiplication per
 * response. No compression and no pass over the page. Any client decodes the result as an ordinary gzip
 * stream.
 */
export type SplicedGzip = {
  /** The page's text around the holes: one more than the number of holes. */
  segments: Buffer[];
  /** Each segment as raw deflate, ending on a sync flush. */
  compressed: Buffer[];
  /** CRC-32 of the text with every hole filled with zero bytes. */
  zeroFilledCrc: number;
  /** The sum of the operators that move a CRC past the text after each hole (crc32-shift.ts). */
  holeShifts: number;
  /** CRC-32 of one hole's worth of zero bytes: what any fill's CRC holds besides its own part. */
  zeroFillCrc: number;
  /** Per hole: a reference to the hole before it, or null to compress the fill itself. */
  holes: (Buffer | null)[];
  /** Uncompressed length of the segments together. */
  length: number;
  /** The length every fill must have. */
  fillLength: number;
};

const header = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** The last, empty block of a deflate stream. */
const lastBlock = zlib.deflateRawSync(Buffer.alloc(0));
/** Deflate's window: a reference reaches back at most this far. */
const WINDOW = 32 * 1024;
/** Bytes no page holds (controls other than tab, line feed and carriage return). */
const stand = [
  ...Array.from({ length: 8 }, (_, i) => i + 1),
  ...Array.from({ length: 18 }, (_, i) => i + 14),
];
const unusual = new RegExp(
  `[\\0${stand.map((b) => `\\x${b.toString(16).padStart(2, "0")}`).join("")}]`,
);

const piece = (data: Buffer, level: number, dictionary?: Buffer) =>
  zlib.deflateRawSync(data, {
    level,
    finishFlush: zlib.constants.Z_SYNC_FLUSH,
    ...(dictionary && dictionary.length > 0 ? { dictionary } : {}),
  });

const inflate = (data: Buffer, dictionary: Buffer) =>
  zlib.inflateRawSync(data, { dictionary, finishFlush: zlib.constants.Z_SYNC_FLUSH });

/** Writes deflate's bit stream: values least significant bit first, Huffman codes most first. */
function bitWriter() {
  const bytes: number[] = [];
  let current = 0;
  let used = 0;
  const bit = (value: number) => {
    current |= (value & 1) << used;
    if (++used === 8) {
      bytes.push(current);
      current = 0;
      used = 0;
    }
  };
  return {
    bits(value: number, count: number) {
      for (let i = 0; i < count; i++) bit(value >> i);
    },
    code(value: number, count: number) {
      for (let i = count - 1; i >= 0; i--) bit(value >> i);
    },
    /** An empty stored block: what a sync flush writes, ending on a byte boundary. */
    syncFlush() {
      this.bits(0, 3);
      if (used > 0) bytes.push(current);
      bytes.push(0x00, 0x00, 0xff, 0xff);
      return Buffer.from(bytes);
    },
  };
}

/** Deflate's distance code for a distance of 1 to 32,768: [code, extra bits, their value]. */
function distanceCode(distance: number): [number, number, number] {
  if (distance <= 4) return [distance - 1, 0, 0];
  for (let code = 4; code < 30; code++) {
    const extra = (code >> 1) - 1;
    const base = ((2 + (code & 1)) << extra) + 1;
    if (distance < base + (1 << extra)) return [code, extra, distance - base];
  }
  throw new RangeError(`distance ${distance}`);
}

/** Deflate's length codes 257–285: the first length each stands for and its extra bits. */
const lengthCodes = (() => {
  const table: { base: number; extra: number }[] = [];
  let base = 3;
  for (let symbol = 257; symbol < 285; symbol++) {
    const extra = symbol < 265 ? 0 : Math.floor((symbol - 261) / 4);
    table.push({ base, extra });
    base += 1 << extra;
  }
  table.push({ base: 258, extra: 0 });
  return table;
})();

/**
 * One block with fixed Huffman codes holding one reference: copy `length` (3 to 258) bytes
 * from `distance` back.
 */
function referenceBlock(length: number, distance: number): Buffer {
  const out = bitWriter();
  out.bits(0, 1); // not the last block
  out.bits(1, 2); // fixed Huffman codes
  const code = lengthCodes.findLastIndex((entry) => entry.base <= length);
  const { base, extra } = lengthCodes[code]!;
  // Codes 256–279 are 7 bits from 0; 280–287 are 8 bits from 0b11000000.
  const symbol = 257 + code;
  if (symbol <= 279) out.code(symbol - 256, 7);
  else out.code(0b11000000 + symbol - 280, 8);
  out.bits(length - base, extra);
  const [dCode, dExtra, dValue] = distanceCode(distance);
  out.code(dCode, 5);
  out.bits(dValue, dExtra);
  out.code(0, 7); // end of block
  return out.syncFlush();
}

/**
 * A reference from a hole to the hole before it, `gap` bytes of text between them; null when
 * out of deflate's reach (then the fill is compressed per response).
 */
function referenceToPreviousHole(gap: Buffer, fillLength: number): Buffer | null {
  const distance = gap.length + fillLength;
  if (distance > WINDOW || fillLength < 3 || fillLength > 258) return null;
  const reference = referenceBlock(fillLength, distance);
  // Proved on a fill: it must copy whatever the previous hole held.
  const fill = Buffer.from(stand.slice(stand.length - fillLength));
  const copied = inflate(reference, Buffer.concat([fill, gap]));
  return copied.equals(fill) ? reference : null;
}

function crcTemplate(segments: Buffer[], fillLength: number) {
  const zeros = Buffer.alloc(fillLength);
  let zeroFilledCrc = 0;
  let holeShifts = 0;
  let after = segments.reduce((total, segment) => total + segment.length, 0);
  after += fillLength * (segments.length - 1);
  segments.forEach((segment, index) => {
    if (index > 0) {
      zeroFilledCrc = zlib.crc32(zeros, zeroFilledCrc);
      after -= fillLength;
      holeShifts ^= crc32ShiftFor(after);
    }
    zeroFilledCrc = zlib.crc32(segment, zeroFilledCrc);
    after -= segment.length;
  });
  return { zeroFilledCrc, holeShifts: holeShifts >>> 0, zeroFillCrc: zlib.crc32(zeros) };
}

/** Null when the text holds a byte that would let a reference reach into a hole. */
export function prepareSplicedGzip(
  text: string,
  hole: string,
  fillLength: number,
): SplicedGzip | null {
  if (fillLength > stand.length || unusual.test(text)) return null;
  const segments = text.split(hole).map((segment) => Buffer.from(segment));
  const blank = Buffer.from(stand.slice(0, fillLength));
  let before = Buffer.alloc(0);
  const compressed = segments.map((segment, index) => {
    if (index > 0) before = Buffer.concat([before, blank]).subarray(-WINDOW);
    const result = piece(segment, 9, before);
    before = Buffer.concat([before, segment]).subarray(-WINDOW);
    return result;
  });
  const holes = segments
    .slice(1)
    .map((_, index) =>
      index === 0 ? null : referenceToPreviousHole(segments[index]!, fillLength),
    );
  return {
    segments,
    compressed,
    ...crcTemplate(segments, fillLength),
    holes,
    length: segments.reduce((total, segment) => total + segment.length, 0),
    fillLength,
  };
}

/** A stored block holding `data` (at most 65,535 bytes), after a byte-aligned block. */
function storedBlock(data: Buffer): Buffer {
  const block = Buffer.alloc(5 + data.length);
  block[0] = 0x00; // not the last block; stored; the rest of the byte is padding
  block.writeUInt16LE(data.length, 1);
  block.writeUInt16LE(~data.length & 0xffff, 3);
  data.copy(block, 5);
  return block;
}

export function splicedGzip(prepared: SplicedGzip, fill: string): Buffer {
  const filler = Buffer.from(fill);
  if (filler.length !== prepared.fillLength) {
    throw new Error(`a fill of ${filler.length} bytes for holes of ${prepared.fillLength}`);
  }
  let literal: Buffer | undefined;
  const parts: Buffer[] = [header];
  prepared.segments.forEach((_, index) => {
    if (index > 0) parts.push(prepared.holes[index - 1] ?? (literal ??= storedBlock(filler)));
    parts.push(prepared.compressed[index]!);
  });
  // The fill's linear part: its CRC less what any bytes of its length contribute (zeros' CRC).
  const fillTerm = zlib.crc32(filler) ^ prepared.zeroFillCrc;
  const crc = prepared.zeroFilledCrc ^ crc32Shift(fillTerm >>> 0, prepared.holeShifts);
  const size = prepared.length + filler.length * (prepared.segments.length - 1);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  parts.push(lastBlock, trailer);
  return Buffer.concat(parts);
}
