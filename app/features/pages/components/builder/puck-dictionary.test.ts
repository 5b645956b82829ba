import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { createI18n } from "~/platform/i18n/i18n";
import { languageCodes } from "~/platform/i18n/languages";
import { puckDictionary } from "./puck-dictionary";

const catalogue = (lang: string) =>
  JSON.parse(
    fs.readFileSync(path.join(import.meta.dirname, `../../../../locales/${lang}.json`), "utf8"),
  );

test("M3 Puck's own words come in the editor's language, with Puck's own placeholders kept", () => {
  const english = puckDictionary(createI18n({ lang: "en", messages: catalogue("en") }).t);
  expect(english["drawer-category-collapse"]).toBe("Collapse {title}");
  expect(english["canvas-noconfig"]).toBe("Unknown block: {type}");
  for (const lang of languageCodes.filter((code) => code !== "en")) {
    const words = puckDictionary(createI18n({ lang, messages: catalogue(lang) }).t);
    for (const [key, text] of Object.entries(words)) {
      expect(text, `${lang} ${key}`).toBeTruthy();
      expect(text, `${lang} ${key}`).not.toMatch(/pages\.puck|\{\{/);
    }
    // Translated, not English left in place (a word may stay the same in some, "Page" in French).
    const same = Object.keys(words).filter((key) => words[key] === english[key]);
    expect(same.length, `${lang}: ${same.join(", ")}`).toBeLessThan(4);
    expect(words["drawer-category-expand"], lang).toContain("{title}");
    expect(words["canvas-noconfig"], lang).toContain("{type}");
  }
});
