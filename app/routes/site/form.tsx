import { data, redirect } from "react-router";
import { siteAccount } from "~/features/accounts/accounts.server";
import { authContext } from "~/features/auth/auth";
import { FormPage, type FormPageState } from "~/features/forms/forms";
import { formRenderFor, postForm, publicForm } from "~/features/forms/forms.server";
import { funnelVisitorOf } from "~/features/funnels/funnels";
import { advanceFrom } from "~/features/funnels/funnels.server";
import { countPopupEvent } from "~/features/popups/popups.server";
import { seo } from "~/features/site/site";
import { sitePageData } from "~/features/site/site.server";
import { isAppError } from "~/platform/errors";
import { islandsHandle } from "~/platform/islands/island-document";
import { jobQueueContext } from "~/platform/jobs/jobs-context.server";
import { servicesContext } from "~/platform/request-context";
import { secretBoxContext } from "~/platform/secret-box.server";
import type { Route } from "./+types/form";

// HTML plus its islands (decision 048): the form posts without script.
export const handle = islandsHandle;

async function formOf({ context, params }: Pick<Route.LoaderArgs, "context" | "params">) {
  const account = siteAccount(context);
  const { database } = context.get(servicesContext);
  const form = await publicForm(database, { accountId: account.accountId, slug: params.slug });
  if (!form) throw data(null, { status: 404 });
  return { account, form };
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { account, form } = await formOf({ context, params });
  const { lang } = context.get(servicesContext);
  const url = new URL(request.url);
  const sent = url.searchParams.get("sent");
  const state: FormPageState =
    sent === "confirm"
      ? { kind: "confirm" }
      : sent === "1"
        ? { kind: "sent", message: form.successMessage }
        : { kind: "form" };
  return {
    title: form.name,
    render: await formRenderFor(context.get(secretBoxContext), {
      accountId: account.accountId,
      form,
      lang,
      url,
    }),
    state,
    ...sitePageData({ account, request, lang }, ["formPage"]),
  };
}

/** A visitor sends the form (from this page, a page block or a popup). */
export async function action({ context, params, request }: Route.ActionArgs) {
  const { account, form } = await formOf({ context, params });
  const { database, rateLimits } = context.get(servicesContext);
  try {
    const outcome = await postForm(
      {
        database,
        rateLimits,
        secretBox: context.get(secretBoxContext),
        jobs: context.get(jobQueueContext),
      },
      {
        accountId: account.accountId,
        form,
        request,
        clientIp: context.get(authContext).facts.clientIp,
        linkOrigin: context.get(authContext).facts.linkOrigin,
      },
    );
    if (outcome.kind === "done") {
      if (outcome.popupId)
        await countPopupEvent(database, {
          accountId: account.accountId,
          id: outcome.popupId,
          event: "click",
        });
      // Sent from a funnel's opt-in step: the visitor goes on to the funnel's next step.
      const next = await advanceFrom(database, {
        accountId: account.accountId,
        path: outcome.page,
        visitor: funnelVisitorOf(request.headers.get("cookie")),
        kind: "optin",
      });
      return redirect(next ?? outcome.location, 303);
    }
    const state: FormPageState = {
      kind: "form",
      values: outcome.values,
      issues: outcome.issues,
      alert: outcome.alert,
    };
    return data({ state }, { status: outcome.status });
  } catch (error) {
    if (!isAppError(error)) throw error;
    const alert = error.status === 429 ? "tooMany" : "stamp";
    return data(
      { state: { kind: "form", alert } satisfies FormPageState },
      { status: error.status },
    );
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return seo(loaderData);
}

export default function FormRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <FormPage render={loaderData.render} state={actionData?.state ?? loaderData.state} />;
}
