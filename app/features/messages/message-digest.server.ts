// Issue 35 the offline digest (decision 068): a member who left messages unread for a while gets
// one e-mail listing them, at most once every few hours, unless they turned it off.
import { and, eq, inArray, sql } from "drizzle-orm";
import { siteNameOf, siteOrigin } from "~/features/accounts/accounts";
import { accounts } from "~/features/accounts/tables.server";
import { members } from "~/features/members/tables.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { isLanguageCode, type LanguageCode } from "~/platform/i18n/languages";
import type { Mailer } from "~/platform/mail/mail.server";
import { escapeHtml, mailAction, mailFrame, translate } from "~/platform/mail/templates.server";
import { excerptOfText, MESSAGES_PATH } from "./message-shapes";
import { conversationMembers, messages } from "./tables.server";

/** The schedule that sends the digests (server/job-workers.ts). */
export const MESSAGE_DIGEST_JOB = "messages.digest";

export const digestTiming = {
  /**
   * How long a message waits unread before it is mailed about. Presence lives in each instance's
   * memory, so "offline" is read from the data: a member on the screen reads at once, and one
   * elsewhere on the site saw the chat bell ring.
   */
  quietMinutes: 15,
  /** At most one digest per member and site in this many hours. */
  gapHours: 3,
  /** Conversations named in one e-mail; the rest are counted. */
  listed: 5,
};

type SiteAddress = { baseDomain: string; like: string };
export type DigestServices = { database: Database; mailer: Mailer; siteAddress: SiteAddress };

type Waiting = {
  conversationId: string;
  unread: number;
  sender: string;
  excerpt: string;
  attachments: number;
  newest: Date;
};

type Digest = { userId: string; name: string; email: string; waiting: Waiting[] };

/**
 * Mails every member due a digest, site by site. Each conversation is claimed (its
 * `digested_at` set) in the same statement that re-checks it was not claimed since, so runs that
 * overlap on several instances mail a person once. Answers how many e-mails went.
 */
export async function sendMessageDigests(
  services: DigestServices,
  { now = new Date() }: { now?: Date } = {},
): Promise<{ sent: number }> {
  const quietBefore = new Date(now.getTime() - digestTiming.quietMinutes * 60_000).toISOString();
  // Across accounts, as every sweep is (decision 061): the owner's connection finds the sites.
  const due = await services.database.owner.execute<{ account_id: string }>(sql`
    select distinct cm.account_id from ${conversationMembers} cm
      join ${messages} m on m.account_id = cm.account_id and m.conversation_id = cm.conversation_id
     where cm.left_at is null and m.sender_id <> cm.user_id
       and m.created_at > cm.last_read_at
       and m.created_at > coalesce(cm.digested_at, '-infinity'::timestamptz)
       and m.created_at <= ${quietBefore}::timestamptz
     limit 500`);
  let sent = 0;
  for (const { account_id: accountId } of due.rows) {
    const claimed = await services.database.forAccount(accountId, (tx) =>
      claimDigests(tx, accountId, now),
    );
    if (!claimed) continue;
    for (const digest of claimed.digests) {
      await mailDigest(services, { accountId, site: claimed.site, digest });
      sent += 1;
    }
  }
  return { sent };
}

