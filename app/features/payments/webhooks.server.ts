import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { Logger } from "~/platform/logger.server";
import type { SecretBox } from "~/platform/secret-box.server";
import type { PaymentsEnv } from "./adapter.server";
import type { PaymentEvent } from "./payment-types";
import { isWebhookProvider, type PaymentProvider } from "./provider-shapes";
import { openProvider } from "./provider-settings.server";
import { adapterFor } from "./providers.server";
import { insertPaymentEvent } from "./queries.server";
import { paymentEventSchema } from "./webhook-schemas";

/** The job every stored payment event asks for; the orders feature applies it. */
export const PAYMENT_EVENT_JOB = "payments.event";
export type PaymentEventJobData = { accountId: string; provider: PaymentProvider; eventId: string };

/** What payments need of the job queue (platform/jobs): enqueue inside the caller's transaction. */
export type JobSender = {
  send(
    tx: Tx,
    name: string,
    data: Record<string, unknown>,
    options?: { singletonKey?: string },
  ): Promise<unknown>;
};

/**
 * A provider's event into the inbox (payment_events) and, in the same transaction, the job
 * that applies it — both once: the same event again inserts nothing and asks for nothing.
 * Returns whether it was new. The webhook route and a confirmed return both come here.
 */
export async function recordPaymentEvent(
  tx: Tx,
  jobs: JobSender,
  {
    accountId,
    provider,
    event,
  }: { accountId: string; provider: PaymentProvider; event: PaymentEvent },
): Promise<boolean> {
  const inserted = await insertPaymentEvent(tx, {
    accountId,
    provider,
    eventId: event.eventId,
    type: event.kind,
    providerRef: event.providerRef,
    payload: {
      paymentRef: event.paymentRef ?? null,
      amount: event.amount ?? null,
      partial: event.partial ?? null,
      subscriptionRef: event.subscriptionRef ?? null,
      periodEnd: event.periodEnd?.toISOString() ?? null,
      occurredAt: event.occurredAt.toISOString(),
      raw: event.raw,
    },
  });
  if (inserted) {
    const data: PaymentEventJobData = { accountId, provider, eventId: event.eventId };
    await jobs.send(tx, PAYMENT_EVENT_JOB, data, {
      singletonKey: `${provider}:${event.eventId}`,
    });
  }
  return inserted;
}

export type WebhookDeps = {
  database: Database;
  secretBox: SecretBox;
  env: PaymentsEnv;
  logger: Logger;
  jobs: JobSender;
};

export type WebhookReceipt =
  | { status: "stored"; eventId: string }
  | { status: "duplicate"; eventId: string }
  | { status: "ignored"; type: string }
  | { status: "unreadable"; where: string };

/**
 * `POST /api/payments/webhooks/:provider` on the account's host: the signature is checked with
 * the account's own webhook secret (bad → 400 payment.badSignature, nothing stored), then
 * the event is recorded once. Event types we do not act on are answered and forgotten; a signed
 * event we cannot read is logged and answered too (decision 043), never a 500.
 */
export async function receiveWebhook(
  { database, secretBox, env, logger, jobs }: WebhookDeps,
  {
    accountId,
    provider,
    body,
    headers,
  }: { accountId: string; provider: string; body: string; headers: Headers },
): Promise<WebhookReceipt> {
  if (!isWebhookProvider(provider)) throw new AppError({ code: "route.notFound" });
  const opened = await database.forAccount(accountId, (tx) =>
    openProvider(tx, secretBox, { accountId, provider }),
  );
  // Keys kept but the provider switched off: refunds and late payments still count.
  if (!opened?.keys.webhookSecret) throw new AppError({ code: "route.notFound" });
  const outcome = await (
    await adapterFor(provider, { env, logger })
  ).parseWebhook(opened.keys, {
    body,
    headers,
  });
  if (outcome.kind === "ignored") return { status: "ignored", type: outcome.type.slice(0, 100) };
  // What the adapter made of it is checked too: a date that is no date would fail the insert.
  const made = outcome.kind === "event" ? paymentEventSchema.safeParse(outcome.event) : null;
  if (outcome.kind === "unreadable" || !made?.success) {
    const where =
      outcome.kind === "unreadable"
        ? outcome.where
        : `event.${made?.error?.issues[0]?.path.join(".") ?? ""}`;
    // Acknowledged (the provider would send it again for days), and told to whoever watches.
    logger.warn({ provider, accountId, where }, "payment webhook unreadable");
    return { status: "unreadable", where };
  }
  const { event } = outcome;
  const inserted = await database.forAccount(accountId, (tx) =>
    recordPaymentEvent(tx, jobs, { accountId, provider, event }),
  );
  return { status: inserted ? "stored" : "duplicate", eventId: event.eventId };
}
