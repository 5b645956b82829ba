import { dashboardRequestOf, openDashboardSection } from "~/features/dashboard/dashboard.server";
import { exportOrdersCsv, platformShop } from "~/features/orders/orders.server";
import { answerAppErrors } from "~/platform/http-errors";
import type { Route } from "./+types/billing-orders-csv";

/**
 * The console's orders as CSV (super-admins): the platform shop's orders — the plans site
 * owners bought — that the screen's search and filters show, in the shop's own CSV.
 */
export async function loader(args: Route.LoaderArgs) {
  const { database, screen } = dashboardRequestOf(args);
  return answerAppErrors(async () => {
    const request = screen();
    await openDashboardSection(database, { ...request, pathname: "/dashboard/billing/orders" });
    const { csv, filename } = await exportOrdersCsv(database, {
      ...platformShop(request.viewer),
      search: new URL(args.request.url).searchParams,
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
