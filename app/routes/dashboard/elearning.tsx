import { SiteCourses } from "~/features/courses/courses";
import { listSiteCourses } from "~/features/courses/courses.server";
import { settingsMeta } from "~/features/dashboard/dashboard";
import { loadDashboardScreen, openDashboardSection } from "~/features/dashboard/dashboard.server";
import type { Route } from "./+types/elearning";

/** M1 every course of the site, for its managers. */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["courseBuilder"], async (database, request) => {
    await openDashboardSection(database, request);
    return listSiteCourses({ database, account: request.account, viewer: request.viewer });
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.manageElearning.title",
    fallback: "E-learning",
  });
}

export default function Elearning({ loaderData }: Route.ComponentProps) {
  return <SiteCourses rows={loaderData.rows} />;
}
