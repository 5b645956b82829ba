// The e-mail of a ticket's new message to the other side (the `tickets.replyMail` job): a
// platform reply goes to the ticket's opener, a site's message to its assignee, or to every
// super-admin while nobody has it. In the site's language, with the message and a link to
// the thread; every value from the database is escaped in the HTML version.
import { eq } from "drizzle-orm";
import { siteNameOf, siteOrigin } from "~/features/accounts/accounts";
import { accounts } from "~/features/accounts/tables.server";
import type { Database } from "~/platform/db/database.server";
import {
  defaultLanguage,
  isLanguageCode,
  textDirection,
  type LanguageCode,
} from "~/platform/i18n/languages";
import type { Mailer } from "~/platform/mail/mail.server";
import { escapeHtml, translate } from "~/platform/mail/templates.server";
import { peopleByIds, repliesOf, replyById, ticketWithSite } from "./queries.server";
import type { TicketCategory } from "./ticket-shapes";
import type { TicketReplyMailData } from "./ticket-writes.server";

/** Where a site lives when no request tells it (a job): its domain, else `{slug}.{base}`. */
export type SiteAddress = { baseDomain: string; like: string };

export type TicketMailDeps = {
  database: Database;
  mailer: Mailer;
  siteAddress: SiteAddress;
  superAdminEmails: readonly string[];
  /** Tells the site's managers in the dashboard when the platform answers (optional). */
  notifyOwner?: (input: { accountId: string; message: string }) => Promise<unknown>;
};

export type TicketMailKind = "opened" | "siteReply" | "platformReply";

export type TicketMailInput = {
  lang: string;
  kind: TicketMailKind;
  siteName: string;
  number: number;
  subject: string;
  category: TicketCategory;
  author: string;
  body: string;
  url: string;
};

/** The mail's subject, text and HTML, in `lang` (English when unknown). */
export function renderTicketMail(input: TicketMailInput) {
  const lang: LanguageCode = isLanguageCode(input.lang) ? input.lang : defaultLanguage;
  const vars = {
    siteName: input.siteName,
    number: String(input.number),
    subject: input.subject,
    author: input.author,
    category: translate(lang, `tickets.categories.${input.category}`, {}),
  };
  const t = (key: string) => translate(lang, `ticketMail.${key}`, vars);
  const forDesk = input.kind !== "platformReply";
  const texts = {
    subject: t(`subject.${input.kind}`)
      .replace(/[\r\n]+/g, " ")
      .trim(),
    greeting: t("greeting"),
    intro: t(`intro.${input.kind}`),
    message: t("message"),
    action: t("action"),
    footer: t(forDesk ? "footerDesk" : "footerSite"),
  };
  const text = [
    texts.greeting,
    texts.intro,
    `${texts.message}\n\n${input.body
      .split("\n")
      .map((line) => `> ${line}`)
      .join("\n")}`,
    `${texts.action}: ${input.url}`,
    texts.footer,
    `— ${input.siteName}`,
  ].join("\n\n");
  return {
    subject: texts.subject,
    text: `${text}\n`,
    html: ticketMailHtml({
      ...texts,
      lang,
      siteName: input.siteName,
      body: input.body,
      url: input.url,
    }),
  };
}

