// The e-mail of a ticket's new message to the other side (the `tickets.replyMail` job): a
// platform reply goes to the ticket's opener, a site's message to its assignee, or to every
// super-admin while nobody has it. In the site's language, with the message and a link to
// the thread; every value from the database is escaped in the HTML version.
import { eq } from "drizzle-orm";
import { siteNameOf, siteOrigin } from "~/features/accounts/accounts";
import { accounts } from "~/features/accounts/tables.server";
import { platformOrigin } from "~/features/accounts/accounts.server";
import type { Database } from "~/platform/db/database.server";
import {
  defaultLanguage,
  isLanguageCode,
  textDirection,
  type LanguageCode,
} from "~/platform/i18n/languages";
import type { Mailer } from "~/platform/mail/mail.server";
import { escapeHtml, mailAction, mailFrame, translate } from "~/platform/mail/templates.server";
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
  // The quote's bar stands at the side the text starts from (mail clients know no `start`).
  const start = textDirection(input.lang) === "rtl" ? "right" : "left";
  return mailFrame(
    input,
    `<p style="margin:0 0 8px;font-size:16px;line-height:24px;font-weight:600;">${e(input.greeting)}</p>
<p style="margin:0 0 16px;font-size:15px;line-height:24px;">${e(input.intro)}</p>
<p style="margin:0 0 8px;font-size:14px;line-height:20px;color:#4b5563;">${e(input.message)}</p>
<div style="margin:0 0 24px;padding:12px 16px;border-${start}:4px solid #c7d2fe;background-color:#f9fafb;font-size:14px;line-height:22px;white-space:pre-wrap;word-break:break-word;">${e(input.body)}</div>
${mailAction(input.action, input.url)}`,
  );
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
    // The desk is the console's, on the platform's own host (decision 037).
    url: reply.fromPlatform
      ? `${origin}/dashboard/tickets/${ticketId}`
      : `${platformOrigin({ baseDomain: siteAddress.baseDomain, like: siteAddress.like })}/dashboard/tickets/${ticketId}?view=desk`,
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
