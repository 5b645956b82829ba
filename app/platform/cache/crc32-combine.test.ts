import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { expect, test } from "vitest";
import { crc32Combine, crc32ShiftFor } from "./crc32-combine";

test("I12 the CRC-32 of pieces combined equals zlib's over the whole", () => {
  for (const [a, b] of [
    [0, 0],
    [1, 1],
    [7, 100_000],
    [65_537, 3],
    [1234, 0],
    [0, 999],
  ] as const) {
    const first = randomBytes(a);
    const second = randomBytes(b);
    const combined = crc32Combine(zlib.crc32(first), zlib.crc32(second), crc32ShiftFor(b));
    expect(combined).toBe(zlib.crc32(Buffer.concat([first, second])));
  }
});
