// Issue 35 an invitation's mail: the site's sign-up link, sent by a job once the manager's
// command has committed (a crash in between loses nothing: the job waits in the queue).
import { and, eq, sql } from "drizzle-orm";
import { siteNameOf, siteOrigin } from "~/features/accounts/accounts";
import { accounts } from "~/features/accounts/tables.server";
import { members } from "~/features/members/tables.server";
import type { Database } from "~/platform/db/database.server";
import type { Mailer } from "~/platform/mail/mail.server";
import { renderMail } from "~/platform/mail/templates.server";

/** The job that mails one invitation (server/job-workers.ts). */
export const MEMBER_INVITE_JOB = "members.inviteMail";

/** Where a site lives when no request tells it (a job): its domain, else `{slug}.{base}`. */
type SiteAddress = { baseDomain: string; like: string };

/**
 * Mails `email` the site's sign-up link, in the site's language. Nothing is sent to an address
 * that has joined meanwhile, or for a site that is gone. Answers whether a mail went.
 */
export async function sendMemberInvite(
  {
    database,
    mailer,
    siteAddress,
  }: { database: Database; mailer: Mailer; siteAddress: SiteAddress },
  { accountId, email, origin: asked }: { accountId: string; email: string; origin?: string },
): Promise<boolean> {
  const found = await database.forAccount(accountId, async (tx) => {
    const [account] = await tx.select().from(accounts).where(eq(accounts.accountId, accountId));
    const [member] = await tx
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.accountId, accountId), eq(sql`lower(${members.email})`, email)))
      .limit(1);
    return account && !member ? account : null;
  });
  if (!found) return false;
  const origin =
    asked && /^https?:\/\/[^/]+$/.test(asked)
      ? asked
      : siteOrigin({
          slug: found.slug,
          domain: found.domain,
          baseDomain: siteAddress.baseDomain,
          like: siteAddress.like,
        });
  const mail = renderMail({
    template: "memberInvite",
    lang: found.settings.defaultLanguage ?? "en",
    vars: { siteName: siteNameOf(found), url: new URL("/signup", origin).toString() },
  });
  await mailer.send({
    site: new URL(origin).host,
    to: email,
    ...mail,
    accountId,
    template: "memberInvite",
  });
  return true;
}
