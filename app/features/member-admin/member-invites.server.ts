// Issue 35 invitations: those still waiting, for the Members screen (decision 074), and an
// invitation's mail: the site's sign-up link, sent by a job once the manager's command has
// committed (a crash in between loses nothing: the job waits in the queue).
import { and, desc, eq, notExists, sql } from "drizzle-orm";
import { siteNameOf, siteOrigin } from "~/features/accounts/accounts";
import { accounts } from "~/features/accounts/tables.server";
import { INVITE_DAYS } from "~/features/members/members";
import { memberInvites, members, roles } from "~/features/members/tables.server";
import type { Database } from "~/platform/db/database.server";
import type { Mailer } from "~/platform/mail/mail.server";
import { renderMail } from "~/platform/mail/templates.server";
import { requireMembersManager, type MembersRequest } from "./member-directory.server";
import { DAY_MS, INVITES_SHOWN, type InviteRow } from "./member-shapes";

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

/**
 * The site's invitations nobody has taken up yet, newest first: an address that has joined since
 * (with a role given elsewhere, say) is not waiting any more.
 */
export async function listInvites(
  database: Database,
  request: MembersRequest & { now?: Date },
): Promise<InviteRow[]> {
  requireMembersManager(request);
  const { accountId, now = new Date() } = request;
  const rows = await database.forAccount(accountId, (tx) =>
    tx
      .select({ email: memberInvites.email, role: roles.name, invitedAt: memberInvites.invitedAt })
      .from(memberInvites)
      .leftJoin(
        roles,
        and(eq(roles.accountId, memberInvites.accountId), eq(roles.roleId, memberInvites.roleId)),
      )
      .where(
        and(
          eq(memberInvites.accountId, accountId),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(members)
              .where(
                and(
                  eq(members.accountId, accountId),
                  eq(sql`lower(${members.email})`, memberInvites.email),
                ),
              ),
          ),
        ),
      )
      .orderBy(desc(memberInvites.invitedAt), memberInvites.email)
      .limit(INVITES_SHOWN),
  );
  return rows.map((row) => {
    const expiresAt = new Date(row.invitedAt.getTime() + INVITE_DAYS * DAY_MS);
    return {
      email: row.email,
      role: row.role,
      invitedAt: row.invitedAt.toISOString(),
      expiresAt: expiresAt.toISOString(),
      expired: expiresAt <= now,
    };
  });
}
