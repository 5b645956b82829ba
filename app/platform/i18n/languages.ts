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

/**
 * The spec's languages an Accept-Language header names, most wanted first: each tag reduced to
 * its primary subtag (`es-MX` → `es`), `q=0` dropped, equal weights kept in header order.
 */
export function acceptedLanguages(header: string | null | undefined): LanguageCode[] {
  if (!header) return [];
  const weighted: { code: LanguageCode; q: number; at: number }[] = [];
  header
    .split(",")
    .slice(0, 20)
    .forEach((part, at) => {
      const [tag = "", ...parameters] = part.trim().split(";");
      const code = tag.trim().toLowerCase().split("-")[0];
      const qParameter = parameters.find((p) => p.trim().startsWith("q="));
      const q = qParameter ? Number(qParameter.trim().slice(2)) : 1;
      if (isLanguageCode(code) && Number.isFinite(q) && q > 0) weighted.push({ code, q, at });
    });
  const seen = new Set<LanguageCode>();
  return weighted
    .sort((a, b) => b.q - a.q || a.at - b.at)
    .map(({ code }) => code)
    .filter((code) => !seen.has(code) && seen.add(code));
}

/** The visitor's language: the first of the spec's languages their browser asks for. */
export const preferredLanguage = (header: string | null | undefined): LanguageCode | null =>
  acceptedLanguages(header)[0] ?? null;
