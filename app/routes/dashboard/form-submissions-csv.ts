import { z } from "zod";
import { dashboardRequestOf, openDashboardSection } from "~/features/dashboard/dashboard.server";
import { FORMS_SCREEN_PATH } from "~/features/forms/forms";
import { submissionsCsv, submissionsForExport } from "~/features/forms/forms.server";
import { countryNames } from "~/platform/countries";
import { AppError } from "~/platform/errors";
import { answerAppErrors } from "~/platform/http-errors";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/form-submissions-csv";

/** M5 one form's answers as CSV, as the answers list's search selects them (managers). */
export async function loader(args: Route.LoaderArgs) {
  const { database, screen } = dashboardRequestOf(args);
  const { lang } = args.context.get(servicesContext);
  return answerAppErrors(async () => {
    const request = screen();
    await openDashboardSection(database, { ...request, pathname: FORMS_SCREEN_PATH });
    const search = new URL(args.request.url).searchParams;
    const formId = z.uuid().safeParse(search.get("form"));
    if (!formId.success) throw new AppError({ code: "request.invalid" });
    const answers = await submissionsForExport(database, {
      accountId: request.account.accountId,
      viewer: request.viewer,
      formId: formId.data,
      search,
    });
    const csv = submissionsCsv(answers, { lang, countryNames: await countryNames(lang) });
    return new Response(`\uFEFF${csv}`, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${answers.form.slug}-answers.csv"`,
        "Cache-Control": "private, no-store",
      },
    });
  });
}
