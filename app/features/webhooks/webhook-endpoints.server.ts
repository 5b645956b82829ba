import { isIP } from "node:net";
import { and, count, eq, sql } from "drizzle-orm";
import { isPublicAddress } from "~/features/campaigns/campaigns.server";
import { requireCapability, type Viewer } from "~/features/members/members.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { Limiter, RateLimits } from "~/platform/rate-limits/rate-limits.server";
import { newWebhookSecret } from "~/platform/webhook-signing.server";
import { queueDelivery, sealContext, type WebhookServices } from "./webhook-delivery.server";
import {
  MAX_ENDPOINTS,
  RECENT_DELIVERIES,
  WEBHOOK_TEST_EVENT,
  webhookCommandSchema,
  type WebhookCommandAnswer,
  type WebhookEndpointView,
} from "./webhook-shapes";
import { webhookDeliveries, webhookEndpoints } from "./tables.server";

type Place = { accountId: string; viewer: Viewer | null };

/** Calls a site's managers may ask for by hand (test events, retries): 30 a minute per site. */
export const webhookCallLimits = { points: 30, duration: 60 };
const limiters = new WeakMap<RateLimits, Limiter>();
export function webhookCallLimiter(rateLimits: RateLimits): Limiter {
  let found = limiters.get(rateLimits);
  if (!found) {
    found = rateLimits.create("webhooks-calls", webhookCallLimits);
    limiters.set(rateLimits, found);
  }
  return found;
}

/**
 * An endpoint's address: http(s), no credentials in it, and — unless the operator allows
 * private addresses — not a loopback, private or reserved address written out. A name is
 * looked up, and its addresses checked again, every time a call is made (webhook-delivery).
 */
export function endpointUrl(raw: string, allowPrivate: boolean): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError({ code: "webhooks.badUrl" });
  }
  if (!["http:", "https:"].includes(url.protocol) || url.username || url.password || !url.hostname)
    throw new AppError({ code: "webhooks.badUrl" });
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const named = host === "localhost" || host.endsWith(".localhost");
  if (!allowPrivate && (named || (isIP(host) !== 0 && !isPublicAddress(host))))
    throw new AppError({ code: "webhooks.privateAddress" });
  url.hash = "";
  return url.href;
}

const thisEndpoint = (accountId: string, id: string) =>
  and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.id, id));

async function ownEndpoint(tx: Tx, accountId: string, id: string) {
  const [row] = await tx
    .select()
    .from(webhookEndpoints)
    .where(thisEndpoint(accountId, id))
    .for("update");
  if (!row) throw new AppError({ code: "webhooks.notFound" });
  return row;
}

/** The site's endpoints, each with its latest deliveries (never a secret). */
export async function listWebhookEndpoints(
  database: Database,
  { accountId, viewer }: Place,
): Promise<WebhookEndpointView[]> {
  requireCapability(viewer, "manage_options");
  return database.forAccount(accountId, async (tx) => {
    const endpoints = await tx
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.accountId, accountId))
      .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
    if (endpoints.length === 0) return [];
    const deliveries = await tx.execute<{
      id: string;
      endpoint_id: string;
      event_type: string;
      status: WebhookEndpointView["deliveries"][number]["status"];
      attempts: number;
      last_status_code: number | null;
      last_error: string;
      created_at: string | Date;
      delivered_at: string | Date | null;
      next_attempt_at: string | Date | null;
    }>(sql`select d.id, d.endpoint_id, d.event_type, d.status, d.attempts, d.last_status_code,
                  d.last_error, d.created_at, d.delivered_at, d.next_attempt_at
             from ${webhookEndpoints} e
             cross join lateral (
               select * from ${webhookDeliveries} d
                where d.account_id = e.account_id and d.endpoint_id = e.id
                order by d.created_at desc, d.id desc limit ${RECENT_DELIVERIES}) d
            where e.account_id = ${accountId}`);
    const iso = (value: string | Date | null) => (value ? new Date(value).toISOString() : null);
    const byEndpoint = Map.groupBy(deliveries.rows, (row) => row.endpoint_id);
    return endpoints.map((endpoint) => ({
      id: endpoint.id,
      url: endpoint.url,
      description: endpoint.description,
      eventTypes: (endpoint.eventTypes as WebhookEndpointView["eventTypes"]) ?? null,
      enabled: endpoint.enabled,
      hasSecret: endpoint.secretSealed !== null,
      createdAt: endpoint.createdAt.toISOString(),
      deliveries: (byEndpoint.get(endpoint.id) ?? [])
        .map((row) => ({
          id: row.id,
          eventType: row.event_type,
          status: row.status,
          attempts: Number(row.attempts),
          lastStatusCode: row.last_status_code === null ? null : Number(row.last_status_code),
          lastError: row.last_error,
          createdAt: iso(row.created_at)!,
          deliveredAt: iso(row.delivered_at),
          nextAttemptAt: iso(row.next_attempt_at),
        }))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id)),
    }));
  });
}

