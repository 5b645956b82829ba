import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { expect, test } from "vitest";
import { crc32Shift, crc32ShiftFor } from "./crc32-shift";

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
    const combined = (crc32Shift(zlib.crc32(first), crc32ShiftFor(b)) ^ zlib.crc32(second)) >>> 0;
    expect(combined).toBe(zlib.crc32(Buffer.concat([first, second])));
  }
});

test("I12 moving a CRC by the sum of two shifts is the xor of moving it by each (linearity)", () => {
  const crc = zlib.crc32(randomBytes(40));
  const [a, b] = [crc32ShiftFor(100), crc32ShiftFor(3_000)];
  expect(crc32Shift(crc, (a ^ b) >>> 0)).toBe((crc32Shift(crc, a) ^ crc32Shift(crc, b)) >>> 0);
  expect(crc32Shift(crc, 0)).toBe(0);
});
