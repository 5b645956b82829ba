// The receipt e-mail of a paid order (the `orders.receipt` job's handler): its number, lines,
// discount and total, what it unlocked, and links to the order's page and its invoice, in the
// site's language. Every value from the database is escaped in the HTML version.
import { eq } from "drizzle-orm";
import { siteNameOf, siteOrigin, type AccountSummary } from "~/features/accounts/accounts";
import { accounts } from "~/features/accounts/tables.server";
import { formatMoney, minorToMajor } from "~/features/cart/cart";
import type { Database } from "~/platform/db/database.server";
import { defaultLanguage, isLanguageCode, textDirection } from "~/platform/i18n/languages";
import type { Mailer } from "~/platform/mail/mail.server";
import { escapeHtml, translate } from "~/platform/mail/templates.server";
import { unlockedBy, type Unlocked } from "./order-view.server";
import { itemsOf, orderById } from "./queries.server";

/** Where a site lives when no request tells it (a job): its domain, else `{slug}.{base}`. */
export type SiteAddress = { baseDomain: string; like: string };

type ReceiptDeps = { database: Database; mailer: Mailer; siteAddress?: SiteAddress };

/**
 * Sends the receipt of a paid or fulfilled order to its buyer. Answers false (and sends
 * nothing) for an order that is not there or was never paid, so a late job does no harm.
 */
export async function sendReceipt(
  { database, mailer, siteAddress }: ReceiptDeps,
  { accountId, orderId, origin }: { accountId: string; orderId: string; origin?: string },
): Promise<boolean> {
  const prepared = await database.forAccount(accountId, async (tx) => {
    const [account] = await tx.select().from(accounts).where(eq(accounts.accountId, accountId));
    const order = await orderById(tx, { accountId, id: orderId });
    if (!account || !order || (order.status !== "paid" && order.status !== "fulfilled"))
      return null;
    const base =
      origin ??
      siteOrigin({
        slug: account.slug,
        domain: account.domain,
        baseDomain: siteAddress?.baseDomain ?? "localhost",
        like: siteAddress?.like ?? "https://localhost",
      });
    const items = await itemsOf(tx, { accountId, orderId });
    const unlocked = await unlockedBy(tx, {
      accountId,
      productIds: [...new Set(items.map((item) => item.productId))],
    });
    return { account, order, items, unlocked, base };
  });
  if (!prepared) return false;
  const { account, order, items, unlocked, base } = prepared;
  const mail = renderReceipt({
    account,
    origin: base,
    order: {
      id: order.id,
      number: order.number,
      createdAt: order.createdAt,
      currency: order.currency,
      subtotal: order.subtotal,
      discount: order.discount,
      coupon: order.coupon,
      total: order.total,
      dueLater: order.dueLater,
    },
    lines: items.map((item) => ({
      title: item.title,
      quantity: item.quantity,
      amount: item.amount,
    })),
    unlocked,
  });
  await mailer.send({
    site: new URL(base).host,
    to: order.email,
    ...mail,
    accountId: order.accountId,
    template: "receipt",
  });
  return true;
}

export type ReceiptInput = {
  account: Pick<AccountSummary, "slug" | "settings">;
  origin: string;
  order: {
    id: string;
    number: number;
    createdAt: Date;
    currency: string;
    subtotal: number;
    discount: number;
    coupon: string | null;
    total: number;
    /** What its trials leave to charge when they end (0: nothing). */
    dueLater?: number;
  };
  lines: { title: string; quantity: number; amount: number }[];
  unlocked: Unlocked;
};

