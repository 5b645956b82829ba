import "@mantine/tiptap/styles.css";
import "@mantine/dropzone/styles.css";
import { settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import { GroupScreen } from "~/features/groups/groups";
import { commandGroups, groupLimit, groupTies, loadGroup } from "~/features/groups/groups.server";
import { can } from "~/features/members/members.server";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/group";

/**
 * Issue 35 `/dashboard/groups/{slug}`: a group's page and a page of its feed (`?before=` the
 * cursor of the page above). A group hidden from the viewer is not found.
 */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["groupsScreen"], async (database, request) => {
    await openDashboardSection(database, request);
    const { account, viewer } = request;
    const { accountId } = account;
    const canManage = can(viewer, "manage_options");
    const before = new URL(args.request.url).searchParams.get("before") || null;
    return {
      group: await loadGroup(database, { accountId, viewer, slug: args.params.slug, before }),
      before,
      viewerId: viewer.user.id,
      canManage,
      limit: canManage ? await groupLimit(database, account) : 0,
      ties: canManage ? await groupTies(database, { accountId }) : { courses: [], memberships: [] },
    };
  });
}

/** The page's commands (one JSON body naming its `intent`). */
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

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const named = loaderData?.group.name;
  return named
    ? [{ title: named }, { name: "robots", content: "noindex" }]
    : settingsMeta(matches, { titleKey: "dashboard.sections.groups.title", fallback: "Groups" });
}

export default function GroupPage({ loaderData }: Route.ComponentProps) {
  return (
    <GroupScreen
      // A fresh screen for each group (its read marks and open forms are its own).
      key={loaderData.group.id}
      group={loaderData.group}
      canManage={loaderData.canManage}
      ties={loaderData.ties}
      limit={loaderData.limit}
      before={loaderData.before}
      viewerId={loaderData.viewerId}
    />
  );
}
