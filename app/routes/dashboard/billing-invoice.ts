import { dashboardRequestOf, openDashboardSection } from "~/features/dashboard/dashboard.server";
import { planInvoicePdf } from "~/features/billing/billing.server";
import { answerAppErrors } from "~/platform/http-errors";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/billing-invoice";

/** A plan invoice of the site as a PDF, for whoever may open its billing. */
export async function loader(args: Route.LoaderArgs) {
  const { database, screen } = dashboardRequestOf(args);
  const { lang } = args.context.get(servicesContext);
  return answerAppErrors(async () => {
    const request = screen();
    await openDashboardSection(database, { ...request, pathname: "/dashboard/billing" });
    const { body, filename } = await planInvoicePdf(database, {
      siteAccountId: request.account.accountId,
      orderId: args.params.orderId,
      origin: new URL(args.request.url).origin,
      lang,
    });
    return new Response(body, {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${filename}"`,
        "Cache-Control": "private, no-store",
        "X-Robots-Tag": "noindex",
      },
    });
  });
}
