/**
 * Countries (spec §3, checklist V6): each one's two-letter ISO 3166-1 code and its name in the
 * reader's language, from the maintained `i18n-iso-countries` package.
 *
 * Client-safe but loaded on demand: the library and each language's names (~7 to 11 KB) are
 * imported when first asked for, one language at a time, so no page downloads them unless a
 * screen (or a loader, on the server) asks for countries. Only the spec's 20 languages are
 * registered; the library's Node entry, which registers all of its ~80, is not used.
 */
import { defaultLanguage, isLanguageCode, type LanguageCode } from "./i18n/languages";

export type CountryOption = { code: string; name: string };

type LocaleData = { locale: string; countries: Record<string, string | string[]> };
type CountriesLibrary = typeof import("i18n-iso-countries/index.js");

/** Each language's names, a chunk of its own (Vite splits every dynamic import). */
const localeLoaders: Record<LanguageCode, () => Promise<{ default: LocaleData }>> = {
  en: () => import("i18n-iso-countries/langs/en.json"),
  es: () => import("i18n-iso-countries/langs/es.json"),
  fr: () => import("i18n-iso-countries/langs/fr.json"),
  de: () => import("i18n-iso-countries/langs/de.json"),
  it: () => import("i18n-iso-countries/langs/it.json"),
  pt: () => import("i18n-iso-countries/langs/pt.json"),
  ru: () => import("i18n-iso-countries/langs/ru.json"),
  ja: () => import("i18n-iso-countries/langs/ja.json"),
  zh: () => import("i18n-iso-countries/langs/zh.json"),
  ko: () => import("i18n-iso-countries/langs/ko.json"),
  ar: () => import("i18n-iso-countries/langs/ar.json"),
  hi: () => import("i18n-iso-countries/langs/hi.json"),
  bn: () => import("i18n-iso-countries/langs/bn.json"),
  tr: () => import("i18n-iso-countries/langs/tr.json"),
  vi: () => import("i18n-iso-countries/langs/vi.json"),
  pl: () => import("i18n-iso-countries/langs/pl.json"),
  nl: () => import("i18n-iso-countries/langs/nl.json"),
  sv: () => import("i18n-iso-countries/langs/sv.json"),
  uk: () => import("i18n-iso-countries/langs/uk.json"),
  th: () => import("i18n-iso-countries/langs/th.json"),
};

let library: Promise<CountriesLibrary> | undefined;
const optionsByLanguage = new Map<LanguageCode, Promise<CountryOption[]>>();

/** The library's browser entry (no locale registered), CommonJS seen through its default export. */
function loadLibrary(): Promise<CountriesLibrary> {
  return (library ??= import("i18n-iso-countries/index.js").then(
    (module) => ((module as { default?: CountriesLibrary }).default ?? module) as CountriesLibrary,
  ));
}

async function buildOptions(lang: LanguageCode): Promise<CountryOption[]> {
  const [countries, locale] = await Promise.all([loadLibrary(), localeLoaders[lang]()]);
  countries.registerLocale(locale.default);
  const names = countries.getNames(lang, { select: "official" });
  const collator = new Intl.Collator(lang);
  return Object.entries(names)
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

/**
 * Every country as `{ code, name }`, sorted by name in the reader's language (English for a
 * language the spec does not list). The same array is answered to every later call: do not change it.
 */
export function countryOptions(lang: string): Promise<CountryOption[]> {
  const language = isLanguageCode(lang) ? lang : defaultLanguage;
  let options = optionsByLanguage.get(language);
  if (!options) {
    options = buildOptions(language);
    optionsByLanguage.set(language, options);
    options.catch(() => optionsByLanguage.delete(language));
  }
  return options;
}

/** Code → name in the reader's language, e.g. for showing stored answers (forms' D15 display). */
export async function countryNames(lang: string): Promise<ReadonlyMap<string, string>> {
  return new Map((await countryOptions(lang)).map(({ code, name }) => [code, name]));
}
