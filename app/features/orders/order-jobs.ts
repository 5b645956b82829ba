import type { PaymentDeps } from "~/features/payments/payments.server";
import type { Tx } from "~/platform/db/database.server";

/** What orders need of the job queue (platform/jobs): enqueue inside the caller's transaction. */
export type JobSender = {
  send(
    tx: Tx,
    name: string,
    data: Record<string, unknown>,
    options?: {
      singletonKey?: string;
      startAfterSeconds?: number;
      retryLimit?: number;
      retryDelaySeconds?: number;
    },
  ): Promise<void>;
};

/** Grants what a paid order bought, then asks for its receipt. */
export const ORDER_FULFIL_JOB = "orders.fulfil";
/** Sends the receipt e-mail of a fulfilled order. */
export const ORDER_RECEIPT_JOB = "orders.receipt";
/**
 * A manager's refund checked a few minutes after its reservation: the provider is asked again
 * with the same refund key and the order settled, or the reservation given back (decision 032).
 */
export const ORDER_REFUND_CHECK_JOB = "orders.refund-check";
/** Mails the member the pending order of an offline subscription's next period (how to pay). */
export const ORDER_RENEWAL_DUE_JOB = "orders.renewal-due";

/**
 * A fulfilled order of the platform account (a site paying for its plan): billing applies the
 * plan to the site it paid for.
 */
export const PLATFORM_ORDER_FULFILLED_JOB = "platform.orderFulfilled";

export type OrderJobData = { accountId: string; orderId: string };

export function orderJobData(data: Record<string, unknown>): OrderJobData {
  const { accountId, orderId } = data;
  if (typeof accountId !== "string" || typeof orderId !== "string")
    throw new TypeError("an order job needs accountId and orderId");
  return { accountId, orderId };
}

/** What order use cases that talk to a provider need: the payments' services and the queue. */
export type OrderDeps = PaymentDeps & { jobs: JobSender };
