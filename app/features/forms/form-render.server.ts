import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { countryNames, countryOptions } from "~/platform/countries";
import type { Database } from "~/platform/db/database.server";
import type { LanguageCode } from "~/platform/i18n/languages";
import { textIn } from "~/platform/i18n/messages.server";
import type { SecretBox } from "~/platform/secret-box.server";
import { formStamp } from "./form-answers.server";
import { PublicFormView, type FormRender, type FormWords } from "./components/public-form";
import { formChoices, publicFormsById } from "./form-records.server";
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

type Rendering = { database: Database; secretBox: SecretBox };
type RenderPlace = { accountId: string; lang: LanguageCode; url: URL };

/**
 * The markup of the site's forms by id, for the page builder's form blocks (the ones that
 * exist): each rendered for this request, with its own stamp; the block writes its title above.
 */
export function formsMarkupFor({ database, secretBox }: Rendering, place: RenderPlace) {
  return async (
    ids: string[],
    { popupId }: { popupId?: string } = {},
  ): Promise<Record<string, string>> => {
    const { accountId } = place;
    const forms = await database.forAccount(accountId, (tx) =>
      publicFormsById(tx, { accountId, ids }),
    );
    const markup: Record<string, string> = {};
    for (const [id, form] of forms) {
      const render = await formRenderFor(secretBox, { ...place, form });
      markup[id] = renderToStaticMarkup(
        createElement(PublicFormView, { ...render, idPrefix: popupId ? "p" : "b", popupId }),
      );
    }
    return markup;
  };
}

/** The page builder's form picker and previews: every form of the site, and their markup. */
export async function builderForms(deps: Rendering, place: RenderPlace) {
  const { accountId } = place;
  const choices = await deps.database.forAccount(accountId, (tx) => formChoices(tx, { accountId }));
  return { choices, markup: formsMarkupFor(deps, place) };
}
