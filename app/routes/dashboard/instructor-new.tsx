import { settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import { NewCourse } from "~/features/courses/courses";
import { createCourse, requireLms } from "~/features/courses/courses.server";
import type { Route } from "./+types/instructor-new";

export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["courseBuilder"], async (database, request) => {
    await openDashboardSection(database, request);
    await requireLms(database, request.account);
    return {};
  });
}

/** M1 a new course from its title: a draft of its maker (the lms switch and the plan's cap apply). */
export async function action(args: Route.ActionArgs) {
  return answerSettingsSave(args, async (database, request, body) => {
    await openDashboardSection(database, request);
    return createCourse({ database, account: request.account, viewer: request.viewer }, body);
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.newCourse.title",
    fallback: "New course",
  });
}

export default function InstructorNew() {
  return <NewCourse />;
}
