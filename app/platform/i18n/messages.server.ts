import fs from "node:fs";
import path from "node:path";
import type { Messages } from "./i18n";
import { defaultLanguage, languageCodes, type LanguageCode } from "./languages";

/**
 * The catalogues, read from the source tree when a language is first asked for (as the database
 * thread and the migrations are). Bundled, all twenty were parsed at start and doubled the
 * server bundle's source (7.4 MB, kept by V8 as two-byte text): some 15 MB of heap for
 * languages most processes never serve (decision 049).
 */
const LOCALES_DIR = path.resolve("app/locales");

const byLanguage = new Map<LanguageCode, Messages | null>();

function catalogue(lang: LanguageCode): Messages | null {
  let messages = byLanguage.get(lang);
  if (messages === undefined) {
    const file = path.join(LOCALES_DIR, `${lang}.json`);
    // Only the known codes are read: the map stays as small as the list of languages.
    messages =
      languageCodes.includes(lang) && fs.existsSync(file)
        ? (JSON.parse(fs.readFileSync(file, "utf8")) as Messages)
        : null;
    byLanguage.set(lang, messages);
  }
  return messages;
}

export function messagesFor(lang: LanguageCode): Messages {
  return catalogue(lang) ?? catalogue(defaultLanguage)!;
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
