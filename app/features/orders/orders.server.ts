// The orders feature's server door: what routes, jobs and other features may use.
import type { AccountSummary } from "~/features/accounts/accounts";
import { eq } from "drizzle-orm";
import { enabledProviders, type PaymentProvider } from "~/features/payments/payments.server";
import { productPrices } from "~/features/products/tables.server";
import type { Database } from "~/platform/db/database.server";
import { applyPaymentEvent, paymentEventJob } from "./apply-payment-event.server";
import { fulfilOrder } from "./fulfil-order.server";
import {
  ORDER_FULFIL_JOB,
  ORDER_REFUND_CHECK_JOB,
  orderJobData,
  type JobSender,
  type OrderDeps,
} from "./order-jobs";
import { checkRefund, refundCheckData } from "./refund-reservation.server";
import { shopCurrency } from "./shop-currency";

export { ordersApi } from "./api.server";
export { providerCancelFor } from "./subscription-billing.server";
export { PAID_OFF_JOB, stopPaidOff } from "./paid-off.server";
export { shopCurrency } from "./shop-currency";
export { orderView, unlockedBy, type OrderView, type Unlocked } from "./order-view.server";
export {
  ORDER_FULFIL_JOB,
  ORDER_RECEIPT_JOB,
  ORDER_REFUND_CHECK_JOB,
  ORDER_RENEWAL_DUE_JOB,
  PLATFORM_ORDER_FULFILLED_JOB,
  type JobSender,
  type OrderDeps,
} from "./order-jobs";
export { placeOrder, type SellerTerms } from "./place-order.server";
export { takeUpsell, type UpsellTaken } from "./funnel-upsell.server";
export { funnelRevenue } from "./funnel-revenue.server";
export { confirmPaymentReturn } from "./payment-return.server";
export { cancelOrder } from "./manage-order.server";
export { cancelOpenCheckoutsOf, openCheckoutOf, refundOrderFor } from "./referenced-orders.server";
export { sendReceipt } from "./receipt.server";
export { exportCustomersCsv, exportSubscriptionsCsv } from "./shop-lists-csv.server";
export { sendRenewalNotice } from "./renewal-notice.server";
export {
  loadOrdersScreen,
  answerOrdersCommand,
  exportOrdersCsv,
  orderDocumentsApi,
  answerInvoicePdf,
  cancelSubscription,
  type ProviderCancel,
} from "./orders-screen.server";
export { invoiceFacts, invoiceFilename, renderInvoicePdf } from "./invoice-pdf.server";
export { orders, orderItems, subscriptions } from "./tables.server";
export { dailyRevenue } from "./order-reports.server";

type JobWorker = JobSender & {
  work(name: string, handler: (data: Record<string, unknown>) => Promise<void>): void;
};

/**
 * The queue's order work: a verified payment event moves its order, a paid order is fulfilled,
 * a manager's refund is checked with its provider. (The receipt job is registered beside the
 * mailer.)
 */
export function registerOrderJobs({
  jobs,
  paymentEventJobName,
  ...payments
}: Omit<OrderDeps, "jobs"> & {
  jobs: JobWorker;
  paymentEventJobName: string;
}) {
  const { database } = payments;
  jobs.work(ORDER_REFUND_CHECK_JOB, async (data) => {
    await checkRefund({ ...payments, jobs }, refundCheckData(data));
  });
  jobs.work(paymentEventJobName, async (data) => {
    await applyPaymentEvent({ database, jobs }, paymentEventJob(data));
  });
  jobs.work(ORDER_FULFIL_JOB, async (data) => {
    await fulfilOrder({ database, jobs }, orderJobData(data));
  });
}

/**
 * The providers the checkout offers, per currency the site sells in (its own and every
 * currency a product is priced in): switched on, with keys, taking that currency. The browser
 * picks the list of its cart's currency.
 */
export function checkoutProviders(
  database: Database,
  account: AccountSummary,
): Promise<Record<string, PaymentProvider[]>> {
  const { accountId } = account;
  return database.forAccount(accountId, async (tx) => {
    const priced = await tx
      .selectDistinct({ currency: productPrices.currency })
      .from(productPrices)
      .where(eq(productPrices.accountId, accountId));
    const currencies = new Set([shopCurrency(account), ...priced.map((row) => row.currency)]);
    const byCurrency: Record<string, PaymentProvider[]> = {};
    for (const currency of currencies)
      byCurrency[currency] = await enabledProviders(tx, { accountId, currency });
    return byCurrency;
  });
}
export {
  OFFLINE_RENEWAL_NOTICE_DAYS,
  OFFLINE_RENEWAL_PAYABLE_DAYS,
} from "./offline-renewals.server";
export {
  lapsedStatus,
  PROVIDER_SILENCE_DAYS,
  SUBSCRIPTION_SWEEP_JOB,
  sweepLapsedSubscriptions,
} from "./subscription-sweep.server";
export { platformShop } from "./platform-shop.server";
export { expireUnpaidOrders, ORDER_EXPIRY_JOB, type ExpiryTerms } from "./order-expiry.server";
