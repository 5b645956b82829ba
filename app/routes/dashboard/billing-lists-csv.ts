import { dashboardRequestOf, openDashboardSection } from "~/features/dashboard/dashboard.server";
import {
  exportCustomersCsv,
  exportSubscriptionsCsv,
  platformShop,
} from "~/features/orders/orders.server";
import { answerAppErrors } from "~/platform/http-errors";
import type { Route } from "./+types/billing-lists-csv";

/**
 * The console's customers and subscriptions as CSV (super-admins): the platform shop's rows —
 * site owners who bought plans, their plan subscriptions — that the screen's search and
 * filters show. One module for both paths (routes.ts gives each its id).
 */
export async function loader(args: Route.LoaderArgs) {
  const { database, screen } = dashboardRequestOf(args);
  return answerAppErrors(async () => {
    const request = screen();
    const url = new URL(args.request.url);
    const list = url.pathname.endsWith("/customers.csv") ? "customers" : "subscriptions";
    await openDashboardSection(database, { ...request, pathname: `/dashboard/billing/${list}` });
    const exporter = list === "customers" ? exportCustomersCsv : exportSubscriptionsCsv;
    const { csv, filename } = await exporter(database, {
      ...platformShop(request.viewer),
      search: url.searchParams,
    });
    return new Response(`\uFEFF${csv}`, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`,
        "Cache-Control": "private, no-store",
      },
    });
  });
}
