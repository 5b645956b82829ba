import { contactsCsv, contactsForExport } from "~/features/contacts/contacts.server";
import { dashboardRequestOf, openDashboardSection } from "~/features/dashboard/dashboard.server";
import { answerAppErrors } from "~/platform/http-errors";
import type { Route } from "./+types/contacts-csv";

/** M5 the contacts of the list's filters as CSV (managers). */
export async function loader(args: Route.LoaderArgs) {
  const { database, screen } = dashboardRequestOf(args);
  return answerAppErrors(async () => {
    const request = screen();
    await openDashboardSection(database, {
      ...request,
      pathname: "/dashboard/manage/marketing/emails",
    });
    const rows = await contactsForExport(database, {
      accountId: request.account.accountId,
      viewer: request.viewer,
      search: new URL(args.request.url).searchParams,
      timeZone: request.account.settings.timezone ?? "UTC",
    });
    return new Response(`\uFEFF${contactsCsv(rows)}`, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="contacts.csv"`,
        "Cache-Control": "private, no-store",
      },
    });
  });
}
