import "@mantine/dropzone/styles.css";
import { settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import { GroupsScreen } from "~/features/groups/groups";
import { commandGroups, groupLimit, groupTies, listGroups } from "~/features/groups/groups.server";
import { can } from "~/features/members/members.server";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/groups";

/**
 * Issue 35 `/dashboard/groups`: the groups the viewer may see; the site's managers add them
 * (up to the plan's cap), with the courses and memberships a group may be tied to.
 */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["groupsScreen"], async (database, request) => {
    await openDashboardSection(database, request);
    const { account, viewer } = request;
    const { accountId } = account;
    const canManage = can(viewer, "manage_options");
    return {
      groups: await listGroups(database, { accountId, viewer }),
      canManage,
      limit: await groupLimit(database, account),
      ties: canManage ? await groupTies(database, { accountId }) : { courses: [], memberships: [] },
    };
  });
}

/** The screen's commands (one JSON body naming its `intent`), a group's page's too as it leaves. */
export async function action(args: Route.ActionArgs) {
  return answerSettingsSave(args, async (database, request, body) => {
    await openDashboardSection(database, request);
    const { pubsub } = args.context.get(servicesContext);
    return commandGroups(
      { database, pubsub },
      {
        accountId: request.account.accountId,
        viewer: request.viewer,
        body,
        limit: await groupLimit(database, request.account),
      },
    );
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, { titleKey: "dashboard.sections.groups.title", fallback: "Groups" });
}

export default function Groups({ loaderData }: Route.ComponentProps) {
  return (
    <GroupsScreen
      groups={loaderData.groups}
      canManage={loaderData.canManage}
      limit={loaderData.limit}
      ties={loaderData.ties}
    />
  );
}
