import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import {
  domainPattern,
  emailPattern,
  sitePathPattern,
  urlPattern,
  urlQueryInText,
} from "./patterns";

const accepts = (pattern: RegExp, values: string[]) =>
  expect(values.filter((value) => !pattern.test(value))).toEqual([]);
const refuses = (pattern: RegExp, values: string[]) =>
  expect(values.filter((value) => pattern.test(value))).toEqual([]);

describe("V1 shared input patterns", () => {
  test("V1 e-mail: a TLD of two letters or more is accepted, one letter or digits refused", () => {
    accepts(emailPattern, [
      "ana@example.co",
      "ana@example.com",
      "Ana.Lopez+course@mail.example.museum",
      "x@sub.domain.io",
    ]);
    refuses(emailPattern, [
      "ana@example.c",
      "ana@example.c0",
      "ana@example.123",
      "ana@example",
      "ana.example.com",
      "ana@@example.com",
      "ana @example.com",
      "ana@exa mple.com",
      "@example.com",
      "ana@.",
      "",
    ]);
  });

  test("V1 domain: two labels or more, a letters-only TLD of 2 to 63, no label edged with a hyphen", () => {
    accepts(domainPattern, [
      "example.com",
      "my-school.example.org",
      "a.io",
      "xn--bcher-kva.example",
      `${"a".repeat(63)}.com`,
      "EXAMPLE.COM",
    ]);
    refuses(domainPattern, [
      "example.c",
      "example.c0m",
      "localhost",
      "-example.com",
      "example-.com",
      "exa mple.com",
      "example..com",
      ".example.com",
      "example.com.",
      `${"a".repeat(64)}.com`,
      `${"a.".repeat(126)}com`,
      "https://example.com",
      "",
    ]);
  });

  test("V1 URL: http and https with a host, nothing else", () => {
    accepts(urlPattern, [
      "https://example.com",
      "http://example.com/path?q=1#top",
      "HTTPS://Example.com/a",
      "https://127.0.0.1:8080/x",
    ]);
    refuses(urlPattern, [
      "ftp://example.com",
      "javascript:alert(1)",
      "//example.com",
      "https://",
      "https:///path",
      "https://.example.com",
      "https://exa mple.com",
      "example.com",
      "",
    ]);
  });

  test("V1 site path: one leading slash, never a protocol-relative address", () => {
    accepts(sitePathPattern, ["/", "/files/a/b.png", "/media/x?y=1"]);
    refuses(sitePathPattern, ["//evil.test/x", "/\\evil.test", "files/a.png", "/a b", ""]);
  });

  test("V1 an address's query string and fragment are found inside a text, the address kept", () => {
    const strip = (text: string) => text.replace(urlQueryInText, "$1");
    expect(strip("at f (https://a.test/app.js?token=x#y:1:2)\nat http://b.test/?q")).toBe(
      "at f (https://a.test/app.js)\nat http://b.test/",
    );
    expect(strip("https://a.test/plain and /path?x=1")).toBe("https://a.test/plain and /path?x=1");
  });

  test("V1 the patterns live in app/platform/patterns.ts only: no copy elsewhere in the code", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const copies = [
      // The e-mail, domain and URL rules, as they were copied before (a TLD class, an @ rule, a scheme).
      /\[a-z\]\{2,\d*\}\$/,
      /\[\^@\\s\]\+@|\[\^\\s@\]\+@/,
      /https\?:\\\/\\\/\[\^\\s/,
      /\bz\.email\(|\.email\(\)/,
    ];
    const found: string[] = [];
    for (const dir of ["app", "server"]) {
      const files = fs.readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" });
      for (const file of files) {
        if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
        const relative = `${dir}/${file}`;
        if (relative === "app/platform/patterns.ts") continue;
        const text = fs.readFileSync(path.join(root, relative), "utf8");
        for (const copy of copies) if (copy.test(text)) found.push(`${relative}: ${copy}`);
      }
    }
    expect(found).toEqual([]);
  });
});
