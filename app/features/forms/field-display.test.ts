import { describe, expect, test } from "vitest";
import { countryNames, countryOptions } from "~/platform/countries";
import { languageCodes } from "~/platform/i18n/languages";
import { countryName, displayFieldValue, type FormFieldDefinition } from "./field-display";

const plan: FormFieldDefinition = {
  name: "plan",
  label: "Plan",
  type: "radio",
  options: [
    { value: "solo", label: "Just me" },
    { value: "team", label: "My team" },
  ],
};
const country: FormFieldDefinition = { name: "country", label: "Country", type: "country" };

describe("form field display", () => {
  test("D15 a radio answer shows its option's label, not its stored value", () => {
    expect(displayFieldValue({ field: plan, value: "team", lang: "en" })).toBe("My team");
    expect(displayFieldValue({ field: plan, value: "gone", lang: "en" })).toBe("gone");
  });

  test("D15 a country answer shows the country's name in the reader's language", () => {
    expect(displayFieldValue({ field: country, value: "FR", lang: "en" })).toBe("France");
    expect(displayFieldValue({ field: country, value: "de", lang: "de" })).toBe("Deutschland");
    expect(countryName("JJ", "en")).toBe("JJ");
    expect(countryName("not a code", "en")).toBe("not a code");
  });

  test("D15 several answers, empty answers and other fields", () => {
    const select = { ...plan, type: "select" as const };
    expect(displayFieldValue({ field: select, value: ["solo", "team"], lang: "en" })).toBe(
      "Just me, My team",
    );
    expect(displayFieldValue({ field: plan, value: "", lang: "en" })).toBe("");
    const text: FormFieldDefinition = { name: "note", label: "Note", type: "text" };
    expect(displayFieldValue({ field: text, value: "team", lang: "en" })).toBe("team");
  });

  test("V6 D15 given the pickers' names, a country answer reads as countryOptions names it, in all 20 languages", async () => {
    for (const lang of languageCodes) {
      const names = await countryNames(lang);
      for (const { code, name } of await countryOptions(lang)) {
        expect(displayFieldValue({ field: country, value: code, lang, countryNames: names })).toBe(
          name,
        );
        expect(countryName(code.toLowerCase(), lang, names)).toBe(name);
      }
      expect(countryName("JJ", lang, names)).toBe("JJ");
    }
  });
});
