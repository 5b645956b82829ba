import { siteNameOf } from "~/features/accounts/accounts";
import { siteAccount } from "~/features/accounts/accounts.server";
import { textIn } from "~/platform/i18n/messages.server";
import { servicesContext } from "~/platform/request-context";
import { SubscribedScreen } from "~/features/site/site";
import { canonicalUrl, seo } from "~/features/site/site";
import { areaMessages } from "~/platform/i18n/area-messages.server";
import type { Route } from "./+types/subscribed";

export function loader({ context, request }: Route.LoaderArgs) {
  const account = siteAccount(context);
  const { lang } = context.get(servicesContext);
  return {
    title: textIn(lang, "sitePages.subscribed.title"),
    siteName: siteNameOf(account),
    url: canonicalUrl(request),
    messages: areaMessages(lang, "subscribedPage"),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [...seo(loaderData), { name: "robots", content: "noindex" }];
}

/** `/subscribed`: a newsletter subscription is confirmed. */
export default function Subscribed({ loaderData }: Route.ComponentProps) {
  return <SubscribedScreen siteName={loaderData.siteName} />;
}
