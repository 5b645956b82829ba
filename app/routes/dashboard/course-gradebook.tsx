import { Container } from "@mantine/core";
import { CourseReportTabs, Gradebook } from "~/features/course-reports/course-reports";
import { loadGradebook } from "~/features/course-reports/course-reports.server";
import { settingsMeta } from "~/features/dashboard/dashboard";
import { loadDashboardScreen, openDashboardSection } from "~/features/dashboard/dashboard.server";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/course-gradebook";

/** A report of a course: opens by the course editor's rule, then its teachers with manage_stats. */
const screenPath = "/dashboard/course";

export async function loader(args: Route.LoaderArgs) {
  const { lang } = args.context.get(servicesContext);
  return loadDashboardScreen(args, ["courseReports"], async (database, request) => {
    await openDashboardSection(database, { ...request, pathname: screenPath });
    const gradebook = await loadGradebook(database, {
      account: request.account,
      viewer: request.viewer,
      courseId: args.params.id,
      search: new URL(args.request.url).searchParams,
    });
    return { gradebook, lang };
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "courseReports.gradebook.title",
    fallback: "Gradebook",
  });
}

export default function CourseGradebook({ loaderData }: Route.ComponentProps) {
  const { gradebook, lang } = loaderData;
  return (
    <Container size="xl" py="md">
      <CourseReportTabs
        courseId={gradebook.course.id}
        courseTitle={gradebook.course.title}
        active="gradebook"
      />
      <Gradebook gradebook={gradebook} lang={lang} />
    </Container>
  );
}
