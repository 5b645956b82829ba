import { dashboardRequestOf } from "~/features/dashboard/dashboard.server";
import { exportReportCsv } from "~/features/reports/reports.server";
import { answerAppErrors } from "~/platform/http-errors";
import type { Route } from "./+types/reports-csv";

/** The site's reports as CSV, one row per day and figure (`?from=&to=` or `?period=`). */
export async function loader(args: Route.LoaderArgs) {
  const { database, screen } = dashboardRequestOf(args);
  return answerAppErrors(async () => {
    const request = screen();
    const { csv, filename } = await exportReportCsv(database, {
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
