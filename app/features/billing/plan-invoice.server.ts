import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { PLATFORM_ACCOUNT_ID, readAccount } from "~/features/accounts/accounts.server";
import { invoiceFacts, invoiceFilename, renderInvoicePdf } from "~/features/orders/orders.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { LanguageCode } from "~/platform/i18n/languages";
import { planPurchases } from "./tables.server";

/**
 * A plan invoice as a PDF for the site it paid for: the platform's order, issued by the
 * platform. Whoever may open the site's billing may have it (not only the owner who paid);
 * an order that paid for another site is not there.
 */
export async function planInvoicePdf(
  database: Database,
  {
    siteAccountId,
    orderId,
    origin,
    lang,
  }: { siteAccountId: string; orderId: string; origin: string; lang: LanguageCode },
): Promise<{ body: Uint8Array<ArrayBuffer>; filename: string }> {
  if (!z.uuid().safeParse(orderId).success) throw new AppError({ code: "order.notFound" });
  const [purchase] = await database.forAccount(PLATFORM_ACCOUNT_ID, (tx) =>
    tx
      .select({ siteAccountId: planPurchases.siteAccountId })
      .from(planPurchases)
      .where(
        and(eq(planPurchases.accountId, PLATFORM_ACCOUNT_ID), eq(planPurchases.orderId, orderId)),
      ),
  );
  if (purchase?.siteAccountId !== siteAccountId) throw new AppError({ code: "order.notFound" });
  const platform = await readAccount(database, PLATFORM_ACCOUNT_ID);
  if (!platform) throw new AppError({ code: "order.notFound" });
  // The purchase ties the order to this site: whoever opens the site's billing may read it.
  const facts = await invoiceFacts(database, {
    account: platform,
    orderId,
    origin,
    mayRead: () => true,
  });
  return {
    body: new Uint8Array(await renderInvoicePdf({ facts, lang })),
    filename: invoiceFilename(facts),
  };
}
