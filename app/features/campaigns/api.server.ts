import { Hono, type Context } from "hono";
import { z } from "zod";
import { hostAccountOf, type Tenant } from "~/features/accounts/accounts";
import type { TenantResolver } from "~/features/accounts/accounts.server";
import type { Database } from "~/platform/db/database.server";
import type { Env } from "~/platform/env.server";
import { AppError } from "~/platform/errors";
import { isLanguageCode, defaultLanguage } from "~/platform/i18n/languages";
import type { Logger } from "~/platform/logger.server";
import { translate } from "~/platform/mail/templates.server";
import type { RateLimits } from "~/platform/rate-limits/rate-limits.server";
import type { SecretBox } from "~/platform/secret-box.server";
import {
  recordClick,
  recordOpen,
  resubscribeRecipient,
  unsubscribeRecipient,
  type RecipientRef,
} from "./recipient-actions.server";
import { EMAIL_PAGES_PREFIX, verifyRecipient } from "./recipient-links.server";
import { mailFeedbackReceiver } from "./feedback-endpoint.server";
import { relayFeedbackReceiver, type RelayKeys } from "./relay-endpoint.server";
import { httpsSnsFetch, type SnsFetch } from "./sns-messages.server";

export { MAIL_FEEDBACK_MAX_BYTES, MAIL_FEEDBACK_PATH } from "./feedback-endpoint.server";
export { mailRelayPath, SNS_RELAY_PATH } from "./relay-endpoint.server";
export type { SnsFetch } from "./sns-messages.server";

type CampaignsApiEnv = {
  Variables: {
    tenant: Tenant;
    facts: { clientIp: string; siteName: string; lang: string };
    logger: Logger;
  };
};

/** The smallest transparent GIF: the open pixel's answer whatever happened. */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const OWN = "/:campaignId/:contactId/:signature";

/** The recipient a link names, if its signature holds for this site; else not found. */
function recipientOf(c: Context<CampaignsApiEnv>, secretBox: SecretBox): RecipientRef {
  const accountId = hostAccountOf(c.var.tenant);
  const campaignId = z.uuid().safeParse(c.req.param("campaignId"));
  const contactId = z.uuid().safeParse(c.req.param("contactId"));
  const signature = c.req.param("signature") ?? "";
  if (
    !accountId ||
    !campaignId.success ||
    !contactId.success ||
    !verifyRecipient(secretBox, {
      campaignId: campaignId.data,
      contactId: contactId.data,
      signature,
    })
  )
    throw new AppError({ code: "route.notFound" });
  return { accountId, campaignId: campaignId.data, contactId: contactId.data };
}

const pagePath = (kind: string, ref: RecipientRef, signature: string, done: string) =>
  `${EMAIL_PAGES_PREFIX}/${kind}/${ref.campaignId}/${ref.contactId}/${signature}?done=${done}`;

/**
 * M5 what a campaign's reader reaches from the mail: RFC 8058's one-click unsubscribe (a POST
 * from the mail client, proven by the link's signature instead of an Origin), the preference
 * page's two buttons, the open pixel and tracked links; and where the bounces and complaints
 * that come back later are posted by the operator's MTA (proven by the platform's key) or by the
 * relay's webhook (proven by the relay's signature).
 */
