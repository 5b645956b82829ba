import { describe, expect, test } from "vitest";
import {
  badCharacter,
  checkFormData,
  checkJsonBody,
  checkJsonDocument,
  checkPath,
  checkUrlEncoded,
  MAX_JSON_DEPTH,
} from "./input-check";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("A11 the input rule", () => {
  test("A11 NUL and lone surrogates are faults; other text, emoji and RTL are not", () => {
    expect(badCharacter("a\u0000b")).toBe("nul");
    expect(badCharacter("x\ud800")).toBe("encoding");
    expect(badCharacter("\udc00x")).toBe("encoding");
    expect(badCharacter("Ünïcødé 🎓 مرحبا")).toBeNull();
  });

  test("A11 a JSON body must be an object of clean text, at any depth and in keys", () => {
    for (const body of ["null", "false", "0", '"text"', "[]", "[1,2]"])
      expect(checkJsonBody(bytes(body))?.kind).toBe("notObject");
    expect(checkJsonBody(bytes("{"))?.kind).toBe("syntax");
    expect(checkJsonBody(new Uint8Array([0x7b, 0xff, 0x7d]))?.kind).toBe("encoding");
    expect(checkJsonBody(bytes('{"a":{"b":["ok","\\u0000"]}}'))).toEqual({
      kind: "nul",
      where: "body.a.b.1",
    });
    expect(checkJsonBody(bytes('{"\\ud800":1}'))?.kind).toBe("encoding");
    expect(checkJsonBody(bytes('{"name":"Ada","tags":["x"],"n":1,"ok":true}'))).toBeNull();
  });

  test("A11 a JSON body nested past the limit is refused before anything walks it", () => {
    const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
    expect(checkJsonBody(bytes(nested(MAX_JSON_DEPTH)))).toBeNull();
    expect(checkJsonBody(bytes(nested(MAX_JSON_DEPTH + 1)))).toEqual({
      kind: "depth",
      where: "body",
    });
    const arrays = `{"a":${"[".repeat(10_000)}${"]".repeat(10_000)}}`;
    expect(checkJsonBody(bytes(arrays))?.kind).toBe("depth");
  });

  test("M5 a relay's JSON document may be an array (a batch of events), checked as strictly", () => {
    expect(checkJsonDocument(bytes('[{"event":"bounce"},{"event":"open"}]'))).toBeNull();
    expect(checkJsonDocument(bytes('{"event":"bounce"}'))).toBeNull();
    expect(checkJsonDocument(bytes('[{"event":"\\u0000"}]'))?.kind).toBe("nul");
    expect(checkJsonDocument(bytes('["\\udc00"]'))?.kind).toBe("encoding");
    expect(checkJsonDocument(bytes("["))).toEqual({ kind: "syntax", where: "body" });
    expect(checkJsonDocument(new Uint8Array([0x5b, 0xff, 0x5d]))?.kind).toBe("encoding");
    expect(checkJsonDocument(bytes("[".repeat(10_000) + "]".repeat(10_000)))?.kind).toBe("depth");
  });

  test("A11 query strings and forms decode strictly", () => {
    expect(checkUrlEncoded("q=%00", "query")?.kind).toBe("nul");
    expect(checkUrlEncoded("q=%FF", "query")?.kind).toBe("encoding");
    expect(checkUrlEncoded("q=%E0%A4", "query")?.kind).toBe("encoding");
    expect(checkUrlEncoded("q=%", "query")?.kind).toBe("encoding");
    expect(checkUrlEncoded("q=caf%C3%A9+au+lait&type=all", "query")).toBeNull();
    expect(checkPath("/blog/%00")?.kind).toBe("nul");
    expect(checkPath("/blog/%C3%A9t%C3%A9")).toBeNull();
  });

  test("A11 multipart text fields are checked, files are left to their handler", () => {
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array([0, 0, 0])]), "a.png");
    form.set("name", "ok");
    expect(checkFormData(form)).toBeNull();
    form.set("name", "bad\u0000");
    expect(checkFormData(form)?.kind).toBe("nul");
  });
});