async function claimDigests(tx: Tx, accountId: string, now: Date) {
  const quietBefore = new Date(now.getTime() - digestTiming.quietMinutes * 60_000).toISOString();
  const gapSince = new Date(now.getTime() - digestTiming.gapHours * 3_600_000).toISOString();
  const { rows } = await tx.execute<{
    user_id: string;
    conversation_id: string;
    unread: number;
    newest: string;
  }>(sql`
    select cm.user_id, cm.conversation_id, count(*)::int as unread, max(m.created_at) as newest
      from ${conversationMembers} cm
      join ${members} p on p.account_id = cm.account_id and p.user_id = cm.user_id
      join ${messages} m on m.account_id = cm.account_id and m.conversation_id = cm.conversation_id
       and m.sender_id <> cm.user_id and m.created_at > cm.last_read_at
     where cm.account_id = ${accountId} and cm.left_at is null
       and p.message_digest and p.suspended_at is null
       and not exists (
         select 1 from ${conversationMembers} d
          where d.account_id = cm.account_id and d.user_id = cm.user_id
            and d.digested_at > ${gapSince}::timestamptz)
     group by cm.user_id, cm.conversation_id, cm.digested_at
    having min(m.created_at) filter (
             where m.created_at > coalesce(cm.digested_at, '-infinity'::timestamptz))
           <= ${quietBefore}::timestamptz`);
  const byUser = new Map<string, string[]>();
  for (const row of rows)
    byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row.conversation_id]);
  const digests: Digest[] = [];
  for (const [userId, conversationIds] of byUser) {
    // The claim: a run that got here first set `digested_at` past the gap, and this finds nothing.
    const taken = await tx
      .update(conversationMembers)
      .set({ digestedAt: now })
      .where(
        and(
          eq(conversationMembers.accountId, accountId),
          eq(conversationMembers.userId, userId),
          inArray(conversationMembers.conversationId, conversationIds),
          sql`coalesce(${conversationMembers.digestedAt}, '-infinity'::timestamptz) <= ${gapSince}::timestamptz`,
        ),
      )
      .returning({ conversationId: conversationMembers.conversationId });
    if (taken.length === 0) continue;
    const waiting = await waitingIn(
      tx,
      accountId,
      userId,
      taken.map((row) => row.conversationId),
    );
    const [person] = await tx
      .select({ name: members.name, email: members.email })
      .from(members)
      .where(and(eq(members.accountId, accountId), eq(members.userId, userId)));
    if (person && waiting.length > 0) digests.push({ userId, ...person, waiting });
  }
  if (digests.length === 0) return null;
  const [site] = await tx.select().from(accounts).where(eq(accounts.accountId, accountId));
  return site ? { site, digests } : null;
}

/** Each conversation's unread count and newest message from someone else, newest first. */
async function waitingIn(
  tx: Tx,
  accountId: string,
  userId: string,
  conversationIds: string[],
): Promise<Waiting[]> {
  const { rows } = await tx.execute<{
    conversation_id: string;
    unread: number;
    sender: string | null;
    body: string;
    attachments: number;
    newest: string;
  }>(sql`
    select cm.conversation_id, counted.unread, last.sender, last.body, last.attachments, last.created_at as newest
      from ${conversationMembers} cm
      cross join lateral (
        select count(*)::int as unread from ${messages} m
         where m.account_id = cm.account_id and m.conversation_id = cm.conversation_id
           and m.sender_id <> cm.user_id and m.created_at > cm.last_read_at) counted
      cross join lateral (
        select s.name as sender, m.body, jsonb_array_length(m.attachments) as attachments, m.created_at
          from ${messages} m
          left join ${members} s on s.account_id = m.account_id and s.user_id = m.sender_id
         where m.account_id = cm.account_id and m.conversation_id = cm.conversation_id
           and m.sender_id <> cm.user_id
         order by m.created_at desc limit 1) last
     where cm.account_id = ${accountId} and cm.user_id = ${userId}
       and cm.conversation_id = any(${`{${conversationIds.join(",")}}`}::uuid[])`);
  return rows
    .filter((row) => row.unread > 0)
    .map((row) => ({
      conversationId: row.conversation_id,
      unread: row.unread,
      sender: row.sender ?? "",
      excerpt: excerptOfText(row.body),
      attachments: row.attachments,
      newest: new Date(row.newest),
    }))
    .sort((a, b) => b.newest.getTime() - a.newest.getTime());
}

