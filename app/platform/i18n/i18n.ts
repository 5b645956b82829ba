import { createInstance, type i18n, type Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import { defaultLanguage, type LanguageCode } from "./languages";

export type Messages = Record<string, unknown>;

/**
 * One i18next instance per request on the server and one per page on the client, created
 * synchronously from messages already in memory (the server passes the page's language only).
 */
export function createI18n({ lang, messages }: { lang: LanguageCode; messages: Messages }): i18n {
  const resources: Resource = { [lang]: { translation: messages } };
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: defaultLanguage,
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
