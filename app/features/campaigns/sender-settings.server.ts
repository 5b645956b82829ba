import { isIP } from "node:net";
import { z } from "zod";
import { checkContactsManager } from "~/features/contacts/contacts.server";
import type { Viewer } from "~/features/members/members.server";
import { recordUsage } from "~/features/usage/usage.server";
import { AppError } from "~/platform/errors";
import { fieldIssuesOf, type FieldIssue } from "~/platform/field-issues";
import { defaultLanguage, isLanguageCode } from "~/platform/i18n/languages";
import { translate } from "~/platform/mail/templates.server";
import type { SendingServices } from "./campaign-sending.server";
import { relayTransport } from "./campaign-transport.server";
import { isPublicAddress, relayAddress } from "./relay-address.server";
import { webhookKeyFits } from "./relay-signatures.server";
import {
  senderSettingsSchema,
  type SenderIssueOrigin,
  type SenderSettings,
  type SenderSettingsView,
} from "./sender-shapes";
import {
  checkDkimKey,
  openSecret,
  relayFingerprint,
  secretContext,
  senderLine,
  senderViewOf,
  storedSender,
  type SiteSender,
  type StoredSender,
} from "./sender-store.server";
import { relayOptions, relayPoolsOf, senderExtras } from "./site-relays.server";
import { campaignSendingSettings } from "./tables.server";

/*
 * The owner's sending settings (decision 057): read without their secrets, saved with them
 * sealed, and tried with a short test mail through the settings as the form holds them. Only
 * managers of the site (the campaigns screen's rule) read or write them.
 */

type Place = { accountId: string; viewer: Viewer | null };
/** `origin`: where the owner reached the site, the address its relay's webhooks are shown at. */
type Site = { siteName: string; lang: string; origin: string };
type Refused = { ok: false; code: "request.invalid"; issues: FieldIssue[] };

const commandSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("saveSender"), settings: z.unknown() }),
  z.object({ intent: z.literal("testSender"), settings: z.unknown() }),
]);

/** Whether a screen's command is one of `commandSender`'s. */
export const isSenderCommand = (body: unknown): boolean =>
  typeof body === "object" &&
  body !== null &&
  ["saveSender", "testSender"].includes(String((body as { intent?: unknown }).intent));

const issueAt = (path: string, origin: SenderIssueOrigin): FieldIssue => ({
  path,
  code: "custom",
  origin,
});
const refused = (issues: FieldIssue[]): Refused => ({ ok: false, code: "request.invalid", issues });

/** The owner's view of the settings (the loader's). */
export async function readSenderSettings(
  services: SendingServices,
  { accountId, viewer, siteName, origin }: Place & Omit<Site, "lang">,
): Promise<SenderSettingsView> {
  const manager = checkContactsManager(viewer);
  const stored = await services.database.forAccount(accountId, (tx) => storedSender(tx, accountId));
  return senderViewOf(
    services.secretBox,
    { platformFrom: services.from, siteName, testTo: manager.user.email, origin },
    stored,
  );
}

/**
 * The form checked whole: its schema, then what only the server can judge (the DKIM key parses,
 * and a secret the form leaves empty is one the site keeps).
 */
