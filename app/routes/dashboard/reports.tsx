import "@mantine/charts/styles.css";
import { Container } from "@mantine/core";
import { settingsMeta } from "~/features/dashboard/dashboard";
import { loadDashboardScreen } from "~/features/dashboard/dashboard.server";
import { ReportsScreen } from "~/features/reports/reports";
import { loadReport } from "~/features/reports/reports.server";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/reports";

/** Issue 17 scope 5: the site's reports over a period (the owner and super-admins). */
export async function loader(args: Route.LoaderArgs) {
  const { lang } = args.context.get(servicesContext);
  return loadDashboardScreen(args, ["reportsScreen"], async (database, request) => {
    const report = await loadReport(database, {
      account: request.account,
      viewer: request.viewer,
      search: new URL(args.request.url).searchParams,
    });
    return { report, lang };
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.reports.title",
    fallback: "Reports",
  });
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  return (
    <Container size="xl" py="md">
      <ReportsScreen report={loaderData.report} lang={loaderData.lang} />
    </Container>
  );
}
