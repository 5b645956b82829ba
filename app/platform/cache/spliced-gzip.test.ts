import zlib from "node:zlib";
import { describe, expect, test } from "vitest";
import { prepareSplicedGzip, splicedGzip } from "./spliced-gzip";

const hole = "HOLE-7f3a";

describe("I12 a page compressed once with holes for the nonce", () => {
  test("I12 decompresses to the text with each hole filled, with any number of holes", () => {
    const cases = [
      "no hole at all",
      `${hole}`,
      `<script nonce="${hole}">a</script>`,
      `start ${hole} middle ${hole}${hole} end ${hole}`,
      // Long and repetitive, so pieces use back-references within themselves.
      `${"<link rel=modulepreload href=/assets/x.js>".repeat(500)} nonce="${hole}" ${"é—漢字 ".repeat(3000)}${hole}`,
    ];
    for (const text of cases) {
      const prepared = prepareSplicedGzip(text, hole, 24)!;
      // Fills that repeat the text around the holes, as a nonce may by chance.
      for (const fill of [
        "AbC+/9==AbC+/9==AbC+/9==",
        "<link rel=modulepreload ",
        "é—漢字 é—漢字 ",
      ]) {
        const gz = splicedGzip(prepared, fill);
        // gunzipSync checks the CRC-32 and length of the trailer too.
        expect(zlib.gunzipSync(gz).toString()).toBe(text.replaceAll(hole, fill));
      }
    }
  });

  test("I12 a text with a NUL byte is not prepared; a fill of another length is refused", () => {
    expect(prepareSplicedGzip(`a\0b${hole}`, hole, 24)).toBeNull();
    const prepared = prepareSplicedGzip(`a${hole}b`, hole, 24)!;
    expect(() => splicedGzip(prepared, "short")).toThrow();
  });

  test("I12 costs at most 20 bytes per hole more than compressing the whole page each time", () => {
    const text = `<html>${`<p class="card">A paragraph of a post, repeated.</p><script nonce="${hole}"></script>`.repeat(40)}${"x".repeat(20_000)}</html>`;
    const spliced = splicedGzip(prepareSplicedGzip(text, hole, 24)!, "n0nce-n0nce-n0nce-n0nce=");
    const whole = zlib.gzipSync(text.replaceAll(hole, "n0nce-n0nce-n0nce-n0nce="), { level: 9 });
    // 40 holes 75 bytes apart: the worst case, a page of modulepreload links.
    expect(spliced.length).toBeLessThan(whole.length + 20 * 40);
    expect(spliced.length).toBeLessThan(text.length / 4);
  });
});
