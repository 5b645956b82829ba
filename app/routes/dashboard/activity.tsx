import { ActivityScreen } from "~/features/activity/activity";
import { activityQuerySchema, loadActivity } from "~/features/activity/activity.server";
import { settingsMeta } from "~/features/dashboard/dashboard";
import { loadDashboardScreen, openDashboardSection } from "~/features/dashboard/dashboard.server";
import type { Route } from "./+types/activity";

/** Issue 35 `/dashboard/activity` (decision 067): the site's feed, or `?who=me`; older by `?before=`. */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["activityScreen"], async (database, request) => {
    await openDashboardSection(database, request);
    const url = new URL(args.request.url);
    const query = activityQuerySchema.parse(Object.fromEntries(url.searchParams));
    return {
      feed: await loadActivity(database, {
        accountId: request.account.accountId,
        viewer: request.viewer,
        ...query,
      }),
      before: query.before ?? null,
    };
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.activity.title",
    fallback: "Activity",
  });
}

export default function Activity({ loaderData }: Route.ComponentProps) {
  return <ActivityScreen feed={loaderData.feed} before={loaderData.before} />;
}
