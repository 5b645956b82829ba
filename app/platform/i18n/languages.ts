/** The 20 languages of the spec (§5). English is the source. */
export const languageCodes = [
  "en",
  "es",
  "fr",
  "de",
  "it",
  "pt",
  "ru",
  "ja",
  "zh",
  "ko",
  "ar",
  "hi",
  "bn",
  "tr",
  "vi",
  "pl",
  "nl",
  "sv",
  "uk",
  "th",
] as const;

export type LanguageCode = (typeof languageCodes)[number];

export const defaultLanguage: LanguageCode = "en";

const rightToLeft = new Set<LanguageCode>(["ar"]);

export function textDirection(lang: LanguageCode): "rtl" | "ltr" {
  return rightToLeft.has(lang) ? "rtl" : "ltr";
}

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === "string" && (languageCodes as readonly string[]).includes(value);
}
