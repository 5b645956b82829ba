import { and, eq, isNotNull, sql } from "drizzle-orm";
import { isPublicAddress } from "~/features/campaigns/campaigns.server";
import type { EventConsumer, StoredDomainEvent } from "~/features/events/events.server";
import type { Database, Tx } from "~/platform/db/database.server";
import type { JobQueue } from "~/platform/jobs/jobs.server";
import { pinnedPost } from "~/platform/pinned-post.server";
import type { SecretBox } from "~/platform/secret-box.server";
import { webhookHeaders } from "~/platform/webhook-signing.server";
import type { WebhookPayload } from "./webhook-shapes";
import { webhookDeliveries, webhookEndpoints } from "./tables.server";

/** One attempt of one delivery (decision 085). */
export const WEBHOOK_DELIVER_JOB = "webhooks.deliver";

/**
 * The wait before each retry, in seconds (the Standard Webhooks schedule): 5 s, 5 min, 30 min,
 * 2 h, 5 h, 10 h, 10 h — eight attempts over about a day and a half, then `failed`.
 */
export const RETRY_DELAYS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000];
export const MAX_ATTEMPTS = RETRY_DELAYS.length + 1;
/** A claim outlives one call (10 s, and 5 s to look up its host) with room to record it. */
const HOLD_SECONDS = 60;

export type WebhookServices = {
  database: Database;
  jobs: Pick<JobQueue, "send">;
  secretBox: SecretBox;
  /** The operator's switch: private and loopback addresses may be called (tests, a LAN). */
  allowPrivate: boolean;
  resolve: (host: string) => Promise<string[]>;
  /** Tests only: retries wait this share of their delay. */
  retryScale?: number;
};

export const sealContext = (accountId: string, endpointId: string) =>
  `webhooks:${accountId}:${endpointId}`;

/** The job of the delivery's next attempt, in the caller's transaction: `after` attempts made. */
export async function queueDelivery(
  services: Pick<WebhookServices, "jobs">,
  tx: Tx,
  { accountId, deliveryId, after }: { accountId: string; deliveryId: string; after: number },
  startAfterSeconds = 0,
) {
  // Retries are the delivery's own (its row's schedule); the queue's only cover a lost worker.
  await services.jobs.send(
    tx,
    WEBHOOK_DELIVER_JOB,
    { accountId, deliveryId, after },
    { retryLimit: 2, retryDelaySeconds: HOLD_SECONDS, startAfterSeconds },
  );
}

/** What an event's call carries: its type, when, and its references (never more). */
export function eventPayload(event: StoredDomainEvent): WebhookPayload {
  return {
    type: event.type,
    timestamp: event.occurredAt.toISOString(),
    data: {
      ...event.data,
      eventId: event.id,
      contactId: event.contactId,
      userId: event.userId,
      email: event.email,
    },
  };
}

/**
 * The webhooks' consumer of domain events: one delivery per enabled endpoint whose types
 * include the event's, and its job, in one transaction. Given the same events again (the
 * relay's at-least-once), the unique (endpoint, event) index makes nothing new.
 */
export function webhookConsumer(
  services: Pick<WebhookServices, "database" | "jobs">,
): EventConsumer {
  return {
    name: "webhooks",
    async take(accountId, events) {
      await services.database.forAccount(accountId, async (tx) => {
        const endpoints = await tx
          .select({ id: webhookEndpoints.id, eventTypes: webhookEndpoints.eventTypes })
          .from(webhookEndpoints)
          .where(
            and(
              eq(webhookEndpoints.accountId, accountId),
              eq(webhookEndpoints.enabled, true),
              isNotNull(webhookEndpoints.secretSealed),
            ),
          );
        if (endpoints.length === 0) return;
        const rows = events.flatMap((event) =>
          endpoints
            .filter((endpoint) => !endpoint.eventTypes || endpoint.eventTypes.includes(event.type))
            .map((endpoint) => ({
              accountId,
              endpointId: endpoint.id,
              eventId: event.id,
              eventType: event.type,
              payload: eventPayload(event),
              userId: event.userId,
              email: event.email,
              nextAttemptAt: sql`now()`,
            })),
        );
        // A batch of 500 events for 20 endpoints stays under a statement's parameter limit.
        for (let start = 0; start < rows.length; start += 1000) {
          const made = await tx
            .insert(webhookDeliveries)
            .values(rows.slice(start, start + 1000))
            .onConflictDoNothing({
              target: [
                webhookDeliveries.accountId,
                webhookDeliveries.endpointId,
                webhookDeliveries.eventId,
              ],
            })
            .returning({ id: webhookDeliveries.id });
          for (const row of made)
            await queueDelivery(services, tx, { accountId, deliveryId: row.id, after: 0 });
        }
      });
    },
  };
}

type Outcome =
  | { kind: "delivered"; status: number }
  | { kind: "retry"; status: number | null; error: string }
  | { kind: "stop"; error: string };

