import { describe, expect, test } from "vitest";
import { cleanFileName } from "./file-name";

describe("I31-7 file names", () => {
  test("I31-7 an Arabic and accented name is kept as written, in NFC", () => {
    expect(cleanFileName("résumé-تقرير.png")).toBe("résumé-تقرير.png");
    // "e" + combining acute (as macOS sends it) becomes the one-character "é".
    expect(cleanFileName("re\u0301sume\u0301.png")).toBe("résumé.png");
  });

  test("I31-7 bidi controls, marks and other invisible characters are stripped; ZWNJ stays", () => {
    expect(cleanFileName("invoice\u202Efdp.exe")).toBe("invoicefdp.exe");
    for (const mark of ["\u202A", "\u202B", "\u202C", "\u202D", "\u2066", "\u2067", "\u2068"])
      expect(cleanFileName(`a${mark}b\u2069.png`)).toBe("ab.png");
    expect(cleanFileName("a\u200Eb\u200F\u061Cc.txt")).toBe("abc.txt");
    expect(cleanFileName("a\u0000b\u0007\u009F\u2028\uFEFF\u00AD.txt")).toBe("ab.txt");
    expect(cleanFileName("می\u200Cخواهم.pdf")).toBe("می\u200Cخواهم.pdf");
  });

  test("I31-7 paths, dots and long names", () => {
    expect(cleanFileName("C:\\Users\\me\\essay.pdf")).toBe("essay.pdf");
    expect(cleanFileName("../../etc/passwd")).toBe("passwd");
    expect(cleanFileName("..")).toBe("file");
    expect(cleanFileName("  \u202E ")).toBe("file");
    const long = cleanFileName(`${"😀".repeat(300)}.png`);
    expect(Array.from(long)).toHaveLength(200);
    expect(long.endsWith("😀.png")).toBe(true);
  });
});
