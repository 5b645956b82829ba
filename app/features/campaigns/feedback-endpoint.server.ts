import { presentsKey } from "~/platform/bearer-key.server";
import type { TenantResolver } from "~/features/accounts/accounts.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { addressKey, type RateLimits } from "~/platform/rate-limits/rate-limits.server";
import {
  recordFeedback,
  type AccountOfHost,
  type FeedbackSummary,
} from "./feedback-records.server";
import { MAIL_FEEDBACK_MAX_BYTES, readFeedbackMail } from "./feedback-reports.server";

/*
 * `POST /api/email/feedback`: where a relay or the operator's MTA pipes the bounce and complaint
 * mails that come back after a campaign (decision 055, addendum). A machine's endpoint: no
 * session and no Origin, proven by the platform's key (`MAIL_FEEDBACK_KEY`) instead.
 */

export const MAIL_FEEDBACK_PATH = "/api/email/feedback";
export { MAIL_FEEDBACK_MAX_BYTES };

/**
 * Per client address: a busy MTA after a large send posts a few bounces a second, well inside
 * the first; past it, 429 (Postfix keeps the mail and tries again). A wrong key is rarer still.
 */
export const mailFeedbackLimits = {
  posts: { points: 1200, duration: 60 },
  refused: { points: 30, duration: 600 },
};

/** The site a campaign message came from: its host, as a request to it would be resolved. */
export const accountOfHostVia =
  (tenants: Pick<TenantResolver, "resolve">): AccountOfHost =>
  async (host) => {
    const tenant = await tenants.resolve(host);
    return tenant.kind === "account" || tenant.kind === "suspended"
      ? tenant.account.accountId
      : null;
  };

export function mailFeedbackReceiver({
  database,
  rateLimits,
  tenants,
  key,
}: {
  database: Database;
  rateLimits: RateLimits;
  tenants: Pick<TenantResolver, "resolve">;
  /** Unset: the endpoint does not exist (404). */
  key: string | undefined;
}) {
  const posts = rateLimits.create("mail-feedback", mailFeedbackLimits.posts);
  const refused = rateLimits.create("mail-feedback-refused", mailFeedbackLimits.refused);
  const accountOfHost = accountOfHostVia(tenants);

  return async function receive({
    authorization,
    clientIp,
    body,
  }: {
    authorization: string | undefined;
    clientIp: string;
    /** Read only once the caller is known. */
    body: () => Promise<ArrayBuffer>;
  }): Promise<FeedbackSummary & { report: string }> {
    if (!key) throw new AppError({ code: "route.notFound" });
    const address = addressKey(clientIp);
    await posts.take(address);
    if (!presentsKey(key, authorization)) {
      await refused.take(address);
      throw new AppError({ code: "not_authenticated" });
    }
    const raw = new Uint8Array(await body());
    if (raw.byteLength === 0) throw new AppError({ code: "campaigns.feedbackEmpty" });
    if (raw.byteLength > MAIL_FEEDBACK_MAX_BYTES) throw new AppError({ code: "request.tooLarge" });
    const mail = await readFeedbackMail(raw);
    if (!mail) throw new AppError({ code: "campaigns.feedbackUnreadable" });
    const summary = await recordFeedback(database, { accountOfHost, mail });
    return { ...summary, report: mail.kind };
  };
}
