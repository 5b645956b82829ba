import { CategoriesScreen } from "~/features/courses/courses";
import { commandCategory, loadCategoriesScreen } from "~/features/courses/courses.server";
import { settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import type { Route } from "./+types/elearning-categories";

/** M1 the site's course categories (managers), at the spec's address (spelled so). */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["courseBuilder"], async (database, request) => {
    await openDashboardSection(database, request);
    return loadCategoriesScreen({ database, account: request.account, viewer: request.viewer });
  });
}

/** M1 add, change or delete a category (a deleted one is cleared from its courses first). */
export async function action(args: Route.ActionArgs) {
  return answerSettingsSave(args, async (database, request, body) => {
    await openDashboardSection(database, request);
    return commandCategory(
      { database, account: request.account, viewer: request.viewer, caches: request.caches },
      body,
    );
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.manageCategories.title",
    fallback: "Course categories",
  });
}

export default function ElearningCategories({ loaderData }: Route.ComponentProps) {
  return <CategoriesScreen categories={loaderData.categories} />;
}