/** The receipt's subject, text and HTML, in the site's language. */
export function renderReceipt({ account, origin, order, lines, unlocked }: ReceiptInput) {
  const wanted = account.settings.defaultLanguage ?? defaultLanguage;
  const lang = isLanguageCode(wanted) ? wanted : defaultLanguage;
  const siteName = siteNameOf(account);
  const date = new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" }).format(
    order.createdAt,
  );
  const number = String(order.number);
  const t = (key: string, vars: Record<string, string> = {}) =>
    translate(lang, `orderReceipt.${key}`, { siteName, number, date, ...vars });
  const money = (minor: number) =>
    formatMoney({ amount: minorToMajor(minor, order.currency), currency: order.currency, lang });
  const orderUrl = `${origin}/thankyou?order=${encodeURIComponent(order.id)}`;
  const invoiceUrl = `${origin}/api/orders/${encodeURIComponent(order.id)}/invoice.pdf`;
  const rows = lines.map((line) => ({
    label: line.quantity > 1 ? `${line.title} × ${line.quantity}` : line.title,
    value: money(line.amount * line.quantity),
  }));
  const sums = [
    { label: t("subtotal"), value: money(order.subtotal), strong: false },
    ...(order.discount > 0
      ? [
          {
            label: order.coupon ? t("discountWith", { coupon: order.coupon }) : t("discount"),
            value: `−${money(order.discount)}`,
            strong: false,
          },
        ]
      : []),
    { label: t("total"), value: money(order.total), strong: true },
    ...(order.dueLater
      ? [{ label: t("dueLater"), value: money(order.dueLater), strong: false }]
      : []),
  ];
  const gives = [
    ...unlocked.courses.map((course) => ({
      label: `${t("kinds.course")}: ${course.title}`,
      url: `${origin}/course/${encodeURIComponent(course.slug)}` as string | null,
    })),
    ...unlocked.memberships.map((level) => ({
      label: `${t("kinds.membership")}: ${level.name}`,
      url: null,
    })),
    ...unlocked.downloads.map((file) => ({
      label: `${t("kinds.download")}: ${file.name}`,
      url: `${origin}/api/downloads/${file.id}` as string | null,
    })),
  ];
  const subject = t("subject")
    .replace(/[\r\n]+/g, " ")
    .trim();
  const text = [
    t("greeting"),
    t("intro"),
    rows.map((row) => `- ${row.label}: ${row.value}`).join("\n"),
    sums.map((sum) => `${sum.label}: ${sum.value}`).join("\n"),
    ...(gives.length > 0
      ? [
          `${t("unlocked")}\n${gives.map((item) => `- ${item.label}${item.url ? ` (${item.url})` : ""}`).join("\n")}`,
        ]
      : []),
    `${t("viewOrder")}: ${orderUrl}`,
    `${t("invoice")}: ${invoiceUrl}`,
    t("footer"),
    `— ${siteName}`,
  ].join("\n\n");
  return {
    subject,
    text: `${text}\n`,
    html: receiptHtml({ lang, subject, siteName, t, rows, sums, gives, orderUrl, invoiceUrl }),
  };
}

function receiptHtml(input: {
  lang: string;
  subject: string;
  siteName: string;
  t: (key: string) => string;
  rows: { label: string; value: string }[];
  sums: { label: string; value: string; strong: boolean }[];
  gives: { label: string; url: string | null }[];
  orderUrl: string;
  invoiceUrl: string;
}): string {
  const e = escapeHtml;
  const { t } = input;
  const dir = textDirection(input.lang as Parameters<typeof textDirection>[0]);
  const start = dir === "rtl" ? "right" : "left";
  const end = dir === "rtl" ? "left" : "right";
  const font =
    "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif";
  const cell = `padding:8px 0;border-bottom:1px solid #e5e7eb;font-size:14px;line-height:20px;`;
  const line = (label: string, value: string, strong = false) =>
    `<tr><td style="${cell}text-align:${start};${strong ? "font-weight:700;" : ""}">${e(label)}</td><td style="${cell}text-align:${end};white-space:nowrap;${strong ? "font-weight:700;" : ""}">${e(value)}</td></tr>`;
  const button = (href: string, label: string, solid: boolean) =>
    `<a href="${e(href)}" target="_blank" rel="noopener" style="display:inline-block;margin:0 8px 8px 0;padding:10px 20px;font-size:14px;font-weight:600;border-radius:8px;text-decoration:none;${solid ? "background-color:#4f46e5;color:#ffffff;" : "border:1px solid #4f46e5;color:#4338ca;"}">${e(label)}</a>`;
  const unlocked =
    input.gives.length === 0
      ? ""
      : `<p style="margin:24px 0 8px;font-size:15px;font-weight:600;">${e(t("unlocked"))}</p><ul style="margin:0 0 8px;padding-${start}:20px;font-size:14px;line-height:22px;">${input.gives
          .map(
            (item) =>
              `<li>${item.url ? `<a href="${e(item.url)}" style="color:#4338ca;">${e(item.label)}</a>` : e(item.label)}</li>`,
          )
          .join("")}</ul>`;
  return `<!doctype html>
<html lang="${e(input.lang)}" dir="${dir}">
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
<p style="margin:0 0 8px;font-size:16px;line-height:24px;font-weight:600;">${e(t("greeting"))}</p>
<p style="margin:0 0 20px;font-size:15px;line-height:24px;">${e(t("intro"))}</p>
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0">
${input.rows.map((row) => line(row.label, row.value)).join("\n")}
${input.sums.map((sum) => line(sum.label, sum.value, sum.strong)).join("\n")}
</table>
${unlocked}
<p style="margin:24px 0 16px;">${button(input.orderUrl, t("viewOrder"), true)}${button(input.invoiceUrl, t("invoice"), false)}</p>
</td></tr>
<tr><td style="padding:16px 32px 24px;border-top:1px solid #e5e7eb;font-size:13px;line-height:20px;color:#6b7280;">${e(t("footer"))}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
