import { describe, expect, test } from "vitest";
import { samples } from "../../../tests/support/media-samples";
import { cleanFileName } from "~/platform/storage/file-name";
import { ticketFileType } from "./ticket-files.server";

describe("M7 tickets: an attachment's type is decided by its bytes", () => {
  test("M7 pictures, PDF, zip and plain text are taken under their own names", async () => {
    expect(await ticketFileType(await samples.png(4, 4), "screen.png")).toBe("image/png");
    expect(await ticketFileType(await samples.jpeg(), "photo.JPG")).toBe("image/jpeg");
    expect(await ticketFileType(await samples.webp(), "pic.webp")).toBe("image/webp");
    expect(await ticketFileType(samples.pdf(), "invoice.pdf")).toBe("application/pdf");
    const zip = Buffer.from("504b0506000000000000000000000000000000000000", "hex");
    expect(await ticketFileType(zip, "logs.zip")).toBe("application/zip");
    expect(await ticketFileType(Buffer.from("line 1\nline 2"), "notes.txt")).toBe("text/plain");
    expect(await ticketFileType(Buffer.from("a,b\n1,2"), "data.csv")).toBe("text/plain");
    expect(await ticketFileType(Buffer.from("no extension"), "README")).toBe("text/plain");
  });

  test("M7 programs, markup, a name that lies and empty files are refused", async () => {
    const exe = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(64, 0)]);
    expect(await ticketFileType(exe, "tool.exe")).toBeNull();
    expect(await ticketFileType(exe, "photo.png")).toBeNull();
    expect(await ticketFileType(await samples.png(4, 4), "report.pdf")).toBeNull();
    expect(await ticketFileType(Buffer.from("<svg><script/></svg>"), "logo.svg")).toBeNull();
    expect(await ticketFileType(Buffer.from("<html></html>"), "page.html")).toBeNull();
    expect(await ticketFileType(Buffer.from("text"), "fake.pdf")).toBeNull();
    expect(await ticketFileType(Buffer.from([0xff, 0xfe, 0x00, 0x01]), "bytes.txt")).toBeNull();
    expect(await ticketFileType(Buffer.alloc(0), "empty.txt")).toBeNull();
  });

  test("M7 a file's name keeps no path and no control characters", () => {
    expect(cleanFileName("../../etc/passwd")).toBe("passwd");
    expect(cleanFileName("C:\\Users\\me\\shot.png")).toBe("shot.png");
    expect(cleanFileName("a\u0000b\u202e.png")).toBe("ab.png");
    expect(cleanFileName("   ")).toBe("file");
  });
});
