import { settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import { MeetingsScreen } from "~/features/meetings/meetings";
import { commandMeetingsScreen, loadMeetingsScreen } from "~/features/meetings/meetings.server";
import { accountHasFeature } from "~/features/plans/plans.server";
import { secretBoxContext } from "~/platform/secret-box.server";
import type { Route } from "./+types/meetings";

/**
 * Issue 36 `/dashboard/meetings` (decision 077): the rooms the viewer may enter, a room opened
 * now (hosts), and the site's meeting server (managers).
 */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["meetingsScreen"], async (database, request) => {
    await openDashboardSection(database, request);
    return loadMeetingsScreen(database, {
      accountId: request.account.accountId,
      viewer: request.viewer,
      siteZone: request.account.settings.timezone ?? "UTC",
      groupsOn: await accountHasFeature(database, request.account, "groups"),
    });
  });
}

export async function action(args: Route.ActionArgs) {
  const secretBox = args.context.get(secretBoxContext);
  return answerSettingsSave(args, async (database, request, body) => {
    await openDashboardSection(database, request);
    return commandMeetingsScreen(
      { database, secretBox },
      { accountId: request.account.accountId, viewer: request.viewer, body },
    );
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.meetings.title",
    fallback: "Meetings",
  });
}

export default function Meetings({ loaderData }: Route.ComponentProps) {
  return <MeetingsScreen {...loaderData} />;
}
