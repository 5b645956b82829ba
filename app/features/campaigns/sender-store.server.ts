import { createHash, createPrivateKey, createPublicKey } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Tx } from "~/platform/db/database.server";
import { SecretBoxError, type SecretBox } from "~/platform/secret-box.server";
import type { DkimKey } from "./campaign-transport.server";
import type { RelaySecurity, SenderIssueOrigin, SenderSettingsView } from "./sender-shapes";
import { senderOf } from "./sending-pace";
import { campaignSendingSettings } from "./tables.server";

/*
 * A site's sending settings as kept (decision 057): read, their secrets opened for the engine,
 * shown without them to the owner. The relay's password and the DKIM key are sealed under a
 * context naming the account and the field, so a sealed value copied elsewhere opens nowhere.
 */

export type StoredSender = typeof campaignSendingSettings.$inferSelect;

export const secretContext = (
  accountId: string,
  field: "smtp-password" | "dkim-key" | "webhook-key",
) => `campaigns/${accountId}/${field}`;

/** A site's own relay, its password opened; `fingerprint` changes whenever any of it does. */
export type SiteRelay = {
  host: string;
  port: number;
  security: RelaySecurity;
  username: string;
  password: string;
  fingerprint: string;
};

/** What a site's campaigns go out with: its sender line, reply-to, relay and DKIM key. */
export type SiteSender = {
  from: string;
  replyTo: string;
  relay: SiteRelay | null;
  dkim: DkimKey | null;
};

export async function storedSender(tx: Tx, accountId: string): Promise<StoredSender | null> {
  const [row] = await tx
    .select()
    .from(campaignSendingSettings)
    .where(eq(campaignSendingSettings.accountId, accountId));
  return row ?? null;
}

/** A sealed value opened, or null when there is none or it no longer opens (another secret). */
export function openSecret(box: SecretBox, sealed: string | null, context: string): string | null {
  if (!sealed) return null;
  try {
    return box.open(sealed, context);
  } catch (error) {
    if (error instanceof SecretBoxError) return null;
    throw error;
  }
}

/** The address of a sender line (`Name <a@b>` → `a@b`). */
export const addressOf = (line: string) => /<([^>]+)>/.exec(line)?.[1] ?? line.trim();

/** `"Name" <address>`: the site's own name and address, else the site's name and the platform's address. */
export const senderLine = (
  platformFrom: string,
  siteName: string,
  stored: Pick<StoredSender, "senderName" | "senderAddress"> | null,
) => senderOf(stored?.senderAddress || platformFrom, stored?.senderName || siteName);

export const relayFingerprint = (relay: Omit<SiteRelay, "fingerprint">) =>
  createHash("sha256")
    .update(
      JSON.stringify([relay.host, relay.port, relay.security, relay.username, relay.password]),
    )
    .digest("base64url");

/** The kept settings as the engine uses them. */
export function siteSenderOf(
  box: SecretBox,
  { platformFrom, siteName }: { platformFrom: string; siteName: string },
  stored: StoredSender | null,
): SiteSender {
  const from = senderLine(platformFrom, siteName, stored);
  if (!stored) return { from, replyTo: "", relay: null, dkim: null };
  const { accountId } = stored;
  // A password that no longer opens (AUTH_SECRET changed) is sent empty: the relay refuses it
  // and the messages wait, rather than leave silently through the platform's relay.
  const password =
    openSecret(box, stored.smtpPasswordSealed, secretContext(accountId, "smtp-password")) ?? "";
  const key =
    stored.dkimEnabled && stored.dkimKeySealed
      ? openSecret(box, stored.dkimKeySealed, secretContext(accountId, "dkim-key"))
      : null;
  const relay =
    stored.smtpEnabled && stored.smtpHost
      ? {
          host: stored.smtpHost,
          port: stored.smtpPort,
          security: stored.smtpSecurity,
          username: stored.smtpUsername,
          password,
        }
      : null;
  return {
    from,
    replyTo: stored.replyTo,
    relay: relay ? { ...relay, fingerprint: relayFingerprint(relay) } : null,
    dkim: key
      ? { domainName: stored.dkimDomain, keySelector: stored.dkimSelector, privateKey: key }
      : null,
  };
}

/**
 * A PEM key as DKIM signs with it: an RSA key (nodemailer signs rsa-sha256 only) of 1024 bits
 * or more (RFC 8301), at most 4096 (a longer public key does not fit a DNS record well).
 */
export function checkDkimKey(pem: string): SenderIssueOrigin | null {
  try {
    const key = createPrivateKey({ key: pem, format: "pem" });
    if (key.asymmetricKeyType !== "rsa") return "dkimKey";
    const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
    if (bits < 1024) return "dkimKeyWeak";
    return bits > 4096 ? "dkimKey" : null;
  } catch {
    return "dkimKey";
  }
}

/** The DNS TXT record that publishes a key's public half, for the owner to copy. */
export function dkimRecordOf(pem: string, domain: string, selector: string) {
  try {
    const spki = createPublicKey(pem).export({ type: "spki", format: "der" });
    return {
      name: `${selector}._domainkey.${domain}`,
      value: `v=DKIM1; k=rsa; p=${spki.toString("base64")}`,
    };
  } catch {
    return null;
  }
}

/** The owner's view: every setting but the secrets, of which only whether one is kept. */
export function senderViewOf(
  box: SecretBox,
  {
    platformFrom,
    siteName,
    testTo,
    origin,
  }: { platformFrom: string; siteName: string; testTo: string; origin: string },
  stored: StoredSender | null,
): SenderSettingsView {
  const key =
    stored?.dkimKeySealed &&
    openSecret(box, stored.dkimKeySealed, secretContext(stored.accountId, "dkim-key"));
  return {
    senderName: stored?.senderName ?? "",
    senderAddress: stored?.senderAddress ?? "",
    replyTo: stored?.replyTo ?? "",
    relay: {
      enabled: stored?.smtpEnabled ?? false,
      host: stored?.smtpHost ?? "",
      port: stored?.smtpPort ?? 587,
      security: stored?.smtpSecurity ?? "starttls",
      username: stored?.smtpUsername ?? "",
      passwordSet: Boolean(stored?.smtpPasswordSealed),
    },
    dkim: {
      enabled: stored?.dkimEnabled ?? false,
      domain: stored?.dkimDomain ?? "",
      selector: stored?.dkimSelector ?? "",
      keySet: Boolean(stored?.dkimKeySealed),
      record:
        key && stored?.dkimDomain && stored.dkimSelector
          ? dkimRecordOf(key, stored.dkimDomain, stored.dkimSelector)
          : null,
    },
    webhook: {
      relay: stored?.webhookRelay ?? "",
      keySet: Boolean(stored?.webhookRelay && stored.webhookKeySealed),
      endpoint: `${origin}/api/email/feedback/`,
    },
    from: senderLine(platformFrom, siteName, stored),
    testTo,
  };
}

/**
 * The key a site keeps for its own relay's webhooks, when that relay is `relay`; null when the
 * site has none for it (or it no longer opens: another secret).
 */
export async function siteWebhookKey(
  tx: Tx,
  box: SecretBox,
  { accountId, relay }: { accountId: string; relay: string },
): Promise<string | null> {
  const [row] = await tx
    .select({
      relay: campaignSendingSettings.webhookRelay,
      sealed: campaignSendingSettings.webhookKeySealed,
    })
    .from(campaignSendingSettings)
    .where(eq(campaignSendingSettings.accountId, accountId));
  if (!row || row.relay !== relay) return null;
  return openSecret(box, row.sealed, secretContext(accountId, "webhook-key"));
}
