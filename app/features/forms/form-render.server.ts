import { countryNames, countryOptions } from "~/platform/countries";
import type { LanguageCode } from "~/platform/i18n/languages";
import { textIn } from "~/platform/i18n/messages.server";
import type { SecretBox } from "~/platform/secret-box.server";
import { formStamp } from "./form-answers.server";
import type { FormRender, FormWords } from "./components/public-form";
import type { PublicForm } from "./form-shapes";

const issueOrigins = ["required", "pattern", "choice", "length"] as const;

/** A form's visitor-facing words in `lang` (forms.public.*). */
export function formWordsIn(lang: LanguageCode): FormWords {
  const word = (key: string) => textIn(lang, `forms.public.${key}`);
  return {
    submit: word("submit"),
    required: word("required"),
    choose: word("choose"),
    closed: word("closed"),
    trap: word("trap"),
    issues: Object.fromEntries(
      issueOrigins.map((origin) => [origin, word(`issues.${origin}`)]),
    ) as FormWords["issues"],
  };
}

/** Two-letter codes a country field accepts (every code the pickers offer). */
export async function countryCodes(): Promise<ReadonlySet<string>> {
  return new Set((await countryNames("en")).keys());
}

/**
 * What one render of a form needs: a fresh stamp, the page it is on, its fixed hidden values,
 * and the country list when it asks for a country.
 */
export async function formRenderFor(
  secretBox: SecretBox,
  {
    accountId,
    form,
    lang,
    url,
  }: { accountId: string; form: PublicForm; lang: LanguageCode; url: URL },
): Promise<FormRender> {
  // Only fixed values are written in the page: it may be served from the cache to visitors who
  // came from other campaigns; the campaign's values are read from the sending page (postForm).
  const hidden: Record<string, string> = {};
  for (const field of form.fields)
    if (field.type === "hidden" && field.hiddenSource === "fixed")
      hidden[field.name] = field.hiddenValue;
  const needsCountries = form.fields.some((field) => field.type === "country");
  return {
    form,
    stamp: formStamp(secretBox, { accountId, formId: form.id }),
    pageUrl: url.pathname,
    hidden,
    countries: needsCountries ? await countryOptions(lang) : [],
    words: formWordsIn(lang),
  };
}
