import { dashboardRequestOf, openDashboardSection } from "~/features/dashboard/dashboard.server";
import { memberListQueryOf, MEMBERS_PATH } from "~/features/member-admin/member-admin";
import { membersCsv, membersForExport } from "~/features/member-admin/member-admin.server";
import { answerAppErrors } from "~/platform/http-errors";
import type { Route } from "./+types/members-csv";

/** Issue 35 the Members list of the same filters as CSV (managers). */
export async function loader(args: Route.LoaderArgs) {
  const { database, screen } = dashboardRequestOf(args);
  return answerAppErrors(async () => {
    const request = screen();
    await openDashboardSection(database, { ...request, pathname: MEMBERS_PATH });
    const rows = await membersForExport(database, {
      accountId: request.account.accountId,
      viewer: request.viewer,
      query: memberListQueryOf(new URL(args.request.url).searchParams),
    });
    return new Response(`\uFEFF${membersCsv(rows)}`, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="members.csv"`,
        "Cache-Control": "private, no-store",
      },
    });
  });
}
