import { exportGradebookCsv } from "~/features/course-reports/course-reports.server";
import { dashboardRequestOf, openDashboardSection } from "~/features/dashboard/dashboard.server";
import { answerAppErrors } from "~/platform/http-errors";
import type { Route } from "./+types/course-gradebook-csv";

/** M1 the gradebook as CSV: every student of the search, by the gradebook's own rule. */
export async function loader(args: Route.LoaderArgs) {
  const { database, screen } = dashboardRequestOf(args);
  return answerAppErrors(async () => {
    const request = screen();
    await openDashboardSection(database, { ...request, pathname: "/dashboard/course" });
    const { csv, filename } = await exportGradebookCsv(database, {
      account: request.account,
      viewer: request.viewer,
      courseId: args.params.id,
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
