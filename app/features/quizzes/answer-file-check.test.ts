import { describe, expect, test } from "vitest";
import { samples } from "../../../tests/support/media-samples";
import { cleanFileName } from "~/platform/storage/file-name";
import { answerFileType } from "./answer-file-check.server";

const mimeOf = async (bytes: Buffer, name: string, accept?: string) =>
  (await answerFileType(bytes, name, accept))?.mime ?? null;

describe("M1 quiz file answer: a file's type is decided by its bytes (issue 15 scope 2)", () => {
  test("M1 quiz file answer: the safe allow-list takes PDFs, images and text, and no program", async () => {
    expect(await mimeOf(samples.pdf(), "work.pdf")).toBe("application/pdf");
    expect(await mimeOf(await samples.png(20, 20), "scan.PNG")).toBe("image/png");
    expect(await mimeOf(await samples.jpeg(), "photo.jpeg")).toBe("image/jpeg");
    expect(await mimeOf(Buffer.from("Notes\n"), "notes.md")).toBe("text/plain");
    expect(await mimeOf(Buffer.from("Notes\n"), "notes")).toBe("text/plain");
    expect(await mimeOf(samples.exe(), "setup.exe")).toBeNull();
    expect(await mimeOf(samples.exe(), "work.pdf")).toBeNull();
    expect(await mimeOf(await samples.png(20, 20), "work.pdf")).toBeNull();
    expect(await mimeOf(Buffer.from("Just some text"), "work.pdf")).toBeNull();
    expect(await mimeOf(Buffer.from("<html><script>x</script>"), "page.html")).toBeNull();
    expect(await mimeOf(Buffer.from([0x61, 0x00, 0x62]), "notes.txt")).toBeNull();
    expect(await mimeOf(Buffer.from([0xff, 0xfe, 0xfd]), "notes.txt")).toBeNull();
    expect(await mimeOf(Buffer.alloc(0), "empty.txt")).toBeNull();
  });

  test("M1 quiz file answer: a question's accept list narrows the allow-list, never widens it", async () => {
    const png = await samples.png(20, 20);
    expect(await mimeOf(samples.pdf(), "a.pdf", ".pdf")).toBe("application/pdf");
    expect(await mimeOf(samples.pdf(), "a.pdf", "application/pdf, .docx")).toBe("application/pdf");
    expect(await mimeOf(png, "a.png", ".pdf")).toBeNull();
    expect(await mimeOf(png, "a.png", "image/*")).toBe("image/png");
    expect(await mimeOf(samples.pdf(), "a.pdf", "image/*")).toBeNull();
    expect(await mimeOf(Buffer.from("print(1)\n"), "main.py")).toBeNull();
    expect(await mimeOf(Buffer.from("print(1)\n"), "main.py", ".py")).toBe("text/plain");
    expect(await mimeOf(samples.exe(), "setup.exe", ".exe")).toBeNull();
  });

  test("M1 quiz file answer: a file's name keeps no path, control or direction characters", () => {
    expect(cleanFileName("C:\\Users\\me\\essay.pdf")).toBe("essay.pdf");
    expect(cleanFileName("../../etc/passwd")).toBe("passwd");
    expect(cleanFileName("invoice\u202Efdp.exe")).toBe("invoicefdp.exe");
    expect(cleanFileName("a\u0000b.txt")).toBe("ab.txt");
    expect(cleanFileName("  ")).toBe("file");
  });
});
