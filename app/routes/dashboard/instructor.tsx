import { settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import { InstructorCourses } from "~/features/courses/courses";
import { commandCourse, listTeacherCourses } from "~/features/courses/courses.server";
import type { Route } from "./+types/instructor";

/** M1 the teacher's courses: their own and co-taught ones (a manager's: every course). */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["courseBuilder"], async (database, request) => {
    await openDashboardSection(database, request);
    return listTeacherCourses(
      { database, account: request.account, viewer: request.viewer },
      new URL(args.request.url).searchParams,
    );
  });
}

/** M1 the list's commands: duplicate (as a draft) or delete a course. */
export async function action(args: Route.ActionArgs) {
  return answerSettingsSave(args, async (database, request, body) => {
    await openDashboardSection(database, request);
    return commandCourse(
      { database, account: request.account, viewer: request.viewer, caches: request.caches },
      body,
    );
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.instructor.title",
    fallback: "Instructor",
  });
}

export default function Instructor({ loaderData }: Route.ComponentProps) {
  return <InstructorCourses rows={loaderData.rows} query={loaderData.query} />;
}
