import { data, redirect } from "react-router";
import { siteAccount } from "~/features/accounts/accounts.server";
import { authContext } from "~/features/auth/auth";
import { ConfirmSubscriptionScreen } from "~/features/forms/forms";
import { confirmationFor, confirmSubscription, postedAnswers } from "~/features/forms/forms.server";
import { seo, SubscribedScreen } from "~/features/site/site";
import { sitePageData } from "~/features/site/site.server";
import { isAppError } from "~/platform/errors";
import { textIn } from "~/platform/i18n/messages.server";
import { islandsHandle } from "~/platform/islands/island-document";
import { servicesContext } from "~/platform/request-context";
import { secretBoxContext } from "~/platform/secret-box.server";
import type { Route } from "./+types/subscribed";

// HTML plus its islands (decision 048): the confirmation is a plain form.
export const handle = islandsHandle;

/**
 * `/subscribed`: a newsletter subscription is confirmed; with `?s={answer}&sig={signature}`
 * (a double opt-in mail's link) it asks the person to press the button that confirms.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const account = siteAccount(context);
  const { lang, database } = context.get(servicesContext);
  const search = new URL(request.url).searchParams;
  const asked = search.has("s") || search.has("sig");
  const found = asked
    ? await confirmationFor(
        { database, secretBox: context.get(secretBoxContext) },
        {
          accountId: account.accountId,
          submissionId: search.get("s") ?? "",
          signature: search.get("sig") ?? "",
        },
      )
    : null;
  const confirm =
    found && !found.confirmedAt
      ? { submission: found.id, signature: search.get("sig") ?? "", email: found.email }
      : null;
  return {
    title: textIn(
      lang,
      asked && !found?.confirmedAt ? "forms.public.confirmTitle" : "sitePages.subscribed.title",
    ),
    // A confirmed answer's link shows the confirmation again; a broken link says so.
    asking: asked && !found?.confirmedAt,
    confirm,
    ...sitePageData({ account, request, lang }, ["subscribedPage", "formPage"]),
  };
}

/** The person presses "confirm": subscribed, with the consent log's line; then the page says so. */
export async function action({ context, request }: Route.ActionArgs) {
  const account = siteAccount(context);
  const { database } = context.get(servicesContext);
  try {
    const posted = await postedAnswers(request);
    const one = (value: string | string[] | undefined) => (typeof value === "string" ? value : "");
    const outcome = await confirmSubscription(
      { database, secretBox: context.get(secretBoxContext) },
      {
        accountId: account.accountId,
        submissionId: one(posted.s),
        signature: one(posted.sig),
        visit: {
          ip: context.get(authContext).facts.clientIp,
          userAgent: (request.headers.get("user-agent") ?? "").slice(0, 500),
        },
      },
    );
    if (outcome !== "invalid") return redirect("/subscribed", 303);
    return data({ invalid: true }, { status: 400 });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ invalid: true }, { status: error.status });
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [...seo(loaderData), { name: "robots", content: "noindex" }];
}

export default function Subscribed({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.asking || actionData?.invalid)
    return (
      <ConfirmSubscriptionScreen
        siteName={loaderData.siteName}
        confirm={actionData?.invalid ? null : loaderData.confirm}
      />
    );
  return <SubscribedScreen siteName={loaderData.siteName} />;
}
