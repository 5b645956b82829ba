import { describe, expect, test } from "vitest";
import { acceptedLanguages } from "~/platform/i18n/languages";
import {
  chooseContentLanguage,
  hreflangLinks,
  languageVersions,
  nativeLanguageName,
} from "./content-languages";

const choose = (
  path: string,
  acceptLanguage: string | null,
  translations = ["es", "fr"] as const,
) =>
  chooseContentLanguage({
    url: new URL(`http://demo.localhost${path}`),
    acceptLanguage,
    original: "en",
    translations,
  });

describe("content languages", () => {
  test("M2 Accept-Language is read by weight, primary subtags, q=0 dropped", () => {
    expect(acceptedLanguages("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5")).toEqual([
      "fr",
      "en",
      "de",
    ]);
    expect(acceptedLanguages("es;q=0.2, ja;q=0.9, xx, ru;q=0")).toEqual(["ja", "es"]);
    expect(acceptedLanguages("")).toEqual([]);
    expect(acceptedLanguages("q=;;,,;")).toEqual([]);
  });

  test("M2 the address's ?lang= wins, then the visitor's language, else the original", () => {
    expect(choose("/blog/a?lang=fr", "es")).toBe("fr");
    expect(choose("/blog/a?lang=de", "es")).toBe("es");
    expect(choose("/blog/a", "es-ES,es;q=0.9")).toBe("es");
    expect(choose("/blog/a", "de, es;q=0.5")).toBe("en");
    expect(choose("/blog/a", null)).toBe("en");
    expect(choose("/blog/a?lang=en", "es")).toBe("en");
  });

  test("M2 every version has an address, x-default is the original, the switcher always names the language, the current one is marked", () => {
    const versions = languageVersions({
      pageUrl: "http://demo.localhost/blog/a?lang=es",
      original: "en",
      translations: ["es"],
      current: "es",
    });
    expect(versions).toEqual([
      {
        language: "en",
        href: "http://demo.localhost/blog/a",
        choose: "http://demo.localhost/blog/a?lang=en",
        current: false,
      },
      {
        language: "es",
        href: "http://demo.localhost/blog/a?lang=es",
        choose: "http://demo.localhost/blog/a?lang=es",
        current: true,
      },
    ]);
    expect(hreflangLinks(versions)).toEqual([
      { tagName: "link", rel: "alternate", hrefLang: "en", href: "http://demo.localhost/blog/a" },
      {
        tagName: "link",
        rel: "alternate",
        hrefLang: "es",
        href: "http://demo.localhost/blog/a?lang=es",
      },
      {
        tagName: "link",
        rel: "alternate",
        hrefLang: "x-default",
        href: "http://demo.localhost/blog/a",
      },
    ]);
    expect(hreflangLinks(versions.slice(0, 1))).toEqual([]);
  });

  test("M2 languages are named in their own language", () => {
    expect(nativeLanguageName("es")).toBe("Español");
    expect(nativeLanguageName("de")).toBe("Deutsch");
    expect(nativeLanguageName("ja")).toBe("日本語");
  });
});
