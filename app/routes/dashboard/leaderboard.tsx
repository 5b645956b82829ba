import { settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import { LeaderboardScreen } from "~/features/leaderboard/leaderboard";
import {
  leaderboardQuerySchema,
  loadLeaderboard,
  saveLevels,
} from "~/features/leaderboard/leaderboard.server";
import { mayOpenProfiles } from "~/features/member-profiles/member-profiles.server";
import type { Route } from "./+types/leaderboard";

/**
 * Issue 35 `/dashboard/leaderboard` (decision 066): the site's board, or a group's
 * (`?group={slug}`), for `?period=` 7d, 30d (the default) or all; the owner sets the levels.
 */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["leaderboardScreen"], async (database, request) => {
    await openDashboardSection(database, request);
    const url = new URL(args.request.url);
    const query = leaderboardQuerySchema.parse(Object.fromEntries(url.searchParams));
    const place = { accountId: request.account.accountId, viewer: request.viewer };
    return {
      ...(await loadLeaderboard(database, { ...place, ...query })),
      profiles: await mayOpenProfiles(database, place),
    };
  });
}

/** The owner's levels (one JSON body, intent `levels`). */
export async function action(args: Route.ActionArgs) {
  return answerSettingsSave(args, async (database, request, body) => {
    await openDashboardSection(database, request);
    return saveLevels(database, {
      accountId: request.account.accountId,
      viewer: request.viewer,
      body,
    });
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.leaderboard.title",
    fallback: "Leaderboard",
  });
}

export default function LeaderboardPage({ loaderData }: Route.ComponentProps) {
  return <LeaderboardScreen board={loaderData} profiles={loaderData.profiles} />;
}
