// /dashboard/orders: what the screen loads (a member's own orders and subscriptions, or for
// managers the shop's tab the query names) and the one command it sends to its own action
// (cancel a subscription at its period's end). The other commands (confirm, refund, cancel an
// order, record a manual one) go to the orders API.
import type { Database } from "~/platform/db/database.server";
import { AppError, isAppError } from "~/platform/errors";
import {
  isShopManager,
  listMyOrders,
  loadOrderDetail,
  manualOrderProducts,
  searchShopOrders,
  type OrdersRequest,
} from "./order-lists.server";
import { listCustomers, loadRevenueReport } from "./order-reports.server";
import { cancelSubscriptionSchema, parseShopQuery, type OrdersScreen } from "./order-views";
import {
  cancelSubscription,
  listMySubscriptions,
  listShopSubscriptions,
  type ProviderCancel,
} from "./subscriptions.server";

export async function loadOrdersScreen(
  database: Database,
  { account, viewer, search, now }: OrdersRequest & { search: URLSearchParams; now?: Date },
): Promise<OrdersScreen> {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  if (!isShopManager(viewer)) {
    const [orders, subscriptions] = await Promise.all([
      listMyOrders(database, { account, viewer }),
      listMySubscriptions(database, { account, viewer }),
    ]);
    return { view: "member", orders, subscriptions };
  }
  const query = parseShopQuery(search);
  const request = { account, viewer, query };
  const screen: OrdersScreen = {
    view: "shop",
    query,
    orders: null,
    detail: null,
    customers: null,
    subscriptions: null,
    revenue: null,
    products: [],
  };
  if (query.tab === "orders") {
    screen.orders = await searchShopOrders(database, request);
    screen.products = await manualOrderProducts(database, request);
    if (query.order)
      screen.detail = await loadOrderDetail(database, { ...request, orderId: query.order }).catch(
        (error: unknown) => {
          // An order that is gone (or never was) closes the drawer rather than failing the page.
          if (isAppError(error) && error.code === "order.notFound") return null;
          throw error;
        },
      );
  } else if (query.tab === "customers") {
    screen.customers = await listCustomers(database, request);
  } else if (query.tab === "subscriptions") {
    screen.subscriptions = await listShopSubscriptions(database, request);
  } else {
    screen.revenue = await loadRevenueReport(database, { ...request, now });
  }
  return screen;
}

/** The screen's action: `{ intent: "cancelSubscription", subscriptionId }`. */
export async function answerOrdersCommand(
  { database, providerCancel }: { database: Database; providerCancel?: ProviderCancel },
  { account, viewer, body }: OrdersRequest & { body: unknown },
): Promise<{ ok: true }> {
  const input = cancelSubscriptionSchema.safeParse(body);
  if (!input.success) throw new AppError({ code: "request.invalid" });
  await cancelSubscription(
    { database, providerCancel },
    { accountId: account.accountId, viewer, subscriptionId: input.data.subscriptionId },
  );
  return { ok: true };
}

export { exportOrdersCsv } from "./orders-csv.server";
export { sendReceipt, type SiteAddress } from "./receipt.server";
export { cancelSubscription, type ProviderCancel } from "./subscriptions.server";
export { orderDocumentsApi, answerInvoicePdf } from "./documents-api.server";
export type { OrdersScreen } from "./order-views";
