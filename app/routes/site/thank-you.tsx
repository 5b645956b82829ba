import { siteNameOf } from "~/features/accounts/accounts";
import { siteAccount } from "~/features/accounts/accounts.server";
import { textIn } from "~/platform/i18n/messages.server";
import { servicesContext } from "~/platform/request-context";
import { ThankYouScreen } from "~/features/site/site";
import { canonicalUrl, seo } from "~/features/site/site";
import { areaMessages } from "~/platform/i18n/area-messages.server";
import type { Route } from "./+types/thank-you";

export function loader({ context, request }: Route.LoaderArgs) {
  const account = siteAccount(context);
  const { lang } = context.get(servicesContext);
  return {
    title: textIn(lang, "sitePages.thankyou.title"),
    siteName: siteNameOf(account),
    url: canonicalUrl(request),
    messages: areaMessages(lang, "thankYouPage"),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [...seo(loaderData), { name: "robots", content: "noindex" }];
}

/** `/thankyou`, where checkout and sign-up forms land. */
export default function ThankYou() {
  return <ThankYouScreen />;
}
