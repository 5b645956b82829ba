// A subscription of a counted number of payments (instalments, or a subscription with
// iterations) is paid off when none is left: what it gave lasts for ever, and the provider must
// not charge again. PayPal's cycles and Razorpay's total count stop by themselves; Stripe counts
// nothing, so it is told to stop renewing at the end of the period just paid (decision 033).
import { and, eq } from "drizzle-orm";
import type { Database, Tx } from "~/platform/db/database.server";
import type { JobSender } from "./order-jobs";
import type { ProviderCancel } from "./subscriptions.server";
import { subscriptions } from "./tables.server";

/** Tells the provider of a paid-off subscription to stop renewing. */
export const PAID_OFF_JOB = "orders.paid-off";

/** Providers that do not count a subscription's payments themselves. */
const uncounted: ReadonlySet<string> = new Set(["stripe"]);

type Counted = { id: string; accountId: string; provider: string; paymentsLeft: number | null };

/** Inside the transaction that took the last payment: the provider is told by the queue. */
export async function whenPaidOff(tx: Tx, jobs: JobSender, sub: Counted): Promise<void> {
  if (sub.paymentsLeft !== 0 || !uncounted.has(sub.provider)) return;
  await jobs.send(
    tx,
    PAID_OFF_JOB,
    { accountId: sub.accountId, subscriptionId: sub.id },
    { singletonKey: sub.id },
  );
}

/** The job: asks the provider once, then records that it was asked. */
export async function stopPaidOff(
  { database, providerCancel }: { database: Database; providerCancel: ProviderCancel },
  { accountId, subscriptionId }: { accountId: string; subscriptionId: string },
): Promise<boolean> {
  const key = and(eq(subscriptions.accountId, accountId), eq(subscriptions.id, subscriptionId));
  const [sub] = await database.forAccount(accountId, (tx) =>
    tx.select().from(subscriptions).where(key),
  );
  if (!sub || sub.paymentsLeft !== 0 || sub.cancelAtPeriodEnd || sub.status === "ended")
    return false;
  await providerCancel(sub);
  await database.forAccount(accountId, (tx) =>
    tx.update(subscriptions).set({ cancelAtPeriodEnd: true }).where(key),
  );
  return true;
}