function ticketMailHtml(input: {
  lang: LanguageCode;
  subject: string;
  greeting: string;
  intro: string;
  message: string;
  action: string;
  footer: string;
  siteName: string;
  body: string;
  url: string;
}): string {
  const e = escapeHtml;
  const dir = textDirection(input.lang);
  const start = dir === "rtl" ? "right" : "left";
  const font =
    "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif";
  const href = e(input.url);
  return `<!doctype html>
<html lang="${input.lang}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${e(input.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f3f4f6;">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="background-color:#f3f4f6;">
<tr><td align="center" style="padding:32px 16px;">
<table role="presentation" dir="${dir}" width="100%" cellspacing="0" cellpadding="0" border="0" style="max-width:560px;background-color:#ffffff;border:1px solid #e5e7eb;border-radius:12px;${font};color:#1f2937;text-align:${start};">
<tr><td style="padding:24px 32px;border-bottom:1px solid #e5e7eb;font-size:18px;font-weight:700;color:#111827;">${e(input.siteName)}</td></tr>
<tr><td style="padding:32px 32px 8px;">
<p style="margin:0 0 8px;font-size:16px;line-height:24px;font-weight:600;">${e(input.greeting)}</p>
<p style="margin:0 0 16px;font-size:15px;line-height:24px;">${e(input.intro)}</p>
<p style="margin:0 0 8px;font-size:14px;line-height:20px;color:#4b5563;">${e(input.message)}</p>
<div style="margin:0 0 24px;padding:12px 16px;border-${start}:4px solid #c7d2fe;background-color:#f9fafb;font-size:14px;line-height:22px;white-space:pre-wrap;word-break:break-word;">${e(input.body)}</div>
<table role="presentation" cellspacing="0" cellpadding="0" border="0" style="margin:0 0 24px;"><tr>
<td style="border-radius:8px;background-color:#4f46e5;">
<a href="${href}" target="_blank" rel="noopener" style="display:inline-block;padding:12px 24px;font-size:15px;font-weight:600;line-height:20px;color:#ffffff;text-decoration:none;border-radius:8px;">${e(input.action)}</a>
</td></tr></table>
<p style="margin:0 0 24px;font-size:12px;line-height:18px;color:#6b7280;word-break:break-all;" dir="ltr"><a href="${href}" style="color:#4f46e5;">${href}</a></p>
</td></tr>
<tr><td style="padding:16px 32px 24px;border-top:1px solid #e5e7eb;font-size:13px;line-height:20px;color:#6b7280;">${e(input.footer)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/**
 * Sends a message's mail to the other side. Answers the addresses it wrote to (none for a
 * ticket or message that is gone, so a late job does no harm). The author never gets their
 * own message.
 */
export async function sendTicketReplyMail(
  { database, mailer, siteAddress, superAdminEmails, notifyOwner }: TicketMailDeps,
  { accountId, ticketId, replyId }: TicketReplyMailData,
): Promise<string[]> {
  const found = await database.forAccount(accountId, async (tx) => {
    const [account] = await tx.select().from(accounts).where(eq(accounts.accountId, accountId));
    const ticket = await ticketWithSite(tx, ticketId);
    const reply = await replyById(tx, { accountId, id: replyId });
    if (!account || !ticket || !reply) return null;
    const [first] = await repliesOf(tx, { accountId, ticketId });
    return { account, ticket, reply, opening: first?.id === reply.id };
  });
  if (!found) return [];
  const { account, ticket, reply, opening } = found;
  const people = await peopleByIds(database, [
    ticket.openedBy,
    reply.authorId,
    ...(ticket.assigneeId ? [ticket.assigneeId] : []),
  ]);
  const author = people.get(reply.authorId);
  const assignee = ticket.assigneeId ? people.get(ticket.assigneeId) : undefined;
  let to: string[];
  if (reply.fromPlatform) to = [people.get(ticket.openedBy)?.email ?? ""];
  else if (assignee) to = [assignee.email];
  else to = [...superAdminEmails];
  const own = author?.email.toLowerCase();
  to = [...new Set(to.filter((address) => address && address.toLowerCase() !== own))];

  const origin = siteOrigin({
    slug: account.slug,
    domain: account.domain,
    baseDomain: siteAddress.baseDomain,
    like: siteAddress.like,
  });
  const siteName = siteNameOf(account);
  const lang = account.settings.defaultLanguage ?? defaultLanguage;
  const kind: TicketMailKind = reply.fromPlatform
    ? "platformReply"
    : opening
      ? "opened"
      : "siteReply";
  const mail = renderTicketMail({
    lang,
    kind,
    siteName,
    number: ticket.number,
    subject: ticket.subject,
    category: ticket.category,
    author: author?.name ?? siteName,
    body: reply.body,
    url: `${origin}/dashboard/tickets/${ticketId}${reply.fromPlatform ? "" : "?view=desk"}`,
  });
  for (const address of to) await mailer.send({ site: new URL(origin).host, to: address, ...mail });
  if (reply.fromPlatform && notifyOwner) {
    const language = isLanguageCode(lang) ? lang : defaultLanguage;
    await notifyOwner({
      accountId,
      message: translate(language, "ticketMail.notification", {
        number: String(ticket.number),
        subject: ticket.subject,
      }),
    });
  }
  return to;
}
