import { AFFILIATES_SCREEN_PATH } from "~/features/affiliates/affiliates";
import { payoutsCsv } from "~/features/affiliates/affiliates.server";
import { dashboardRequestOf, openDashboardSection } from "~/features/dashboard/dashboard.server";
import { answerAppErrors } from "~/platform/http-errors";
import type { Route } from "./+types/affiliates-payouts-csv";

/** M5 the affiliate payouts made, as CSV for the books (managers: the affiliates screen's rule). */
export async function loader(args: Route.LoaderArgs) {
  const { database, screen } = dashboardRequestOf(args);
  return answerAppErrors(async () => {
    const request = screen();
    await openDashboardSection(database, { ...request, pathname: AFFILIATES_SCREEN_PATH });
    const csv = await payoutsCsv(database, {
      accountId: request.account.accountId,
      viewer: request.viewer,
    });
    return new Response(`\uFEFF${csv}`, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'attachment; filename="affiliate-payouts.csv"',
        "Cache-Control": "private, no-store",
      },
    });
  });
}
