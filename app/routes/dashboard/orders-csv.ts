import { dashboardRequestOf, openDashboardSection } from "~/features/dashboard/dashboard.server";
import { exportOrdersCsv } from "~/features/orders/orders.server";
import { answerAppErrors } from "~/platform/http-errors";
import type { Route } from "./+types/orders-csv";

/** The shop's orders as CSV (managers): every order of the screen's search and filters. */
export async function loader(args: Route.LoaderArgs) {
  const { database, screen } = dashboardRequestOf(args);
  return answerAppErrors(async () => {
    const request = screen();
    await openDashboardSection(database, { ...request, pathname: "/dashboard/orders" });
    const { csv, filename } = await exportOrdersCsv(database, {
      account: request.account,
      viewer: request.viewer,
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
