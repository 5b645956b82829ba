import { siteAccount } from "~/features/accounts/accounts.server";
import { textIn } from "~/platform/i18n/messages.server";
import { servicesContext } from "~/platform/request-context";
import { SubscribedScreen } from "~/features/site/site";
import { seo } from "~/features/site/site";
import { sitePageData } from "~/features/site/site.server";
import { islandsHandle } from "~/platform/islands/island-document";
import type { Route } from "./+types/subscribed";

// HTML plus its islands (decision 048): nothing on it acts in the browser.
export const handle = islandsHandle;

export function loader({ context, request }: Route.LoaderArgs) {
  const account = siteAccount(context);
  const { lang } = context.get(servicesContext);
  return {
    title: textIn(lang, "sitePages.subscribed.title"),
    ...sitePageData({ account, request, lang }, ["subscribedPage"]),
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
