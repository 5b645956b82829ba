import { siteNameOf } from "~/features/accounts/accounts";
import { siteAccount } from "~/features/accounts/accounts.server";
import { viewerContext } from "~/features/members/members";
import { SiteLogo } from "~/features/header/header";
import { CheckoutScreen } from "~/features/orders/orders";
import { checkoutProviders, shopCurrency } from "~/features/orders/orders.server";
import { MY_BOOKINGS_PATH } from "~/features/appointments/appointments";
import { heldBooking } from "~/features/appointments/appointments.server";
import { funnelVisitorOf } from "~/features/funnels/funnels";
import { funnelCheckout } from "~/features/funnels/funnels.server";
import { textIn } from "~/platform/i18n/messages.server";
import { servicesContext } from "~/platform/request-context";
import { areaMessages } from "~/platform/i18n/area-messages.server";
import type { Route } from "./+types/checkout";

/** The funnel's checkout step the cart came from (`?funnel=`), if it is one for this visitor. */
async function checkoutFunnel({ context, request }: Pick<Route.LoaderArgs, "context" | "request">) {
  const stepId = new URL(request.url).searchParams.get("funnel") ?? "";
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(stepId)) return null;
  const found = await funnelCheckout(context.get(servicesContext).database, {
    accountId: siteAccount(context).accountId,
    stepId,
    visitor: funnelVisitorOf(request.headers.get("cookie")),
  });
  return found ? { stepId, thanksPath: found.thanksPath } : null;
}

/**
 * A held booking the cart pays for (`?booking=`, decision 078): the viewer's own unpaid hold,
 * or `gone` when it is not one (paid, expired, someone else's).
 */
async function checkoutHold({ context, request }: Pick<Route.LoaderArgs, "context" | "request">) {
  const bookingId = new URL(request.url).searchParams.get("booking");
  if (bookingId === null) return null;
  const viewer = context.get(viewerContext);
  const account = siteAccount(context);
  if (!viewer || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(bookingId))
    return { gone: true as const, listPath: MY_BOOKINGS_PATH };
  const held = await heldBooking(context.get(servicesContext).database, {
    accountId: account.accountId,
    viewer,
    bookingId,
    currency: shopCurrency(account),
  });
  return held
    ? { gone: false as const, held }
    : { gone: true as const, listPath: MY_BOOKINGS_PATH };
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const account = siteAccount(context);
  const { lang, database } = context.get(servicesContext);
  const viewer = context.get(viewerContext);
  return {
    account,
    siteName: siteNameOf(account),
    title: `${textIn(lang, "checkout.title")} · ${siteNameOf(account)}`,
    // Signed-in requests are never cached, so naming the person is safe.
    viewer: viewer ? { name: viewer.user.name, email: viewer.user.email } : null,
    providersByCurrency: await checkoutProviders(database, account),
    cancelled: new URL(request.url).searchParams.has("cancelled"),
    funnel: await checkoutFunnel({ context, request }),
    hold: await checkoutHold({ context, request }),
    messages: areaMessages(lang, "checkoutPage", ...(viewer ? [] : (["siteAuth"] as const))),
  };
}

export function headers() {
  return { "X-Robots-Tag": "noindex", "Cache-Control": "no-store" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

/** `/checkout`: who buys, how they pay, and the order's summary; no site header or footer. */
export default function Checkout({ loaderData }: Route.ComponentProps) {
  return (
    <CheckoutScreen
      brand={<SiteLogo account={loaderData.account} />}
      viewer={loaderData.viewer}
      siteName={loaderData.siteName}
      providersByCurrency={loaderData.providersByCurrency}
      cancelled={loaderData.cancelled}
      funnel={loaderData.funnel}
      hold={loaderData.hold}
    />
  );
}
