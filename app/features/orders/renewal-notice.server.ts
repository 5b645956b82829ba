// The e-mail of an offline subscription's next payment (the `orders.renewal-due` job's handler,
// decision 033): the renewal order's number, what it renews, the amount, the date to pay by and
// the site's bank-transfer instructions as the order keeps them, with a link to the member's
// orders, in the site's language. Every value from the database is escaped in the HTML version.
import { eq } from "drizzle-orm";
import { siteNameOf, siteOrigin, type AccountSummary } from "~/features/accounts/accounts";
import { accounts } from "~/features/accounts/tables.server";
import { formatMoney, minorToMajor } from "~/features/cart/cart";
import type { Database } from "~/platform/db/database.server";
import {
  defaultLanguage,
  isLanguageCode,
  textDirection,
  type LanguageCode,
} from "~/platform/i18n/languages";
import type { Mailer } from "~/platform/mail/mail.server";
import { escapeHtml, mailAction, mailFrame, translate } from "~/platform/mail/templates.server";
import type { OfflineRenewalStart } from "./offline-renewals.server";
import { itemsOf, orderById } from "./queries.server";

/** Where a site lives when no request tells it (a job): its domain, else `{slug}.{base}`. */
type SiteAddress = { baseDomain: string; like: string };

type NoticeDeps = { database: Database; mailer: Mailer; siteAddress?: SiteAddress };

export type RenewalNoticeInput = {
  account: Pick<AccountSummary, "slug" | "settings">;
  origin: string;
  order: { number: number; currency: string; total: number };
  /** What it renews (the subscription's item). */
  title: string;
  /** The end of the period paid so far: pay by then. */
  dueAt: Date;
  /** The site's bank-transfer instructions ("": none written). */
  instructions: string;
};

/** The notice's subject, text and HTML, in the site's language. */
export function renderRenewalNotice(input: RenewalNoticeInput) {
  const wanted = input.account.settings.defaultLanguage ?? defaultLanguage;
  const lang: LanguageCode = isLanguageCode(wanted) ? wanted : defaultLanguage;
  const siteName = siteNameOf(input.account);
  const { order } = input;
  const vars = {
    siteName,
    title: input.title,
    number: String(order.number),
    amount: formatMoney({
      amount: minorToMajor(order.total, order.currency),
      currency: order.currency,
      lang,
    }),
    date: new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" }).format(input.dueAt),
  };
  const t = (key: string) => translate(lang, `renewalNotice.${key}`, vars);
  const url = `${input.origin}/dashboard/orders`;
  const rows = [
    { label: t("orderLabel"), value: `#${vars.number}` },
    { label: t("amountLabel"), value: vars.amount },
    { label: t("dueLabel"), value: vars.date },
  ];
  const instructions = input.instructions.trim() || t("instructionsMissing");
  const texts = {
    subject: t("subject")
      .replace(/[\r\n]+/g, " ")
      .trim(),
    greeting: t("greeting"),
    intro: t("intro"),
    howToPay: t("howToPay"),
    reference: t("reference"),
    after: t("after"),
    action: t("action"),
    footer: t("footer"),
  };
  const text = [
    texts.greeting,
    texts.intro,
    rows.map((row) => `${row.label}: ${row.value}`).join("\n"),
    `${texts.howToPay}\n\n${instructions}`,
    texts.reference,
    texts.after,
    `${texts.action}: ${url}`,
    texts.footer,
    `— ${siteName}`,
  ].join("\n\n");
  const e = escapeHtml;
  const cell = "padding:8px 0;border-bottom:1px solid #e5e7eb;font-size:14px;line-height:20px;";
  // Mail clients know no `start`/`end`: the value stands at the side the text ends on.
  const end = textDirection(lang) === "rtl" ? "left" : "right";
  const html = mailFrame(
    { lang, subject: texts.subject, siteName, footer: texts.footer },
    `<p style="margin:0 0 8px;font-size:16px;line-height:24px;font-weight:600;">${e(texts.greeting)}</p>
<p style="margin:0 0 20px;font-size:15px;line-height:24px;">${e(texts.intro)}</p>
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="margin:0 0 24px;">
${rows.map((row) => `<tr><td style="${cell}">${e(row.label)}</td><td style="${cell}text-align:${end};font-weight:600;white-space:nowrap;">${e(row.value)}</td></tr>`).join("\n")}
</table>
<p style="margin:0 0 8px;font-size:15px;line-height:24px;font-weight:600;">${e(texts.howToPay)}</p>
<div style="margin:0 0 16px;padding:12px 16px;background-color:#f9fafb;border:1px solid #e5e7eb;border-radius:8px;font-size:14px;line-height:22px;white-space:pre-wrap;word-break:break-word;">${e(instructions)}</div>
<p style="margin:0 0 8px;font-size:14px;line-height:22px;">${e(texts.reference)}</p>
<p style="margin:0 0 24px;font-size:14px;line-height:22px;">${e(texts.after)}</p>
${mailAction(texts.action, url)}`,
  );
  return { subject: texts.subject, text: `${text}\n`, html };
}

/**
 * Mails the member the pending renewal order of their offline subscription. Answers false (and
 * sends nothing) for an order that is gone, is no offline renewal or is no longer pending (paid
 * or cancelled before the job ran), so a late job does no harm.
 */
export async function sendRenewalNotice(
  { database, mailer, siteAddress }: NoticeDeps,
  { accountId, orderId }: { accountId: string; orderId: string },
): Promise<boolean> {
  const found = await database.forAccount(accountId, async (tx) => {
    const [account] = await tx.select().from(accounts).where(eq(accounts.accountId, accountId));
    const order = await orderById(tx, { accountId, id: orderId });
    if (!account || !order?.renewalOf || order.provider !== "offline" || order.status !== "pending")
      return null;
    const [item] = await itemsOf(tx, { accountId, orderId });
    return { account, order, title: item?.title ?? "" };
  });
  if (!found) return false;
  const { account, order, title } = found;
  const start = (order.paymentStart ?? {}) as Partial<OfflineRenewalStart>;
  const origin = siteOrigin({
    slug: account.slug,
    domain: account.domain,
    baseDomain: siteAddress?.baseDomain ?? "localhost",
    like: siteAddress?.like ?? "https://localhost",
  });
  const mail = renderRenewalNotice({
    account,
    origin,
    order,
    title,
    dueAt: start.dueAt ? new Date(start.dueAt) : order.createdAt,
    instructions: start.instructions ?? "",
  });
  await mailer.send({
    site: new URL(origin).host,
    to: order.email,
    ...mail,
    accountId,
    template: "renewalNotice",
  });
  return true;
}