export function campaignsApi(services: {
  database: Database;
  secretBox: SecretBox;
  rateLimits: RateLimits;
  tenants: Pick<TenantResolver, "resolve">;
  env: Pick<Env, "MAIL_FEEDBACK_KEY"> & RelayKeys;
  /** How SNS certificates are fetched: over https unless a test put its own here. */
  fetchSns?: SnsFetch;
}) {
  const { database, secretBox, rateLimits, tenants, env } = services;
  const api = new Hono<CampaignsApiEnv>();
  const receiveFeedback = mailFeedbackReceiver({
    database,
    rateLimits,
    tenants,
    key: env.MAIL_FEEDBACK_KEY,
  });
  const receiveRelayFeedback = relayFeedbackReceiver({
    database,
    secretBox,
    rateLimits,
    tenants,
    env,
    // Read at each fetch, so a test may set its fake on the services after the app is built.
    fetchSns: (url) => (services.fetchSns ?? httpsSnsFetch)(url),
  });
  const proof = (c: Context<CampaignsApiEnv>) => ({
    ip: c.var.facts.clientIp,
    userAgent: (c.req.header("user-agent") ?? "").slice(0, 500),
  });

  api.post(`/email/unsubscribe${OWN}`, async (c) => {
    const ref = recipientOf(c, secretBox);
    const body = await c.req.text();
    const oneClick = /(^|&)List-Unsubscribe=One-Click(&|$)/.test(body);
    const known = await unsubscribeRecipient(database, { ...ref, ...proof(c), oneClick });
    if (!known) throw new AppError({ code: "route.notFound" });
    // A mail client's POST wants a plain 200; a person's button goes back to their page.
    if (oneClick) return c.body(null, 200);
    return c.redirect(pagePath("preferences", ref, c.req.param("signature"), "unsubscribed"), 303);
  });
  // A client that opens the header's address in a browser: the page where a person decides.
  api.get(`/email/unsubscribe${OWN}`, (c) => {
    const ref = recipientOf(c, secretBox);
    return c.redirect(
      `${EMAIL_PAGES_PREFIX}/unsubscribe/${ref.campaignId}/${ref.contactId}/${c.req.param("signature")}`,
      303,
    );
  });
  api.post(`/email/resubscribe${OWN}`, async (c) => {
    const ref = recipientOf(c, secretBox);
    const lang = isLanguageCode(c.var.facts.lang) ? c.var.facts.lang : defaultLanguage;
    const wording = translate(lang, "campaigns.email.resubscribeWording", {
      siteName: c.var.facts.siteName,
    });
    const known = await resubscribeRecipient(database, { ...ref, ...proof(c), wording });
    if (!known) throw new AppError({ code: "route.notFound" });
    return c.redirect(pagePath("preferences", ref, c.req.param("signature"), "subscribed"), 303);
  });
  // GET also answers HEAD (a scanner's probe), which `recordOpen` counts as a machine.
  api.get(`/email/open${OWN}`, async (c) => {
    try {
      const ref = recipientOf(c, secretBox);
      await recordOpen(database, { ...ref, userAgent: proof(c).userAgent, method: c.req.method });
    } catch (error) {
      // A broken or foreign pixel still answers an image: a mail shows no broken picture.
      if (!(error instanceof AppError)) throw error;
    }
    return c.body(PIXEL, 200, {
      "content-type": "image/gif",
      "cache-control": "no-store, max-age=0",
    });
  });
  api.get(`/email/click${OWN}/:index`, async (c) => {
    const ref = recipientOf(c, secretBox);
    const index = z.coerce.number().int().min(0).max(1000).safeParse(c.req.param("index"));
    if (!index.success) throw new AppError({ code: "route.notFound" });
    const target = await recordClick(database, {
      ...ref,
      index: index.data,
      userAgent: proof(c).userAgent,
      method: c.req.method,
    });
    if (!target) throw new AppError({ code: "route.notFound" });
    c.header("cache-control", "no-store");
    return c.redirect(target, 302);
  });
  // MAIL_FEEDBACK_PATH: a DSN or an ARF report as a raw mail (`curl --data-binary @- -H …`).
  api.post("/email/feedback", async (c) => {
    const { report, ...summary } = await receiveFeedback({
      authorization: c.req.header("authorization"),
      clientIp: c.var.facts.clientIp,
      body: () => c.req.arrayBuffer(),
    });
    c.var.logger.info({ report, ...summary }, "mail feedback");
    c.header("Cache-Control", "no-store");
    return c.json(summary, 202);
  });
  // mailRelayPath: a relay's own JSON (Mailgun, SendGrid, Amazon SES through SNS), signed.
  api.post("/email/feedback/:relay", async (c) => {
    const relay = c.req.param("relay");
    const { tenant } = c.var;
    const { events, subscribed, ...summary } = await receiveRelayFeedback({
      relay,
      site: tenant.kind === "account" ? tenant.account.accountId : null,
      header: (name) => c.req.header(name),
      clientIp: c.var.facts.clientIp,
      body: () => c.req.arrayBuffer(),
    });
    c.var.logger.info({ relay, events, subscribed, ...summary }, "mail feedback by webhook");
    c.header("Cache-Control", "no-store");
    return c.json(summary, 202);
  });
  return api;
}

/** The one-click and preference-page posts: forms (RFC 8058 allows either form encoding). */
export const campaignFormPaths = /^\/api\/email\/(un|re)subscribe\/[^/]+\/[^/]+\/[^/]+$/;
/** RFC 8058: the mail client's POST carries no Origin; the link's signature is its proof. */
export const oneClickPath = /^\/api\/email\/unsubscribe\/[^/]+\/[^/]+\/[^/]+$/;
