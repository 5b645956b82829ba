import { z } from "zod";
import { domainEventTypes, type DomainEventType } from "~/features/events/events";

/*
 * Issue 37 outgoing webhooks (decision 085): what the screen shows and sends, client-safe.
 */

/** The owner's test call, sent on demand: not a domain event. */
export const WEBHOOK_TEST_EVENT = "webhook.test";

export const deliveryStatuses = ["queued", "delivered", "failed"] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/** What is posted: `{ type, timestamp, data }`, `data` holding the event's references. */
export type WebhookPayload = {
  type: DomainEventType | typeof WEBHOOK_TEST_EVENT;
  /** When it happened (ISO 8601). */
  timestamp: string;
  data: Record<string, string | number | boolean | string[] | null>;
};

/** Endpoints a site may have: each event is one delivery per endpoint. */
export const MAX_ENDPOINTS = 20;
/** Deliveries listed under an endpoint, newest first. */
export const RECENT_DELIVERIES = 20;

export type WebhookDeliveryView = {
  id: string;
  eventType: string;
  status: DeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string;
  createdAt: string;
  deliveredAt: string | null;
  nextAttemptAt: string | null;
};

export type WebhookEndpointView = {
  id: string;
  url: string;
  description: string;
  /** null: every event type. */
  eventTypes: DomainEventType[] | null;
  enabled: boolean;
  /** False after an import: a new secret must be rolled before anything is sent. */
  hasSecret: boolean;
  createdAt: string;
  deliveries: WebhookDeliveryView[];
};

export { domainEventTypes as webhookEventTypes };

const id = z.uuid();
const eventTypes = z.array(z.enum(domainEventTypes)).min(1).max(domainEventTypes.length).nullable();

/** The screen's commands, one JSON body each (its `intent`). */
export const webhookCommandSchema = z.discriminatedUnion("intent", [
  z
    .object({
      intent: z.literal("create"),
      url: z.string().trim().min(1).max(2000),
      description: z.string().trim().max(200),
      eventTypes,
    })
    .strict(),
  z.object({ intent: z.literal("setEnabled"), id, enabled: z.boolean() }).strict(),
  z.object({ intent: z.literal("rollSecret"), id }).strict(),
  z.object({ intent: z.literal("delete"), id }).strict(),
  z.object({ intent: z.literal("test"), id }).strict(),
  z.object({ intent: z.literal("retry"), id, deliveryId: id }).strict(),
]);
export type WebhookCommand = z.infer<typeof webhookCommandSchema>;

/** What a command answers; `secret` only when one was made (shown once). */
export type WebhookCommandAnswer = {
  ok: true;
  intent: WebhookCommand["intent"];
  id: string;
  secret?: string;
};
