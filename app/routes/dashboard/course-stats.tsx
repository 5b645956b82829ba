import "@mantine/charts/styles.css";
import { Container } from "@mantine/core";
import { CourseReportTabs, CourseStatsScreen } from "~/features/course-reports/course-reports";
import { loadCourseStats } from "~/features/course-reports/course-reports.server";
import { settingsMeta } from "~/features/dashboard/dashboard";
import { loadDashboardScreen, openDashboardSection } from "~/features/dashboard/dashboard.server";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/course-stats";

export async function loader(args: Route.LoaderArgs) {
  const { lang } = args.context.get(servicesContext);
  return loadDashboardScreen(args, ["courseReports"], async (database, request) => {
    await openDashboardSection(database, { ...request, pathname: "/dashboard/course" });
    const stats = await loadCourseStats(database, {
      account: request.account,
      viewer: request.viewer,
      courseId: args.params.id,
      search: new URL(args.request.url).searchParams,
    });
    return { stats, lang };
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, { titleKey: "courseReports.stats.title", fallback: "Stats" });
}

/** Issue 15 scope 5: the course's stats (the charts' sheet loads with this screen only). */
export default function CourseStats({ loaderData }: Route.ComponentProps) {
  const { stats, lang } = loaderData;
  return (
    <Container size="xl" py="md">
      <CourseReportTabs
        courseId={stats.course.id}
        courseTitle={stats.course.title}
        active="stats"
      />
      <CourseStatsScreen stats={stats} lang={lang} />
    </Container>
  );
}