function checkSettings(
  body: unknown,
  stored: StoredSender | null,
  allowPrivate: boolean,
): { ok: true; settings: SenderSettings } | Refused {
  const parsed = senderSettingsSchema.safeParse(body);
  if (!parsed.success) return refused(fieldIssuesOf(parsed.error));
  const settings = parsed.data;
  const issues: FieldIssue[] = [];
  const { relay, dkim } = settings;
  if (dkim.privateKey) {
    const problem = checkDkimKey(dkim.privateKey);
    if (problem) issues.push(issueAt("dkim.privateKey", problem));
  } else if (dkim.enabled && (dkim.privateKey === null || !stored?.dkimKeySealed))
    issues.push(issueAt("dkim.privateKey", "dkimKeyMissing"));
  // An address is judged at once; a name when it is used (a save looks nothing up).
  const bare = relay.host.replace(/^\[|\]$/g, "");
  if (relay.enabled && isIP(bare) && !allowPrivate && !isPublicAddress(bare))
    issues.push(issueAt("relay.host", "privateHost"));
  const keepsPassword = relay.password === "" && Boolean(stored?.smtpPasswordSealed);
  if (relay.enabled && relay.username && !relay.password && !keepsPassword)
    issues.push(issueAt("relay.password", "passwordMissing"));
  // A kept key serves only the relay it was given for: another relay needs its own.
  const { webhook } = settings;
  const keepsKey =
    webhook.key === "" &&
    stored?.webhookRelay === webhook.relay &&
    Boolean(stored.webhookKeySealed);
  if (webhook.relay && webhook.key && !webhookKeyFits(webhook.relay, webhook.key))
    issues.push(issueAt("webhook.key", "webhookKey"));
  else if (webhook.relay && !webhook.key && !keepsKey)
    issues.push(issueAt("webhook.key", "webhookKeyMissing"));
  return issues.length ? refused(issues) : { ok: true, settings };
}

/** What the site sends with once `settings` are saved: kept secrets where the form left them empty. */
function senderFrom(
  services: SendingServices,
  { accountId, siteName }: { accountId: string; siteName: string },
  settings: SenderSettings,
  stored: StoredSender | null,
): SiteSender {
  const { relay, dkim } = settings;
  const kept = (sealed: string | null | undefined, field: "smtp-password" | "dkim-key") =>
    openSecret(services.secretBox, sealed ?? null, secretContext(accountId, field));
  const password =
    relay.password === null
      ? ""
      : relay.password || (kept(stored?.smtpPasswordSealed, "smtp-password") ?? "");
  const key =
    dkim.privateKey || (dkim.privateKey === null ? null : kept(stored?.dkimKeySealed, "dkim-key"));
  const own = {
    host: relay.host,
    port: relay.port,
    security: relay.security,
    username: relay.username,
  };
  return {
    from: senderLine(services.from, siteName, settings),
    replyTo: settings.replyTo,
    relay: relay.enabled
      ? { ...own, password, fingerprint: relayFingerprint({ ...own, password }) }
      : null,
    dkim:
      dkim.enabled && key
        ? { domainName: dkim.domain, keySelector: dkim.selector, privateKey: key }
        : null,
  };
}

/** Saves the settings; a secret left empty is kept, one sent as null forgotten. */
async function saveSender(
  services: SendingServices,
  { accountId, viewer, siteName, origin, body }: Place & Omit<Site, "lang"> & { body: unknown },
) {
  const manager = checkContactsManager(viewer);
  const { database, secretBox } = services;
  const answer = await database.forAccount(accountId, async (tx) => {
    const stored = await storedSender(tx, accountId);
    const checked = checkSettings(body, stored, relayPoolsOf(services).allowPrivate);
    if (!checked.ok) return checked;
    const { settings } = checked;
    const { relay, dkim, webhook } = settings;
    const seal = (plain: string, field: "smtp-password" | "dkim-key" | "webhook-key") =>
      secretBox.seal(plain, secretContext(accountId, field));
    const values = {
      accountId,
      senderName: settings.senderName,
      senderAddress: settings.senderAddress,
      replyTo: settings.replyTo,
      smtpEnabled: relay.enabled,
      smtpHost: relay.host,
      smtpPort: relay.port,
      smtpSecurity: relay.security,
      smtpUsername: relay.username,
      smtpPasswordSealed:
        relay.password === null || !relay.username
          ? null
          : relay.password
            ? seal(relay.password, "smtp-password")
            : (stored?.smtpPasswordSealed ?? null),
      dkimEnabled: dkim.enabled,
      dkimDomain: dkim.domain,
      dkimSelector: dkim.selector,
      dkimKeySealed:
        dkim.privateKey === null
          ? null
          : dkim.privateKey
            ? seal(dkim.privateKey, "dkim-key")
            : (stored?.dkimKeySealed ?? null),
      webhookRelay: webhook.relay,
      webhookKeySealed:
        !webhook.relay || webhook.key === null
          ? null
          : webhook.key
            ? seal(webhook.key, "webhook-key")
            : (stored?.webhookKeySealed ?? null),
      updatedAt: new Date(),
    };
    const [row] = await tx
      .insert(campaignSendingSettings)
      .values(values)
      .onConflictDoUpdate({ target: campaignSendingSettings.accountId, set: values })
      .returning();
    const changed = {
      password: relay.password !== "",
      key: dkim.privateKey !== "",
      webhookKey: webhook.key !== "",
    };
    return { ok: true as const, row: row!, changed };
  });
  if (!answer.ok) return answer;
  services.logger?.info(
    {
      accountId,
      ownRelay: answer.row.smtpEnabled,
      dkim: answer.row.dkimEnabled,
      passwordChanged: answer.changed.password,
      keyChanged: answer.changed.key,
      webhookRelay: answer.row.webhookRelay || null,
      webhookKeyChanged: answer.changed.webhookKey,
    },
    "campaign sending settings saved",
  );
  return {
    ok: true as const,
    settings: senderViewOf(
      secretBox,
      { platformFrom: services.from, siteName, testTo: manager.user.email, origin },
      answer.row,
    ),
  };
}