async function mailDigest(
  { mailer, siteAddress }: DigestServices,
  {
    accountId,
    site,
    digest,
  }: { accountId: string; site: typeof accounts.$inferSelect; digest: Digest },
) {
  const origin = siteOrigin({
    slug: site.slug,
    domain: site.domain,
    baseDomain: siteAddress.baseDomain,
    like: siteAddress.like,
  });
  const lang: LanguageCode = isLanguageCode(site.settings.defaultLanguage ?? "")
    ? (site.settings.defaultLanguage as LanguageCode)
    : "en";
  const mail = renderDigest({
    lang,
    siteName: siteNameOf(site),
    name: digest.name,
    waiting: digest.waiting,
    url: (conversationId?: string) =>
      new URL(
        conversationId ? `${MESSAGES_PATH}?c=${conversationId}` : MESSAGES_PATH,
        origin,
      ).toString(),
  });
  await mailer.send({
    site: new URL(origin).host,
    to: digest.email,
    ...mail,
    accountId,
    template: "messageDigest",
  });
}

/** The digest's subject, text and HTML in the site's language; every value is escaped in HTML. */
export function renderDigest({
  lang,
  siteName,
  name,
  waiting,
  url,
}: {
  lang: LanguageCode;
  siteName: string;
  name: string;
  waiting: Waiting[];
  url: (conversationId?: string) => string;
}) {
  const unread = waiting.reduce((sum, entry) => sum + entry.unread, 0);
  const t = (key: string, vars: Record<string, string | number> = {}) =>
    translate(lang, `mail.messageDigest.${key}`, { siteName, ...vars });
  const subject = t("subject", { count: unread })
    .replace(/[\r\n]+/g, " ")
    .trim();
  const listed = waiting.slice(0, digestTiming.listed);
  const more = waiting.length - listed.length;
  const lines = listed.map((entry) => ({
    who: t("from", { sender: entry.sender || t("someone"), count: entry.unread }),
    said: entry.excerpt || t("attachment", { count: Math.max(entry.attachments, 1) }),
    url: url(entry.conversationId),
  }));
  const texts = {
    greeting: t("greeting", { name }),
    body: t("body", { count: unread }),
    more: more > 0 ? t("more", { count: more }) : "",
    action: t("action"),
    footer: t("footer"),
  };
  const text = [
    texts.greeting,
    texts.body,
    ...lines.map((line) => `${line.who}\n${line.said}\n${line.url}`),
    texts.more,
    `${texts.action}: ${url()}`,
    texts.footer,
    `— ${siteName}`,
  ]
    .filter(Boolean)
    .join("\n\n");
  const e = escapeHtml;
  const items = lines
    .map(
      (line) =>
        `<tr><td style="padding:12px 0;border-top:1px solid #e5e7eb;">
<a href="${e(line.url)}" style="color:#111827;text-decoration:none;font-size:14px;font-weight:600;">${e(line.who)}</a>
<div style="margin-top:4px;font-size:14px;line-height:20px;color:#4b5563;">${e(line.said)}</div>
</td></tr>`,
    )
    .join("\n");
  const html = mailFrame(
    { lang, subject, siteName, footer: texts.footer },
    `<p style="margin:0 0 16px;font-size:16px;line-height:24px;font-weight:600;">${e(texts.greeting)}</p>
<p style="margin:0 0 16px;font-size:15px;line-height:24px;">${e(texts.body)}</p>
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="margin:0 0 16px;">
${items}
</table>
${texts.more ? `<p style="margin:0 0 24px;font-size:14px;color:#4b5563;">${e(texts.more)}</p>` : ""}
${mailAction(texts.action, url())}`,
  );
  return { subject, text: `${text}\n`, html };
}

/** A member's own switch for the digest (the messages screen). */
export async function setMessageDigest(
  tx: Tx,
  { accountId, userId, on }: { accountId: string; userId: string; on: boolean },
) {
  await tx
    .update(members)
    .set({ messageDigest: on })
    .where(and(eq(members.accountId, accountId), eq(members.userId, userId)));
}

export async function messageDigestOf(
  tx: Tx,
  { accountId, userId }: { accountId: string; userId: string },
): Promise<boolean> {
  const [row] = await tx
    .select({ on: members.messageDigest })
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.userId, userId)));
  return row?.on ?? true;
}
