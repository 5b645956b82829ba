import { verify, X509Certificate, type KeyObject } from "node:crypto";
import { z } from "zod";
import { REPLAY_WINDOW_SECONDS } from "./relay-signatures.server";

/*
 * Amazon SNS's HTTPS messages, as Amazon SES publishes its bounces and complaints to a topic
 * (decision 055, addendum "bounces and complaints by webhook"). SNS signs each message with an
 * RSA key whose certificate it serves at `SigningCertURL`: version 1 signs the SHA-1, version 2
 * the SHA-256 of a string built from the message's fields. The certificate is only fetched from
 * `https://sns.<the topic's region>.amazonaws.com/SimpleNotificationService-….pem` (its trust
 * comes from that TLS connection), and kept, a few at a time, by URL. A valid signature proves
 * only that SNS sent the message: the topic must also be one the operator named.
 */

/** Fetches an SNS URL (a signing certificate, a subscription's confirmation): its body text. */
export type SnsFetch = (url: URL) => Promise<string>;

const region = String.raw`[a-z]{2}(?:-gov)?-[a-z]+-\d{1,2}`;
const snsHost = new RegExp(String.raw`^sns\.(${region})\.amazonaws\.com$`);
/** `arn:aws:sns:{region}:{account}:{topic}`: the topics whose messages are read. */
export const snsTopicArn = new RegExp(
  String.raw`^arn:aws(?:-us-gov)?:sns:(${region}):\d{12}:[A-Za-z0-9_-]{1,256}$`,
);

/** Certificates kept at once (SNS signs with one per region, renewed now and then). */
export const SNS_CERTIFICATES_KEPT = 16;
const MAX_CERTIFICATE_CHARS = 16 * 1024;

/** The fields of an SNS message this endpoint reads; others (UnsubscribeURL…) are left. */
export const snsEnvelope = z.object({
  Type: z.string().max(40),
  MessageId: z.string().max(200),
  TopicArn: z.string().max(400),
  Subject: z.string().max(1000).optional(),
  Message: z.string().max(1024 * 1024),
  Timestamp: z.string().max(40),
  SignatureVersion: z.string().max(4),
  Signature: z.string().max(4096),
  SigningCertURL: z.string().max(1000),
  SubscribeURL: z.string().max(4000).optional(),
  Token: z.string().max(2000).optional(),
});
export type SnsEnvelope = z.infer<typeof snsEnvelope>;

/** The region of one of SNS's own https hosts, with nothing else in the URL's authority. */
function snsRegionOf(url: URL): string | null {
  if (url.protocol !== "https:" || url.username || url.password || url.port || url.hash)
    return null;
  return snsHost.exec(url.hostname)?.[1] ?? null;
}

const urlOf = (text: string) => {
  try {
    return new URL(text);
  } catch {
    return null;
  }
};

/** The signing certificate's URL, if it is SNS's own in the topic's region; else null. */
export function signingCertUrl(text: string, topicRegion: string): URL | null {
  const url = urlOf(text);
  if (!url || url.search || snsRegionOf(url) !== topicRegion) return null;
  return /^\/SimpleNotificationService-[A-Za-z0-9]{1,64}\.pem$/.test(url.pathname) ? url : null;
}

/** A subscription's confirmation link, if it is SNS's own and confirms this very topic. */
export function subscribeUrl(text: string, topicArn: string, topicRegion: string): URL | null {
  const url = urlOf(text);
  if (!url || snsRegionOf(url) !== topicRegion || url.pathname !== "/") return null;
  const asks = url.searchParams;
  return asks.get("Action") === "ConfirmSubscription" && asks.get("TopicArn") === topicArn
    ? url
    : null;
}

