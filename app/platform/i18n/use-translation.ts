import type { i18n } from "i18next";
import { useContext } from "react";
import { I18nContext, getI18n, type UseTranslationResponse } from "react-i18next";

type Translation = UseTranslationResponse<"translation", undefined>;

/** One answer per i18next instance: its `t`, fixed to the instance's language once. */
const answers = new WeakMap<i18n, Translation>();

/**
 * react-i18next's `useTranslation` for how this app uses it: one instance per page or request
 * (platform/i18n/i18n.ts), its language fixed at creation (a new language is a new instance,
 * hence a new context value and a re-render), messages added before the components that need
 * them render. The library's hook copies every property of the instance into a wrapper and
 * builds a fixed `t` on every first render, which on the server is every render: ~4 % of a
 * page's render (decision 050).
 */
export function useTranslation(): Translation {
  const instance = useContext(I18nContext)?.i18n ?? getI18n();
  let answer = answers.get(instance);
  if (!answer) {
    const t = instance.getFixedT(instance.language) as Translation["t"];
    answer = Object.assign([t, instance, true] as [Translation["t"], i18n, boolean], {
      t,
      i18n: instance,
      ready: true,
    });
    answers.set(instance, answer);
  }
  return answer;
}
