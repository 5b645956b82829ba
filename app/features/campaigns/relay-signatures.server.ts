import {
  createHash,
  createHmac,
  createPublicKey,
  timingSafeEqual,
  verify,
  type KeyObject,
} from "node:crypto";

/*
 * How a relay's webhook proves it is the relay's (decision 055, addendum "bounces and
 * complaints by webhook"). Mailgun signs `timestamp + token` with the webhook signing key
 * (HMAC-SHA256, hex, in the body); SendGrid's Signed Event Webhook signs `timestamp + body` with
 * an ECDSA P-256 key whose public half the owner copies from its settings (base64 DER in a
 * header). Both carry a timestamp: one older (or newer) than the window is refused, so a post
 * captured on its way cannot be replayed later. Postmark signs nothing: its webhook URL carries
 * HTTP basic credentials, sent over TLS; a replayed post changes nothing the first did not.
 */

/** How far a webhook's timestamp may be from this server's clock, either way. */
export const REPLAY_WINDOW_SECONDS = 5 * 60;

/** A Unix timestamp in seconds within the replay window of `now`. */
export function isFresh(timestamp: string, now: Date): boolean {
  if (!/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(now.getTime() / 1000 - Number(timestamp)) <= REPLAY_WINDOW_SECONDS;
}

/** Mailgun: `signature` is the hex HMAC-SHA256 of `timestamp + token` under the signing key. */
export function mailgunSigned(
  key: string,
  { timestamp, token, signature }: { timestamp: string; token: string; signature: string },
): boolean {
  if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHmac("sha256", key).update(`${timestamp}${token}`, "utf8").digest();
  return timingSafeEqual(expected, Buffer.from(signature, "hex"));
}

/**
 * SendGrid's verification key as its settings page shows it (base64 of the DER public key), or
 * as PEM; null unless it is an elliptic-curve public key on P-256.
 */
export function sendgridKeyOf(text: string): KeyObject | null {
  try {
    const trimmed = text.trim();
    const key = trimmed.includes("-----BEGIN")
      ? createPublicKey(trimmed)
      : createPublicKey({ key: Buffer.from(trimmed, "base64"), format: "der", type: "spki" });
    const curve = key.asymmetricKeyDetails?.namedCurve;
    return key.asymmetricKeyType === "ec" && curve === "prime256v1" ? key : null;
  } catch {
    return null;
  }
}

/** SendGrid: the base64 DER ECDSA signature over the timestamp header then the raw body. */
export function sendgridSigned(
  key: KeyObject,
  { timestamp, signature, body }: { timestamp: string; signature: string; body: Uint8Array },
): boolean {
  if (!/^[A-Za-z0-9+/]{16,200}={0,2}$/.test(signature)) return false;
  try {
    const signed = Buffer.concat([Buffer.from(timestamp, "utf8"), body]);
    return verify("sha256", signed, key, Buffer.from(signature, "base64"));
  } catch {
    return false;
  }
}

/** Postmark: `Authorization: Basic` with the credentials its webhook URL was given (`user:pass`). */
export function postmarkAuthorized(credentials: string, authorization: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();
  const expected = `Basic ${Buffer.from(credentials, "utf8").toString("base64")}`;
  return timingSafeEqual(digest(expected), digest(authorization.trim()));
}

/**
 * Whether a key is of the form its relay gives (a site's own key, checked when it is saved, as
 * the platform's are when the server starts): Mailgun's signing key, SendGrid's verification
 * key (P-256), Postmark's webhook credentials (`user:password`).
 */
export function webhookKeyFits(relay: "mailgun" | "sendgrid" | "postmark", key: string): boolean {
  if (relay === "sendgrid") return sendgridKeyOf(key) !== null;
  if (key.length < 16) return false;
  return relay === "mailgun" ? /^[\x21-\x7e]+$/.test(key) : /^[^:\s]+:[\x21-\x7e]+$/.test(key);
}