/** The text SNS signed: the named fields as `Name\nvalue\n`, in this order (AWS's guide). */
export function snsStringToSign(message: SnsEnvelope): string | null {
  const names =
    message.Type === "Notification"
      ? ["Message", "MessageId", ...(message.Subject === undefined ? [] : ["Subject"])]
      : ["Message", "MessageId", "SubscribeURL"];
  const tail =
    message.Type === "Notification"
      ? ["Timestamp", "TopicArn", "Type"]
      : ["Timestamp", "Token", "TopicArn", "Type"];
  const fields = message as Record<string, string | undefined>;
  let text = "";
  for (const name of [...names, ...tail]) {
    if (fields[name] === undefined) return null;
    text += `${name}\n${fields[name]}\n`;
  }
  return text;
}

type Certificate = { key: KeyObject; from: Date; to: Date };

function certificateOf(pem: string): Certificate | null {
  if (pem.length > MAX_CERTIFICATE_CHARS) return null;
  try {
    const certificate = new X509Certificate(pem);
    const key = certificate.publicKey;
    if (key.asymmetricKeyType !== "rsa") return null;
    return { key, from: certificate.validFromDate, to: certificate.validToDate };
  } catch {
    return null;
  }
}

/**
 * Signing keys by certificate URL, fetched once each and kept `SNS_CERTIFICATES_KEPT` at a
 * time (the least recently used goes first). A fetch that failed, or a document that is no RSA
 * certificate, is not kept: the next message asks again.
 */
export function snsCertificates(fetchSns: SnsFetch, kept = SNS_CERTIFICATES_KEPT) {
  const cache = new Map<string, Promise<Certificate | null>>();
  const keyOf = async (url: URL, now: Date): Promise<KeyObject | null> => {
    const href = url.href;
    let entry = cache.get(href);
    if (entry) cache.delete(href);
    else {
      entry = fetchSns(url).then(certificateOf);
      entry.then(
        (found) => found ?? cache.delete(href),
        () => cache.delete(href),
      );
    }
    cache.set(href, entry);
    while (cache.size > kept) cache.delete(cache.keys().next().value!);
    // Throws when the fetch failed: the message cannot be judged now (SNS tries again).
    const certificate = await entry;
    if (!certificate || now < certificate.from || now > certificate.to) return null;
    return certificate.key;
  };
  return { keyOf, size: () => cache.size };
}

/**
 * Whether an SNS message is SNS's, about a topic of `topics`, signed at most the replay window
 * ago. Rejects (throws) only when the certificate could not be fetched.
 */
export async function snsSigned(
  message: SnsEnvelope,
  {
    topics,
    certificates,
    now,
  }: { topics: readonly string[]; certificates: ReturnType<typeof snsCertificates>; now: Date },
): Promise<boolean> {
  const topicRegion = snsTopicArn.exec(message.TopicArn)?.[1];
  if (!topicRegion || !topics.includes(message.TopicArn)) return false;
  const signedAt = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,9})?Z$/.test(message.Timestamp)
    ? Date.parse(message.Timestamp)
    : NaN;
  if (!(Math.abs(now.getTime() - signedAt) <= REPLAY_WINDOW_SECONDS * 1000)) return false;
  const algorithm = { "1": "sha1", "2": "sha256" }[message.SignatureVersion];
  const text = snsStringToSign(message);
  const certUrl = signingCertUrl(message.SigningCertURL, topicRegion);
  if (!algorithm || text === null || !certUrl) return false;
  if (!/^[A-Za-z0-9+/]{16,4000}={0,2}$/.test(message.Signature)) return false;
  const key = await certificates.keyOf(certUrl, now);
  if (!key) return false;
  try {
    return verify(
      algorithm,
      Buffer.from(text, "utf8"),
      key,
      Buffer.from(message.Signature, "base64"),
    );
  } catch {
    return false;
  }
}

const MAX_SNS_ANSWER_BYTES = 64 * 1024;

/** The real fetch: https only (the URL is checked before), no redirects, 5 s, 64 KB at most. */
export const httpsSnsFetch: SnsFetch = async (url) => {
  const res = await fetch(url, { redirect: "error", signal: AbortSignal.timeout(5000) });
  if (!res.ok || !res.body) {
    await res.body?.cancel();
    throw new Error(`SNS answered ${res.status}`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += chunk.byteLength;
    if (size > MAX_SNS_ANSWER_BYTES) throw new Error("SNS answer too large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
};
