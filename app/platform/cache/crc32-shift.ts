// Moving a CRC-32 past bytes without reading them, as zlib's crc32_combine_gen/_op do: the
// CRC of A+B is (CRC(A) moved past B's length) xor CRC(B). The move is a multiplication modulo
// the CRC polynomial by x^(8·length), computed once per length, then 32 steps per use. Node's
// zlib offers crc32 but not this.

const POLY = 0xedb88320;

/** a·b modulo the polynomial, both reflected as CRC-32 holds them. */
function multiplyModP(a: number, b: number): number {
  let product = 0;
  // Stops once no bit of `a` is left to multiply by (at once for a = 0).
  for (let m = 0x80000000; m !== 0 && (a & (m | (m - 1))) !== 0; m >>>= 1) {
    if (a & m) product ^= b;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0…31. */
const powersOfX = (() => {
  const table: number[] = [];
  let p = 0x40000000; // x^1
  table.push(p);
  for (let k = 1; k < 32; k++) table.push((p = multiplyModP(p, p)));
  return table;
})();

/** The operator that shifts a CRC past `length` bytes: x^(8·length) modulo the polynomial. */
export function crc32ShiftFor(length: number): number {
  let p = 0x80000000; // x^0
  let k = 3; // 8 = 2^3 bits per byte
  for (let n = length; n > 0; n = Math.floor(n / 2), k++) {
    if (n & 1) p = multiplyModP(powersOfX[k & 31]!, p);
  }
  return p;
}

/** A CRC-32 state moved past the bytes a shift operator stands for (or a sum of such). */
export function crc32Shift(crc: number, shift: number): number {
  return multiplyModP(shift, crc);
}
