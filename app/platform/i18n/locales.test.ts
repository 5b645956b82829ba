import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { languageCodes, textDirection } from "./languages";

const localesDir = path.resolve(import.meta.dirname, "../../locales");
const read = (lang: string) =>
  JSON.parse(fs.readFileSync(path.join(localesDir, `${lang}.json`), "utf8"));

function flatten(node: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(name, value);
    else for (const [k, v] of flatten(value, name)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const english = flatten(read("en"));

describe("V4 translations", () => {
  test("there is a locale file for each of the 20 languages and no other", () => {
    const files = fs
      .readdirSync(localesDir)
      .map((f) => f.replace(/\.json$/, ""))
      .sort();
    expect(files).toEqual([...languageCodes].sort());
  });

  test.each(languageCodes.filter((lang) => lang !== "en"))(
    "V4 %s has every English key, no extra key, the same placeholders and no empty text",
    (lang) => {
      const messages = flatten(read(lang));
      expect([...messages.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of english) {
        expect(placeholders(messages.get(key)!), `${lang} ${key}`).toEqual(placeholders(text));
        expect(messages.get(key)!.trim(), `${lang} ${key}`).not.toBe("");
      }
    },
  );

  test("V4 Arabic is right-to-left, the others left-to-right", () => {
    expect(textDirection("ar")).toBe("rtl");
    expect(languageCodes.filter((lang) => textDirection(lang) === "rtl")).toEqual(["ar"]);
  });
});
