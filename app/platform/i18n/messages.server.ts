import type { Messages } from "./i18n";
import { defaultLanguage, languageCodes, type LanguageCode } from "./languages";

const files = import.meta.glob<Messages>("../../locales/*.json", {
  eager: true,
  import: "default",
});

const byLanguage = new Map<LanguageCode, Messages>();
for (const lang of languageCodes) {
  const messages = files[`../../locales/${lang}.json`];
  if (messages) byLanguage.set(lang, messages);
}

export function messagesFor(lang: LanguageCode): Messages {
  return byLanguage.get(lang) ?? byLanguage.get(defaultLanguage)!;
}

/** Looks a dotted key up in English: for server-side texts such as API error messages. */
export function englishText(key: string): string {
  let node: unknown = messagesFor(defaultLanguage);
  for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === "string" ? node : key;
}

/** A dotted key in a language (English when missing), for text built on the server such as page titles. */
export function textIn(lang: LanguageCode, key: string): string {
  let node: unknown = messagesFor(lang);
  for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === "string" ? node : englishText(key);
}
