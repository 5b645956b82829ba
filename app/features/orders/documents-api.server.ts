// GET /api/orders/:id/invoice.pdf — an order's invoice, for its buyer and the site's managers
// (401 without a session, 404 to anyone else: an order id found in a link tells nothing).
import { Hono } from "hono";
import type { Tenant } from "~/features/accounts/accounts";
import type { Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { LanguageCode } from "~/platform/i18n/languages";
import { invoiceFilename, loadInvoice, renderInvoicePdf } from "./invoice-pdf.server";

type DocumentsApiEnv = {
  Variables: {
    tenant: Tenant;
    viewer: Viewer | null;
    lang: LanguageCode;
    facts: { origin: string };
  };
};

/** The answer of `GET /api/orders/:id/invoice.pdf`, for a site's request. */
export async function answerInvoicePdf(
  database: Database,
  {
    tenant,
    viewer,
    lang,
    origin,
    orderId,
  }: { tenant: Tenant; viewer: Viewer | null; lang: LanguageCode; origin: string; orderId: string },
): Promise<{ body: Uint8Array<ArrayBuffer>; headers: Record<string, string> }> {
  if (tenant.kind !== "account") throw new AppError({ code: "route.notFound" });
  const facts = await loadInvoice(database, { account: tenant.account, viewer, orderId, origin });
  const pdf = await renderInvoicePdf({ facts, lang });
  return {
    body: new Uint8Array(pdf),
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${invoiceFilename(facts)}"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  };
}

/** The orders' documents (mounted under /api by the server's wiring). */
export function orderDocumentsApi({ database }: { database: Database }) {
  const api = new Hono<DocumentsApiEnv>();
  api.get("/orders/:id/invoice.pdf", async (c) => {
    const { body, headers } = await answerInvoicePdf(database, {
      tenant: c.var.tenant,
      viewer: c.var.viewer,
      lang: c.var.lang,
      origin: c.var.facts.origin,
      orderId: c.req.param("id"),
    });
    return c.body(body, 200, headers);
  });
  return api;
}