/**
 * The Webhooks screen's action: one JSON body naming its `intent`, for the site's managers
 * only. Every change is one transaction; a test or a retry writes its job in it.
 */
export async function commandWebhooks(
  services: WebhookServices,
  { accountId, viewer, body, limiter }: Place & { body: unknown; limiter?: Limiter },
): Promise<WebhookCommandAnswer> {
  requireCapability(viewer, "manage_options");
  const parsed = webhookCommandSchema.safeParse(body);
  if (!parsed.success) throw new AppError({ code: "request.invalid" });
  const command = parsed.data;
  // Each asks the server to call out: a site cannot turn it into a stream of requests.
  if (command.intent === "test" || command.intent === "retry") await limiter?.take(accountId);
  const { database, secretBox } = services;
  const seal = (id: string, secret: string) => secretBox.seal(secret, sealContext(accountId, id));
  return database.forAccount(accountId, async (tx): Promise<WebhookCommandAnswer> => {
    switch (command.intent) {
      case "create": {
        const url = endpointUrl(command.url, services.allowPrivate);
        // One creation at a time per site, so the cap holds under concurrent requests.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhooks:${accountId}`}))`);
        const [had] = await tx
          .select({ n: count() })
          .from(webhookEndpoints)
          .where(eq(webhookEndpoints.accountId, accountId));
        if ((had?.n ?? 0) >= MAX_ENDPOINTS) throw new AppError({ code: "webhooks.tooMany" });
        const id = crypto.randomUUID();
        const secret = newWebhookSecret();
        await tx.insert(webhookEndpoints).values({
          accountId,
          id,
          url,
          description: command.description,
          eventTypes: command.eventTypes ? [...new Set(command.eventTypes)] : null,
          secretSealed: seal(id, secret),
        });
        return { ok: true, intent: command.intent, id, secret };
      }
      case "rollSecret": {
        await ownEndpoint(tx, accountId, command.id);
        const secret = newWebhookSecret();
        await tx
          .update(webhookEndpoints)
          .set({ secretSealed: seal(command.id, secret) })
          .where(thisEndpoint(accountId, command.id));
        return { ok: true, intent: command.intent, id: command.id, secret };
      }
      case "setEnabled":
        await ownEndpoint(tx, accountId, command.id);
        await tx
          .update(webhookEndpoints)
          .set({ enabled: command.enabled })
          .where(thisEndpoint(accountId, command.id));
        return { ok: true, intent: command.intent, id: command.id };
      case "delete":
        await ownEndpoint(tx, accountId, command.id);
        await tx.delete(webhookEndpoints).where(thisEndpoint(accountId, command.id));
        return { ok: true, intent: command.intent, id: command.id };
      case "test": {
        const endpoint = await ownEndpoint(tx, accountId, command.id);
        if (!endpoint.secretSealed) throw new AppError({ code: "webhooks.noSecret" });
        const [row] = await tx
          .insert(webhookDeliveries)
          .values({
            accountId,
            endpointId: endpoint.id,
            eventType: WEBHOOK_TEST_EVENT,
            payload: {
              type: WEBHOOK_TEST_EVENT,
              timestamp: new Date().toISOString(),
              data: { endpointId: endpoint.id, description: endpoint.description },
            },
            nextAttemptAt: sql`now()`,
          })
          .returning({ id: webhookDeliveries.id });
        await queueDelivery(services, tx, { accountId, deliveryId: row!.id, after: 0 });
        return { ok: true, intent: command.intent, id: row!.id };
      }
      case "retry":
        return retryDelivery(services, tx, { accountId, ...command });
    }
  });
}

/**
 * "Retry now": a failed or delivered call is made once more, a waiting one is made now (its
 * later turn then finds it moved on). One being sent right now is left to finish.
 */
async function retryDelivery(
  services: WebhookServices,
  tx: Tx,
  { accountId, id, deliveryId }: { accountId: string; id: string; deliveryId: string },
): Promise<WebhookCommandAnswer> {
  const endpoint = await ownEndpoint(tx, accountId, id);
  if (!endpoint.secretSealed) throw new AppError({ code: "webhooks.noSecret" });
  const [moved] = await tx
    .update(webhookDeliveries)
    .set({ status: "queued", nextAttemptAt: sql`now()` })
    .where(
      and(
        eq(webhookDeliveries.accountId, accountId),
        eq(webhookDeliveries.endpointId, id),
        eq(webhookDeliveries.id, deliveryId),
        sql`(${webhookDeliveries.heldUntil} is null or ${webhookDeliveries.heldUntil} < now())`,
      ),
    )
    .returning({ attempts: webhookDeliveries.attempts });
  if (!moved) {
    const [exists] = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.accountId, accountId),
          eq(webhookDeliveries.endpointId, id),
          eq(webhookDeliveries.id, deliveryId),
        ),
      );
    throw new AppError({ code: exists ? "webhooks.deliveryBusy" : "webhooks.notFound" });
  }
  await queueDelivery(services, tx, { accountId, deliveryId, after: moved.attempts });
  return { ok: true, intent: "retry", id: deliveryId };
}
