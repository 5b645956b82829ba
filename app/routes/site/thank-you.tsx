import { siteAccount } from "~/features/accounts/accounts.server";
import { textIn } from "~/platform/i18n/messages.server";
import { servicesContext } from "~/platform/request-context";
import { ThankYouScreen } from "~/features/site/site";
import { seo } from "~/features/site/site";
import { sitePageData } from "~/features/site/site.server";
import type { Route } from "./+types/thank-you";

export function loader({ context, request }: Route.LoaderArgs) {
  const account = siteAccount(context);
  const { lang } = context.get(servicesContext);
  return {
    title: textIn(lang, "sitePages.thankyou.title"),
    ...sitePageData({ account, request, lang }, ["thankYouPage"]),
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
