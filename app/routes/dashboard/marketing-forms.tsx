import { z } from "zod";
import { settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import { FormsScreen } from "~/features/forms/forms";
import {
  commandForms,
  formWordsIn,
  listForms,
  listSubmissions,
  loadForm,
} from "~/features/forms/forms.server";
import { countryOptions } from "~/platform/countries";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/marketing-forms";

/**
 * M5 `/dashboard/manage/marketing/forms` (managers): the site's forms; `?form={id}` (or `new`)
 * opens one in the builder, `&tab=answers` its answers.
 */
export async function loader(args: Route.LoaderArgs) {
  const { lang } = args.context.get(servicesContext);
  return loadDashboardScreen(args, ["formsScreen"], async (database, request) => {
    await openDashboardSection(database, request);
    const search = new URL(args.request.url).searchParams;
    const place = { accountId: request.account.accountId, viewer: request.viewer };
    const forms = await listForms(database, place);
    const asked = search.get("form");
    const id = z.uuid().safeParse(asked);
    const words = formWordsIn(lang);
    const countries = await countryOptions(lang);
    if (asked === "new") return { forms, opened: { id: null, form: null }, words, countries };
    if (!id.success) return { forms, opened: null, words, countries };
    const opened = await loadForm(database, { ...place, id: id.data });
    const answers =
      search.get("tab") === "answers"
        ? await listSubmissions(database, { ...place, formId: id.data, search })
        : null;
    return { forms, opened: { ...opened, answers }, words, countries };
  });
}

/** Every change the screen makes, as one JSON body naming its `intent`. */
export async function action(args: Route.ActionArgs) {
  return answerSettingsSave(args, async (database, request, body) => {
    await openDashboardSection(database, request);
    return commandForms(database, {
      accountId: request.account.accountId,
      viewer: request.viewer,
      body,
    });
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.manageForms.title",
    fallback: "Forms",
  });
}

export default function MarketingForms({ loaderData }: Route.ComponentProps) {
  return (
    <FormsScreen
      forms={loaderData.forms}
      opened={loaderData.opened}
      words={loaderData.words}
      countries={loaderData.countries}
    />
  );
}