/**
 * "Send a test": a short mail to the owner's own address through the settings as the form
 * holds them (saved or not), by a connection of its own (the site's pool is for its campaigns).
 */
async function testSender(
  services: SendingServices,
  { accountId, viewer, siteName, lang, body }: Place & Site & { body: unknown },
) {
  const manager = checkContactsManager(viewer);
  const stored = await services.database.forAccount(accountId, (tx) => storedSender(tx, accountId));
  const checked = checkSettings(body, stored, relayPoolsOf(services).allowPrivate);
  if (!checked.ok) return checked;
  const sender = senderFrom(services, { accountId, siteName }, checked.settings, stored);
  const language = isLanguageCode(lang) ? lang : defaultLanguage;
  const relayName = sender.relay
    ? `${sender.relay.host}:${sender.relay.port}`
    : translate(language, "campaigns.mail.senderTest.platformRelay", {});
  let transport = services.transport;
  if (sender.relay) {
    const address = await relayAddress(sender.relay.host, {
      allowPrivate: relayPoolsOf(services).allowPrivate,
    });
    if (!address.ok) return refused([issueAt("relay.host", address.reason)]);
    transport = relayTransport(relayOptions(sender.relay, address.address));
  }
  const host = new URL(`http://${services.siteAddress.baseDomain}`).host;
  const text = translate(language, "campaigns.mail.senderTest.text", {
    siteName,
    relay: relayName,
    dkim: sender.dkim ? `${sender.dkim.keySelector}._domainkey.${sender.dkim.domainName}` : "—",
  });
  try {
    const outcome = await transport.send({
      from: sender.from,
      to: manager.user.email,
      subject: translate(language, "campaigns.mail.senderTest.subject", { siteName }),
      body: () => ({ text, html: `<p>${escapeHtml(text).replace(/\n/g, "<br>")}</p>` }),
      messageId: `<s.${accountId}.${Date.now()}@${host}>`,
      headers: {},
      site: host,
      ...senderExtras(sender, services.from),
    });
    if (outcome.kind !== "sent") {
      services.logger?.info({ accountId, reason: outcome.reason }, "campaign sender test refused");
      return {
        ok: false as const,
        code: "campaigns.relayFailed" as const,
        issues: [],
        reason: outcome.reason,
      };
    }
  } finally {
    if (transport !== services.transport) transport.close();
  }
  await recordUsage(services.usage, { accountId, meter: "emails", amount: 1 });
  return { ok: true as const, to: manager.user.email };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** M5 the sending settings' commands of the campaigns screen (`saveSender`, `testSender`). */
export async function commandSender(
  services: SendingServices,
  { accountId, viewer, siteName, lang, origin, body }: Place & Site & { body: unknown },
) {
  const parsed = commandSchema.safeParse(body);
  if (!parsed.success) throw new AppError({ code: "request.invalid" });
  const { intent, settings } = parsed.data;
  const place = { accountId, viewer, siteName, origin, body: settings };
  return intent === "saveSender"
    ? saveSender(services, place)
    : testSender(services, { ...place, lang });
}
