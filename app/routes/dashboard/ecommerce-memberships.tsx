import { settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import { MembershipsScreen } from "~/features/memberships/memberships";
import {
  commandLevel,
  listLevelMembers,
  loadMembershipsScreen,
} from "~/features/memberships/memberships.server";
import type { Route } from "./+types/ecommerce-memberships";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Issue 16 `/dashboard/manage/ecommerce/memberships` (managers): levels, rules and holders. */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["ecommerceMemberships"], async (database, request) => {
    await openDashboardSection(database, request);
    const managing = { database, account: request.account, viewer: request.viewer };
    const url = new URL(args.request.url);
    const members = url.searchParams.get("members");
    const screen = await loadMembershipsScreen(managing);
    // The holders' drawer: `?members={level id}` (an unknown level shows none).
    const holders =
      members && uuid.test(members) && screen.levels.some((level) => level.id === members)
        ? await listLevelMembers(managing, members, { q: url.searchParams.get("q") ?? undefined })
        : null;
    return { ...screen, holders };
  });
}

/** Save or delete a level, give or take it by hand (a JSON body). */
export async function action(args: Route.ActionArgs) {
  return answerSettingsSave(args, async (database, request, body) => {
    await openDashboardSection(database, request);
    return commandLevel(
      { database, account: request.account, viewer: request.viewer, caches: request.caches },
      body,
    );
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.manageMemberships.title",
    fallback: "Memberships",
  });
}

export default function EcommerceMemberships({ loaderData }: Route.ComponentProps) {
  return (
    <MembershipsScreen
      levels={loaderData.levels}
      options={loaderData.options}
      holders={loaderData.holders}
    />
  );
}
