import { isLanguageCode, preferredLanguage, type LanguageCode } from "~/platform/i18n/languages";
import type { ContentStatus } from "./editing";

/** The query parameter that asks for one language of a page, post or doc (hreflang links use it). */
export const LANGUAGE_PARAMETER = "lang";

/**
 * Which version a visitor reads: the one the address asks for (`?lang=es`, what hreflang
 * links and the language switcher point at), else the visitor's language (the browser's
 * first of the spec's languages) when the item is written in it, else the original (in the
 * site's language). Only the first language counts, so the page cache keeps at most one copy
 * per language (features/site cacheable-pages).
 */
export function chooseContentLanguage({
  url,
  acceptLanguage,
  original,
  translations,
}: {
  url: URL;
  acceptLanguage: string | null;
  original: LanguageCode;
  translations: readonly LanguageCode[];
}): LanguageCode {
  const offered = new Set<LanguageCode>([original, ...translations]);
  const asked = url.searchParams.get(LANGUAGE_PARAMETER);
  if (isLanguageCode(asked) && offered.has(asked)) return asked;
  const visitor = preferredLanguage(acceptLanguage);
  return visitor && offered.has(visitor) ? visitor : original;
}

/** One version of an item for its alternates and the switcher. */
export type LanguageVersion = {
  language: LanguageCode;
  /** Its canonical address (hreflang): the original at the plain address. */
  href: string;
  /** What the switcher links to: always `?lang=`, so the original wins over the browser's language. */
  choose: string;
  current: boolean;
};

/**
 * Every version's addresses: the original's canonical one is the plain address (also
 * `x-default`), each translation's is its `?lang=` address.
 */
export function languageVersions({
  pageUrl,
  original,
  translations,
  current,
}: {
  pageUrl: string;
  original: LanguageCode;
  translations: readonly LanguageCode[];
  current: LanguageCode;
}): LanguageVersion[] {
  const plain = new URL(pageUrl);
  plain.searchParams.delete(LANGUAGE_PARAMETER);
  return [original, ...translations.filter((code) => code !== original)].map((language) => {
    const choose = new URL(plain);
    choose.searchParams.set(LANGUAGE_PARAMETER, language);
    const href = language === original ? plain.toString() : choose.toString();
    return { language, href, choose: choose.toString(), current: language === current };
  });
}

/** `<link rel="alternate" hreflang>` for every version, and `x-default` for the original. */
export function hreflangLinks(versions: readonly LanguageVersion[]) {
  if (versions.length < 2) return [];
  return [
    ...versions.map(({ language, href }) => ({
      tagName: "link" as const,
      rel: "alternate",
      hrefLang: language,
      href,
    })),
    { tagName: "link" as const, rel: "alternate", hrefLang: "x-default", href: versions[0]!.href },
  ];
}

/** A language's own name for itself ("Español"), for switchers and lists. */
export function nativeLanguageName(code: LanguageCode): string {
  const name = new Intl.DisplayNames([code], { type: "language" }).of(code) ?? code;
  return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
}

/** Where an item (post, page or doc) stands among its languages, as its editor shows it. */
export type ContentLanguages = {
  /** The site's language, which originals are written in. */
  siteLanguage: LanguageCode;
  /** Set when this item is a translation: its language and its original. */
  translationOf: { id: string; title: string; language: LanguageCode } | null;
  /** An original's translations. */
  translations: { id: string; language: LanguageCode; status: ContentStatus }[];
};

/**
 * One request's negotiation for a translatable item (post, page or doc): `choose` picks which
 * published translation to read (null: the original), `versionsOf` gives every version's
 * addresses and the shown one's canonical address — a translation's is its own `?lang=`
 * address, whichever way it was reached.
 */
export function negotiateContentLanguage(request: Request, siteLanguage: LanguageCode) {
  const url = new URL(request.url);
  const acceptLanguage = request.headers.get("accept-language");
  return {
    choose(translations: LanguageCode[]): LanguageCode | null {
      const chosen = chooseContentLanguage({
        url,
        acceptLanguage,
        original: siteLanguage,
        translations,
      });
      return chosen === siteLanguage ? null : chosen;
    },
    versionsOf(
      item: { language: LanguageCode | null; translations: readonly LanguageCode[] },
      pageUrl: string,
    ) {
      const versions = languageVersions({
        pageUrl,
        original: siteLanguage,
        translations: item.translations,
        current: item.language ?? siteLanguage,
      });
      return {
        versions,
        url: versions.find((version) => version.current)?.href ?? pageUrl,
        // The root layout's <html lang dir> follow it (app/root.tsx).
        contentLanguage: item.language ?? siteLanguage,
      };
    },
  };
}
