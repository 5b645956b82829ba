import { siteAccount } from "~/features/accounts/accounts.server";
import { viewerContext } from "~/features/members/members";
import { OrderReference } from "~/features/orders/orders";
import { OrderThanksIsland } from "~/features/orders/orders.islands";
import { orderView } from "~/features/orders/orders.server";
import { ThankYouScreen } from "~/features/site/site";
import { seo } from "~/features/site/site";
import { sitePageData } from "~/features/site/site.server";
import { isAppError } from "~/platform/errors";
import { textIn } from "~/platform/i18n/messages.server";
import { servicesContext } from "~/platform/request-context";
import { islandsHandle } from "~/platform/islands/island-document";
import type { Route } from "./+types/thank-you";

// HTML plus its islands (decision 048): the buyer's order, or the reference from the address.
export const handle = islandsHandle;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The signed-in buyer's own order, or null (anyone else sees the page everyone sees). */
async function buyersOrder({ context, request }: Pick<Route.LoaderArgs, "context" | "request">) {
  const orderId = new URL(request.url).searchParams.get("order") ?? "";
  const viewer = context.get(viewerContext);
  if (!viewer || !uuid.test(orderId)) return null;
  const { database } = context.get(servicesContext);
  const accountId = siteAccount(context).accountId;
  return orderView(database, { accountId, viewer, orderId }).catch((error: unknown) => {
    if (isAppError(error)) return null;
    throw error;
  });
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const account = siteAccount(context);
  const { lang } = context.get(servicesContext);
  const order = await buyersOrder({ context, request });
  return {
    title: textIn(lang, "sitePages.thankyou.title"),
    order,
    ...sitePageData(
      { account, request, lang },
      order ? ["thankYouPage", "orderPage"] : ["thankYouPage"],
    ),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [...seo(loaderData), { name: "robots", content: "noindex" }];
}

/** `/thankyou`, where checkout and sign-up forms land; the buyer sees their order's progress. */
export default function ThankYou({ loaderData }: Route.ComponentProps) {
  return (
    <ThankYouScreen
      order={
        loaderData.order ? <OrderThanksIsland initial={loaderData.order} /> : <OrderReference />
      }
    />
  );
}
