import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { countryNames, countryOptions } from "./countries";
import { languageCodes } from "./i18n/languages";

describe("V6 countries", () => {
  test.each(languageCodes)(
    "V6 %s: every country once, a two-letter code and a name, sorted in that language",
    async (lang) => {
      const options = await countryOptions(lang);
      expect(options.length).toBeGreaterThanOrEqual(249);
      expect(new Set(options.map((option) => option.code)).size).toBe(options.length);
      for (const { code, name } of options) {
        expect(code).toMatch(/^[A-Z]{2}$/);
        expect(name.trim()).not.toBe("");
      }
      const collator = new Intl.Collator(lang);
      const names = options.map((option) => option.name);
      expect(names).toEqual([...names].sort(collator.compare));
      // The same countries in every language.
      const english = await countryOptions("en");
      expect(options.map((o) => o.code).sort()).toEqual(english.map((o) => o.code).sort());
    },
  );

  test("V6 names are in the reader's language", async () => {
    const name = async (lang: string, code: string) => (await countryNames(lang)).get(code);
    expect(await name("en", "DE")).toBe("Germany");
    expect(await name("de", "DE")).toBe("Deutschland");
    expect(await name("fr", "DE")).toBe("Allemagne");
    expect(await name("es", "JP")).toBe("Japón");
    expect(await name("ja", "JP")).toBe("日本");
    expect(await name("ar", "EG")).toBe("مصر");
    expect(await name("en", "XX")).toBeUndefined();
    expect((await countryOptions("en"))[0]).toEqual({ code: "AF", name: "Afghanistan" });
  });

  test("V6 a language the spec does not list reads English; the list is built once per language", async () => {
    expect(await countryOptions("xx")).toBe(await countryOptions("en"));
    expect(await countryOptions("de")).toBe(await countryOptions("de"));
  });

  test("V6 the package is only ever loaded on demand (no static import to weigh on a page)", () => {
    const source = fs.readFileSync(path.join(import.meta.dirname, "countries.ts"), "utf8");
    const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
    const mentions = [
      ...code.matchAll(/(import\s*\(\s*|typeof import\(\s*)?"i18n-iso-countries[^"]*"/g),
    ];
    expect(mentions.length).toBeGreaterThan(20);
    expect(mentions.filter((match) => !match[1])).toEqual([]);
    expect(code).not.toMatch(/^\s*import\s[^(]*i18n-iso-countries/m);
    // The Node entry (all ~80 languages) is never the one imported.
    expect(code).not.toMatch(/import\("i18n-iso-countries"\)/);
  });
});
