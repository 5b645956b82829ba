import { z } from "zod";
import { domainPattern, emailPattern } from "~/platform/patterns";
import { isPlainText } from "~/platform/safe-values";

/*
 * A site's own sending settings (decision 057) on both sides of the wire: the form's input, as
 * the server checks it, and what the server shows of what it keeps (never a secret).
 */

export const relaySecurities = ["none", "starttls", "tls"] as const;
export type RelaySecurity = (typeof relaySecurities)[number];

/**
 * Relays whose webhooks a site may point at its own address with a key of its own (decision
 * 057's addendum); Amazon SES's topics stay the platform's.
 */
export const siteWebhookRelays = ["mailgun", "sendgrid", "postmark"] as const;
export type SiteWebhookRelay = (typeof siteWebhookRelays)[number];

/** The sending form's own refusals (campaigns.screen.sending.errors.<origin>). */
export const senderIssueOrigins = [
  "email",
  "singleLine",
  "host",
  "privateHost",
  "unknownHost",
  "passwordMissing",
  "dkimDomain",
  "dkimSelector",
  "dkimKey",
  "dkimKeyWeak",
  "dkimKeyMissing",
  "senderNeedsDkim",
  "webhookKey",
  "webhookKeyMissing",
] as const;
export type SenderIssueOrigin = (typeof senderIssueOrigins)[number];

/** What the owner's form shows: whether a secret is kept, never the secret itself. */
export type SenderSettingsView = {
  senderName: string;
  senderAddress: string;
  replyTo: string;
  relay: {
    enabled: boolean;
    host: string;
    port: number;
    security: RelaySecurity;
    username: string;
    passwordSet: boolean;
  };
  dkim: {
    enabled: boolean;
    domain: string;
    selector: string;
    keySet: boolean;
    /** The TXT record to publish for the kept key: its name and value (the public key). */
    record: { name: string; value: string } | null;
  };
  /**
   * Where the site's own relay reports bounces and complaints, whether its key is kept, and the
   * address a relay's webhook posts to, its name appended (at the origin the owner reached the
   * site at).
   */
  webhook: { relay: SiteWebhookRelay | ""; keySet: boolean; endpoint: string };
  /** The sender line a campaign goes out with now, defaults filled in. */
  from: string;
  /** Where "Send a test" sends: the signed-in owner's own address. */
  testTo: string;
};

const refusal = (origin: SenderIssueOrigin) => ({ params: { origin } });
const oneLine = (max: number) =>
  z
    .string()
    .max(max, { abort: true })
    .refine((value) => isPlainText(value) && !/[\r\n\t]/.test(value), refusal("singleLine"))
    .transform((value) => value.trim());
/** No character that would end an address inside a header (`"Name" <address>`). */
const headerSafe = /^[^\s<>,;:"()[\]\\]+$/;
const optionalEmail = z
  .string()
  .trim()
  .max(254, { abort: true })
  .refine(
    (value) => value === "" || (emailPattern.test(value) && headerSafe.test(value)),
    refusal("email"),
  );

/** A relay's name: a DNS name (one label, as on a private network, too) or an IP address. */
const hostPattern =
  /^(?:(?=.{1,253}$)(?:(?!-)[a-z0-9-]{1,63}(?<!-)\.)*(?!-)[a-z0-9-]{1,63}(?<!-)|\d{1,3}(?:\.\d{1,3}){3}|\[?[0-9a-f:.]*:[0-9a-f:.]*\]?)$/i;
/** A DKIM selector (RFC 6376 3.1): dot-separated labels of letters, digits and inner dashes. */
const selectorPattern =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
/** An unencrypted private key in PEM (PKCS #8 or PKCS #1); the server parses it whole. */
export const pemKeyPattern =
  /^-----BEGIN (RSA )?PRIVATE KEY-----\r?\n[A-Za-z0-9+/=\r\n]+-----END \1PRIVATE KEY-----$/;

/** The domain of an address (`news@mail.school.org` → `mail.school.org`). */
export const domainOf = (address: string) => address.slice(address.lastIndexOf("@") + 1);

/** Whether a DKIM signature by `dkimDomain` aligns with a sender at `domain` (DMARC, relaxed). */
export const alignsWith = (domain: string, dkimDomain: string) =>
  domain === dkimDomain || domain.endsWith(`.${dkimDomain}`);

/**
 * The form as the owner sends it. An empty password or key keeps the one kept; null forgets it.
 * A sender address through the platform's relay needs a DKIM key of its own domain: the
 * platform's relay does not send in the name of a domain that has not signed the mail.
 */
export const senderSettingsSchema = z
  .object({
    senderName: oneLine(100).default(""),
    senderAddress: optionalEmail.default(""),
    replyTo: optionalEmail.default(""),
    relay: z
      .object({
        enabled: z.boolean().default(false),
        host: z
          .string()
          .trim()
          .toLowerCase()
          .max(253, { abort: true })
          .refine((value) => value === "" || hostPattern.test(value), refusal("host"))
          .default(""),
        port: z.coerce.number().int().min(1).max(65_535).default(587),
        security: z.enum(relaySecurities).default("starttls"),
        username: oneLine(254).default(""),
        password: z
          .string()
          .max(500, { abort: true })
          .refine((value) => isPlainText(value) && !/[\r\n]/.test(value), refusal("singleLine"))
          .nullable()
          .default(""),
      })
      .prefault({}),
    dkim: z
      .object({
        enabled: z.boolean().default(false),
        domain: z
          .string()
          .trim()
          .toLowerCase()
          .max(253, { abort: true })
          .refine((value) => value === "" || domainPattern.test(value), refusal("dkimDomain"))
          .default(""),
        selector: z
          .string()
          .trim()
          .toLowerCase()
          .max(253, { abort: true })
          .refine((value) => value === "" || selectorPattern.test(value), refusal("dkimSelector"))
          .default(""),
        privateKey: z
          .string()
          .max(16_000, { abort: true })
          .transform((value) => value.trim())
          .refine((value) => value === "" || pemKeyPattern.test(value), refusal("dkimKey"))
          .nullable()
          .default(""),
      })
      .prefault({}),
    webhook: z
      .object({
        relay: z.enum(["", ...siteWebhookRelays]).default(""),
        /** Mailgun's signing key, SendGrid's verification key, Postmark's `user:password`. */
        key: z
          .string()
          .max(2000, { abort: true })
          .refine((value) => isPlainText(value) && !/[\r\n]/.test(value), refusal("singleLine"))
          .transform((value) => value.trim())
          .nullable()
          .default(""),
      })
      .prefault({}),
  })
  .superRefine((settings, context) => {
    const issue = (path: string[], origin: SenderIssueOrigin) =>
      context.addIssue({ code: "custom", path, params: { origin } });
    const { relay, dkim } = settings;
    // What a switched-on part needs (each field's own form is checked with the field).
    if (relay.enabled && !relay.host) issue(["relay", "host"], "host");
    if (dkim.enabled && !dkim.domain) issue(["dkim", "domain"], "dkimDomain");
    if (dkim.enabled && !dkim.selector) issue(["dkim", "selector"], "dkimSelector");
    const address = settings.senderAddress.toLowerCase();
    if (address && !relay.enabled && !(dkim.enabled && alignsWith(domainOf(address), dkim.domain)))
      issue(["senderAddress"], "senderNeedsDkim");
  });
export type SenderSettingsInput = z.input<typeof senderSettingsSchema>;
export type SenderSettings = z.output<typeof senderSettingsSchema>;
