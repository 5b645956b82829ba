// An order's invoice as a PDF (pdfkit, A4): the seller (the site), the buyer, the order's
// number, date and status, its lines, the discount and the total. Only the order's buyer and
// the site's managers may have it; anyone else is told there is no such order.
// DejaVu Sans (Debian's fonts-dejavu-core) draws every currency sign and most scripts; without
// it pdfkit's Helvetica draws Latin-1 and shows missing glyphs for the rest.
import fs from "node:fs";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { siteNameOf, type AccountSummary } from "~/features/accounts/accounts";
import { formatMoney, minorToMajor } from "~/features/cart/cart";
import { members } from "~/features/members/tables.server";
import type { Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { drawLines, hasRightToLeft } from "~/platform/pdf-lines.server";
import { textIn } from "~/platform/i18n/messages.server";
import type { LanguageCode } from "~/platform/i18n/languages";
import { isShopManager } from "./order-lists.server";
import type { OrderLine } from "./order-views";
import type { OrderStatus } from "./order-shapes";
import { itemsOf } from "./queries.server";
import { orders } from "./tables.server";

export type InvoiceFacts = {
  siteName: string;
  origin: string;
  orderId: string;
  number: number;
  createdAt: Date;
  paidAt: Date | null;
  status: OrderStatus;
  buyer: { name: string; email: string };
  currency: string;
  lines: OrderLine[];
  subtotal: number;
  discount: number;
  coupon: string | null;
  total: number;
  /** What its trials leave to charge when they end (a renewal's invoice of its own then). */
  dueLater: number;
  refunded: number;
};

/**
 * The invoice of an order, for its buyer or a manager of the site: 401 without a session, 404
 * for an order that is not there or not theirs (a member cannot learn that it exists).
 */
export async function loadInvoice(
  database: Database,
  {
    account,
    viewer,
    orderId,
    origin,
  }: { account: AccountSummary; viewer: Viewer | null; orderId: string; origin: string },
): Promise<InvoiceFacts> {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  return invoiceFacts(database, {
    account,
    orderId,
    origin,
    mayRead: (order) => order.userId === viewer.user.id || isShopManager(viewer),
  });
}

/**
 * An order's invoice facts once the caller has said who may read it (`mayRead`); an order that
 * is not there or not readable is `order.notFound` alike.
 */
export async function invoiceFacts(
  database: Database,
  {
    account,
    orderId,
    origin,
    mayRead,
  }: {
    account: AccountSummary;
    orderId: string;
    origin: string;
    mayRead: (order: typeof orders.$inferSelect) => boolean;
  },
): Promise<InvoiceFacts> {
  if (!z.uuid().safeParse(orderId).success) throw new AppError({ code: "order.notFound" });
  const { accountId } = account;
  return database.forAccount(accountId, async (tx) => {
    const [found] = await tx
      .select({ order: orders, name: members.name })
      .from(orders)
      .leftJoin(members, and(eq(members.accountId, accountId), eq(members.userId, orders.userId)))
      .where(and(eq(orders.accountId, accountId), eq(orders.id, orderId)));
    if (!found) throw new AppError({ code: "order.notFound" });
    const { order } = found;
    if (!mayRead(order)) throw new AppError({ code: "order.notFound" });
    const items = await itemsOf(tx, { accountId, orderId });
    return {
      siteName: siteNameOf(account),
      origin,
      orderId: order.id,
      number: order.number,
      createdAt: order.createdAt,
      paidAt: order.paidAt,
      status: order.status,
      buyer: { name: found.name ?? order.email, email: order.email },
      currency: order.currency,
      lines: items.map((item) => ({
        title: item.title,
        quantity: item.quantity,
        amount: item.amount,
        billing: item.billing,
        frequency: item.frequency ?? null,
      })),
      subtotal: order.subtotal,
      discount: order.discount,
      coupon: order.coupon,
      total: order.total,
      dueLater: order.dueLater,
      refunded: order.refunded,
    };
  });
}

const unicodeFonts = {
  regular: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
  bold: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
};

/** The invoice's words in `lang` (English where a language lacks one). */
export function invoiceText(lang: LanguageCode) {
  return (key: string) => textIn(lang, `orderInvoice.${key}`);
}

export function invoiceFilename(facts: Pick<InvoiceFacts, "number">) {
  return `invoice-${facts.number}.pdf`;
}

export async function renderInvoicePdf({
  facts,
  lang,
}: {
  facts: InvoiceFacts;
  lang: LanguageCode;
}): Promise<Buffer> {
  const t = invoiceText(lang);
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margin: 50,
    info: {
      Title: `${t("title")} #${facts.number} — ${facts.siteName}`,
      Author: facts.siteName,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const unicode = fs.existsSync(unicodeFonts.regular) && fs.existsSync(unicodeFonts.bold);
  if (unicode) {
    doc.registerFont("Body", unicodeFonts.regular);
    doc.registerFont("Body-Bold", unicodeFonts.bold);
  }
  const regular = unicode ? "Body" : "Helvetica";
  const bold = unicode ? "Body-Bold" : "Helvetica-Bold";
  const money = (minor: number) =>
    formatMoney({ amount: minorToMajor(minor, facts.currency), currency: facts.currency, lang });
  const date = (value: Date) =>
    new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" }).format(value);
  const left = 50;
  const width = doc.page.width - 100;
  const ink = "#1f2937";
  const muted = "#4b5563";

  /** pdfkit's text(), but a line in Arabic or Hebrew laid out right to left (pdf-lines). */
  const put = (
    text: string,
    x: number,
    y: number,
    options: { width: number; align?: "left" | "center" | "right"; lineBreak?: boolean },
  ) => {
    if (hasRightToLeft(text)) drawLines(doc, text, { x, y, align: "left", ...options });
    else doc.text(text, x, y, options);
  };

  // Heading: the document's name on one side, the seller on the other.
  doc.font(bold).fontSize(24).fillColor(ink);
  put(t("title"), left, 50, { width: width / 2 });
  doc.font(bold).fontSize(13);
  put(facts.siteName, left + width / 2, 54, { width: width / 2, align: "right" });
  doc.font(regular).fontSize(9).fillColor(muted);
  put(facts.origin, left + width / 2, doc.y + 2, { width: width / 2, align: "right" });

  const facts2 = [
    [t("number"), `#${facts.number}`],
    [t("date"), date(facts.createdAt)],
    ...(facts.paidAt ? [[t("paidOn"), date(facts.paidAt)]] : []),
    [t("status"), textIn(lang, `ordersDashboard.status.${facts.status}`)],
  ];
  let y = 110;
  for (const [label, value] of facts2) {
    doc.font(regular).fontSize(10).fillColor(muted);
    put(label!, left, y, { width: 110 });
    doc.font(bold).fillColor(ink);
    put(value!, left + 110, y, { width: 200 });
    y += 16;
  }

  // Seller and buyer.
  y += 14;
  const column = width / 2;
  doc.font(bold).fontSize(10).fillColor(muted);
  put(t("seller"), left, y, { width: column });
  put(t("buyer"), left + column, y, { width: column });
  doc.font(regular).fontSize(11).fillColor(ink);
  put(facts.siteName, left, y + 16, { width: column - 10 });
  put(facts.origin, left, doc.y, { width: column - 10 });
  put(facts.buyer.name, left + column, y + 16, { width: column });
  put(facts.buyer.email, left + column, doc.y, { width: column });
  y = Math.max(doc.y, y + 48) + 20;

  // Lines.
  const cols = { item: left, qty: left + width * 0.55, unit: left + width * 0.65 };
  const colWidth = {
    item: width * 0.53,
    qty: width * 0.1,
    unit: width * 0.17,
    amount: width * 0.18,
  };
  const amountX = left + width - colWidth.amount;
  doc.rect(left, y - 4, width, 20).fill("#f3f4f6");
  doc.font(bold).fontSize(10).fillColor(ink);
  put(t("item"), cols.item + 4, y, { width: colWidth.item });
  put(t("quantity"), cols.qty, y, { width: colWidth.qty, align: "right" });
  put(t("unitPrice"), cols.unit, y, { width: colWidth.unit, align: "right" });
  put(t("amount"), amountX, y, { width: colWidth.amount, align: "right" });
  y += 24;
  doc.font(regular).fontSize(10);
  for (const line of facts.lines) {
    const top = y;
    doc.fillColor(ink);
    put(line.title, cols.item + 4, top, { width: colWidth.item });
    const bottom = doc.y;
    put(String(line.quantity), cols.qty, top, { width: colWidth.qty, align: "right" });
    put(money(line.amount), cols.unit, top, { width: colWidth.unit, align: "right" });
    put(money(line.amount * line.quantity), amountX, top, {
      width: colWidth.amount,
      align: "right",
    });
    y = Math.max(bottom, doc.y) + 8;
    doc
      .moveTo(left, y - 4)
      .lineTo(left + width, y - 4)
      .lineWidth(0.5)
      .strokeColor("#e5e7eb")
      .stroke();
    if (y > doc.page.height - 160) {
      doc.addPage();
      y = 50;
    }
  }

  // Totals.
  y += 8;
  const sums: [string, string, boolean][] = [[t("subtotal"), money(facts.subtotal), false]];
  if (facts.discount > 0)
    sums.push([
      facts.coupon ? `${t("discount")} (${facts.coupon})` : t("discount"),
      `−${money(facts.discount)}`,
      false,
    ]);
  sums.push([t("total"), money(facts.total), true]);
  if (facts.dueLater > 0) sums.push([t("dueLater"), money(facts.dueLater), false]);
  if (facts.refunded > 0) sums.push([t("refunded"), `−${money(facts.refunded)}`, false]);
  for (const [label, value, strong] of sums) {
    doc
      .font(strong ? bold : regular)
      .fontSize(strong ? 12 : 10)
      .fillColor(ink);
    put(label, left + width * 0.4, y, { width: width * 0.4 - 8, align: "right" });
    put(value, amountX - width * 0.02, y, {
      width: colWidth.amount + width * 0.02,
      align: "right",
    });
    y += strong ? 22 : 16;
  }

  doc.font(regular).fontSize(9).fillColor(muted);
  put(`${t("thanks")} ${facts.origin}`, left, doc.page.height - 80, {
    width,
    align: "center",
    lineBreak: false,
  });
  doc.end();
  return done;
}