/** Where the call goes: the checked address of its host, or why not. */
async function addressOf(
  services: WebhookServices,
  url: URL,
): Promise<{ address: string } | Outcome> {
  let addresses: string[];
  try {
    addresses = await Promise.race([
      services.resolve(url.hostname.replace(/^\[|\]$/g, "")),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error("lookup timed out")), 5_000).unref(),
      ),
    ]);
  } catch (error) {
    return { kind: "retry", status: null, error: `host not found: ${String(error)}` };
  }
  if (addresses.length === 0) return { kind: "retry", status: null, error: "host not found" };
  if (!services.allowPrivate && !addresses.every(isPublicAddress))
    return { kind: "stop", error: "refused: the host has a private address" };
  return { address: addresses[0]! };
}

/**
 * The `webhooks.deliver` job: claims attempt `after + 1` of the delivery (or takes back its own
 * claim of a worker that died), posts the payload signed with the endpoint's secret to the
 * address just checked, and records the answer: a 2xx is `delivered`; anything else, a network
 * error or the 10 s timeout waits for the next retry, or is `failed` after the eighth attempt.
 */
export async function deliverWebhook(
  services: WebhookServices,
  data: { accountId: string; deliveryId: string; after: number },
): Promise<{ outcome: string; attempts?: number }> {
  const { database } = services;
  const { accountId, deliveryId, after } = data;
  const these = and(
    eq(webhookDeliveries.accountId, accountId),
    eq(webhookDeliveries.id, deliveryId),
  );
  const claimed = await database.forAccount(accountId, async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({
        attempts: after + 1,
        heldUntil: sql`now() + make_interval(secs => ${HOLD_SECONDS})`,
      })
      .where(
        and(
          these,
          eq(webhookDeliveries.status, "queued"),
          sql`(${webhookDeliveries.attempts} = ${after} or (${webhookDeliveries.attempts} = ${after + 1}
               and ${webhookDeliveries.heldUntil} < now()))`,
        ),
      )
      .returning();
    if (!row) return null;
    const [endpoint] = await tx
      .select()
      .from(webhookEndpoints)
      .where(
        and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.id, row.endpointId)),
      );
    return { delivery: row, endpoint: endpoint! };
  });
  if (!claimed) return { outcome: "moved on" };
  const { delivery, endpoint } = claimed;
  const attempts = after + 1;
  const outcome = await attempt(services, { accountId, delivery, endpoint });
  await database.forAccount(accountId, async (tx) => {
    const mine = and(these, eq(webhookDeliveries.attempts, attempts));
    if (outcome.kind === "delivered") {
      await tx
        .update(webhookDeliveries)
        .set({
          status: "delivered",
          lastStatusCode: outcome.status,
          lastError: "",
          deliveredAt: sql`now()`,
          nextAttemptAt: null,
          heldUntil: null,
        })
        .where(mine);
      return;
    }
    const last = outcome.kind === "stop" || attempts >= MAX_ATTEMPTS;
    const delay = last ? 0 : RETRY_DELAYS[attempts - 1]! * (services.retryScale ?? 1);
    const [recorded] = await tx
      .update(webhookDeliveries)
      .set({
        status: last ? "failed" : "queued",
        lastStatusCode: outcome.kind === "retry" ? outcome.status : null,
        lastError: outcome.error.slice(0, 500),
        nextAttemptAt: last ? null : sql`now() + make_interval(secs => ${delay})`,
        heldUntil: null,
      })
      .where(mine)
      .returning({ id: webhookDeliveries.id });
    if (recorded && !last)
      await queueDelivery(
        services,
        tx,
        { accountId, deliveryId, after: attempts },
        Math.round(delay),
      );
  });
  return { outcome: outcome.kind, attempts };
}

async function attempt(
  services: WebhookServices,
  {
    accountId,
    delivery,
    endpoint,
  }: {
    accountId: string;
    delivery: typeof webhookDeliveries.$inferSelect;
    endpoint: typeof webhookEndpoints.$inferSelect | undefined;
  },
): Promise<Outcome> {
  if (!endpoint) return { kind: "stop", error: "the endpoint was deleted" };
  if (!endpoint.enabled) return { kind: "stop", error: "the endpoint is disabled" };
  if (!endpoint.secretSealed) return { kind: "stop", error: "the endpoint has no secret" };
  const url = new URL(endpoint.url);
  const target = await addressOf(services, url);
  if ("kind" in target) return target;
  const secret = services.secretBox.open(
    endpoint.secretSealed,
    sealContext(accountId, endpoint.id),
  );
  const body = JSON.stringify(delivery.payload);
  const timestamp = Math.floor(Date.now() / 1000);
  try {
    const answer = await pinnedPost(url, {
      address: target.address,
      headers: webhookHeaders(secret, { id: delivery.id, timestamp, body }),
      body,
    });
    if (answer.status >= 200 && answer.status < 300)
      return { kind: "delivered", status: answer.status };
    return {
      kind: "retry",
      status: answer.status,
      error: `answered ${answer.status}${answer.excerpt ? `: ${answer.excerpt.slice(0, 200)}` : ""}`,
    };
  } catch (error) {
    return {
      kind: "retry",
      status: null,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}
