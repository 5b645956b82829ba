import { siteNameOf } from "~/features/accounts/accounts";
import { siteAccount } from "~/features/accounts/accounts.server";
import { CheckoutView } from "~/features/cart/cart";
import { viewerContext } from "~/features/members/members";
import { SiteLogo } from "~/features/header/header";
import { textIn } from "~/platform/i18n/messages.server";
import { servicesContext } from "~/platform/request-context";
import { areaMessages } from "~/platform/i18n/area-messages.server";
import type { Route } from "./+types/checkout";

export function loader({ context }: Route.LoaderArgs) {
  const account = siteAccount(context);
  const { lang } = context.get(servicesContext);
  const viewer = context.get(viewerContext);
  return {
    account,
    title: `${textIn(lang, "checkout.title")} · ${siteNameOf(account)}`,
    // Signed-in requests are never cached, so prefilling their own address is safe.
    email: viewer?.user.email ?? null,
    messages: areaMessages(lang, "checkoutPage"),
  };
}

export function headers() {
  return { "X-Robots-Tag": "noindex", "Cache-Control": "no-store" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

/** `/checkout`: the order summary from the visitor's cart, without the site's header or footer. */
export default function Checkout({ loaderData }: Route.ComponentProps) {
  return (
    <CheckoutView brand={<SiteLogo account={loaderData.account} />} email={loaderData.email} />
  );
}
