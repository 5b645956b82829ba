import { PlatformOrdersExport } from "~/features/billing/billing";
import { loadDashboardScreen, openDashboardSection } from "~/features/dashboard/dashboard.server";
import { answerSettingsSave } from "~/features/dashboard/dashboard.server";
import { settingsMeta } from "~/features/dashboard/dashboard";
import { OrdersScreenView } from "~/features/orders/orders";
import {
  answerOrdersCommand,
  loadOrdersScreen,
  platformShop,
  providerCancelFor,
} from "~/features/orders/orders.server";
import { paymentDepsContext } from "~/features/payments/payments.server";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/billing-shop";

/** Each console path's title. */
const titles = {
  customers: "dashboard.sections.customers.title",
  subscriptions: "dashboard.sections.subscriptions.title",
  orders: "dashboard.sections.billingOrders.title",
} as const;

/** Which tab of the platform's shop each console path opens. */
const tabOf = (pathname: string) =>
  pathname.endsWith("/customers")
    ? "customers"
    : pathname.endsWith("/subscriptions")
      ? "subscriptions"
      : "orders";

/**
 * The console's `/dashboard/billing/customers`, `/subscriptions` and `/orders` (super-admins):
 * the platform's own shop — site owners who bought plans, their subscriptions, their orders —
 * on the screens a site's managers use for theirs.
 */
export async function loader(args: Route.LoaderArgs) {
  const { lang } = args.context.get(servicesContext);
  return loadDashboardScreen(args, ["ordersScreen", "billingShop"], async (database, request) => {
    await openDashboardSection(database, request);
    const url = new URL(args.request.url);
    const tab = tabOf(url.pathname);
    const search = new URLSearchParams(url.search);
    if (!search.has("tab")) search.set("tab", tab);
    const screen = await loadOrdersScreen(database, { ...platformShop(request.viewer), search });
    return { screen, lang, titleKey: titles[tab] };
  });
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: loaderData?.titleKey ?? titles.orders,
    fallback: "Billing",
  });
}

/** Cancel a platform subscription at its period's end (a super-admin, for a site owner). */
export async function action(args: Route.ActionArgs) {
  return answerSettingsSave(args, async (database, request, body) => {
    await openDashboardSection(database, request);
    const providerCancel = providerCancelFor(args.context.get(paymentDepsContext));
    return answerOrdersCommand(
      { database, providerCancel },
      { ...platformShop(request.viewer), body },
    );
  });
}

export default function BillingShop({ loaderData }: Route.ComponentProps) {
  const { screen } = loaderData;
  const view = (
    <OrdersScreenView
      screen={screen}
      lang={loaderData.lang}
      platform
      titleKey={loaderData.titleKey}
    />
  );
  // Each tab downloads what its search and filters show.
  if (screen.view !== "shop") return view;
  const list = screen.query.tab;
  if (list !== "orders" && list !== "customers" && list !== "subscriptions") return view;
  return (
    <PlatformOrdersExport filters={screen.query} list={list}>
      {view}
    </PlatformOrdersExport>
  );
}
