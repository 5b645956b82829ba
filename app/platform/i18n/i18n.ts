import { createInstance, type i18n, type Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import { defaultLanguage, type LanguageCode } from "./languages";

export type Messages = Record<string, unknown>;

/** The loader data objects already merged into each instance (a route's data may render often). */
const merged = new WeakMap<i18n, WeakSet<Messages>>();

/**
 * One i18next instance per request on the server and one per page on the client, created
 * synchronously from messages already in memory: the root loader's share of the catalogue,
 * which every page needs; each area's routes bring the rest (`addMessages`).
 */
export function createI18n({ lang, messages }: { lang: LanguageCode; messages: Messages }): i18n {
  // i18next keeps the object it is given and later merges other routes' messages into it: a
  // copy leaves the loader's data (shared by every request on the server) as it was.
  const resources: Resource = { [lang]: { translation: structuredClone(messages) } };
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: defaultLanguage,
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  merged.set(instance, new WeakSet([messages]));
  return instance;
}

/**
 * Adds a route's share of the catalogue to the page's instance, deep-merged beside what is
 * there; each loader data object once. Nothing re-renders on it (react-i18next binds no store
 * event): it must happen before the components that use these keys render.
 */
export function addMessages(instance: i18n, lang: LanguageCode, messages: Messages): void {
  const seen = merged.get(instance) ?? new WeakSet<Messages>();
  merged.set(instance, seen);
  if (seen.has(messages)) return;
  seen.add(messages);
  instance.addResourceBundle(lang, "translation", messages, true, true, { silent: true });
}

/** A number for each catalogue share seen, by identity: the loaders' shares are cached objects. */
const shareIds = new WeakMap<Messages, number>();
let nextShareId = 1;
const shareId = (messages: Messages) => {
  let id = shareIds.get(messages);
  if (id === undefined) shareIds.set(messages, (id = nextShareId++));
  return id;
};

/** Instances the server made, by language and shares; bounded, the oldest made goes first. */
const serverInstances = new Map<string, i18n>();
const MAX_SERVER_INSTANCES = 64;

/**
 * The instance for a page: the root's messages and its matched routes' own. The server renders
 * each page once, so an instance made for the same shares (which the loaders take from a cache)
 * is kept and used again rather than made, merged and thrown away on every request; nothing
 * changes one after it is made (react-i18next only reads it there). In the browser the page's
 * one instance gains each new screen's messages (`addMessages`).
 */
export function serverI18n(lang: LanguageCode, messages: Messages, shares: Messages[]): i18n {
  const key = `${lang}:${[messages, ...shares].map(shareId).join(",")}`;
  const known = serverInstances.get(key);
  if (known) return known;
  const instance = createI18n({ lang, messages });
  for (const share of shares) addMessages(instance, lang, share);
  if (serverInstances.size >= MAX_SERVER_INSTANCES) {
    serverInstances.delete(serverInstances.keys().next().value!);
  }
  serverInstances.set(key, instance);
  return instance;
}

/** The `messages` a route's loader sent with its data, if it sent any. */
export function messagesOf(loaderData: unknown): Messages | undefined {
  if (typeof loaderData !== "object" || loaderData === null || !("messages" in loaderData)) {
    return undefined;
  }
  const { messages } = loaderData;
  return typeof messages === "object" && messages !== null ? (messages as Messages) : undefined;
}

/** The text at a dotted key in a catalogue (or a share of one), if it is there. */
export function textAt(messages: Messages | undefined, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split(".")) node = (node as Messages | undefined)?.[part];
  return typeof node === "string" ? node : undefined;
}

/**
 * A text for a `meta` function, which runs outside React: looked up in the messages of every
 * matched route, since the key may come with any of them.
 */
export function textFromMatches(
  matches: ReadonlyArray<{ loaderData?: unknown } | undefined>,
  key: string,
): string | undefined {
  for (const match of matches) {
    const text = textAt(messagesOf(match?.loaderData), key);
    if (text !== undefined) return text;
  }
  return undefined;
}
