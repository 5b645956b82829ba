import { createHmac, randomBytes } from "node:crypto";

/*
 * Outgoing webhooks as the Standard Webhooks spec says (standardwebhooks.com): one signature
 * for every caller (automations' webhook steps, a site's webhook endpoints), so a receiver's
 * library checks either the same way.
 */

/**
 * Signs a call: HMAC-SHA256 of `id.timestamp.body` with the secret's bytes (after `whsec_`),
 * base64, as `v1,<signature>`.
 */
export function signWebhook(
  secret: string,
  { id, timestamp, body }: { id: string; timestamp: number; body: string },
) {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/** A new signing secret: 24 random bytes, base64, with the spec's `whsec_` prefix. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString("base64")}`;

/** The headers of one signed call, `timestamp` in seconds (the receiver refuses old ones). */
export function webhookHeaders(
  secret: string,
  { id, timestamp, body }: { id: string; timestamp: number; body: string },
): Record<string, string> {
  return {
    "content-type": "application/json",
    "user-agent": "Lyceum-Webhooks/1",
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signWebhook(secret, { id, timestamp, body }),
  };
}
