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

function nodeAt(messages: Messages, key: string): unknown {
  let node: unknown = messages;
  for (const part of key.split(".")) node = (node as Messages | undefined)?.[part];
  return node;
}

const picked = new Map<string, Messages>();

/**
 * The parts of a language's catalogue at `paths` (a group, "site", or deeper, "site.blog"),
 * shaped as in the catalogue: what a page sends of it. A part the language lacks comes in
 * English. Kept per language and paths: the catalogue never changes while the process runs.
 */
export function pickMessages(lang: LanguageCode, paths: readonly string[]): Messages {
  const cacheKey = `${lang}:${paths.join(",")}`;
  const known = picked.get(cacheKey);
  if (known) return known;
  const out: Messages = {};
  for (const path of paths) {
    const value = nodeAt(messagesFor(lang), path) ?? nodeAt(messagesFor(defaultLanguage), path);
    if (value === undefined) throw new Error(`No messages at "${path}"`);
    const parts = path.split(".");
    const last = parts.pop()!;
    let target = out;
    for (const part of parts) {
      // A copy at each level: the catalogue's own objects are shared and stay as they are.
      const next: Messages = { ...(target[part] as Messages | undefined) };
      target[part] = next;
      target = next;
    }
    target[last] = value;
  }
  picked.set(cacheKey, out);
  return out;
}

/** Looks a dotted key up in English: for server-side texts such as API error messages. */
export function englishText(key: string): string {
  const node = nodeAt(messagesFor(defaultLanguage), key);
  return typeof node === "string" ? node : key;
}

/** A dotted key in a language (English when missing), for text built on the server such as page titles. */
export function textIn(lang: LanguageCode, key: string): string {
  const node = nodeAt(messagesFor(lang), key);
  return typeof node === "string" ? node : englishText(key);
}
