import { authContext } from "~/features/auth/auth";
import { settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import { MembersScreen, memberListQueryOf } from "~/features/member-admin/member-admin";
import { ProfilesSwitch } from "~/features/member-profiles/member-profiles";
import {
  loadProfilesSettings,
  saveProfilesVisibility,
} from "~/features/member-profiles/member-profiles.server";
import {
  commandMembers,
  listInvites,
  listMembers,
} from "~/features/member-admin/member-admin.server";
import { jobQueueContext } from "~/platform/jobs/jobs-context.server";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/manage-users";

/**
 * Issue 35 `/dashboard/manage/users` (managers): the site's members by search and filters
 * (`?q`, `role`, `course`, `membership`, `group`, `status`, `seen`, `page`), newest first, and
 * the invitations still waiting.
 */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["membersScreen"], async (database, request) => {
    await openDashboardSection(database, request);
    const query = memberListQueryOf(new URL(args.request.url).searchParams);
    const asked = { accountId: request.account.accountId, viewer: request.viewer };
    return {
      list: await listMembers(database, { ...asked, query }),
      invites: await listInvites(database, asked),
      profiles: await loadProfilesSettings(database, request.account.accountId),
    };
  });
}

/** The screen's commands (one JSON body naming its `intent`): invitations, and a member's. */
export async function action(args: Route.ActionArgs) {
  return answerSettingsSave(args, async (database, request, body) => {
    await openDashboardSection(database, request);
    // The owner's switches for members' profiles (decisions 070, 071), saved as a site option.
    if ((body as { intent?: unknown } | null)?.intent === "profiles")
      return saveProfilesVisibility(database, {
        accountId: request.account.accountId,
        viewer: request.viewer,
        body,
      });
    return commandMembers(
      {
        database,
        pubsub: args.context.get(servicesContext).pubsub,
        jobs: args.context.get(jobQueueContext),
      },
      {
        accountId: request.account.accountId,
        viewer: request.viewer,
        body,
        linkOrigin: args.context.get(authContext).facts.linkOrigin,
      },
    );
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.manageUsers.title",
    fallback: "Users",
  });
}

export default function ManageUsers({ loaderData }: Route.ComponentProps) {
  return (
    <MembersScreen
      list={loaderData.list}
      invites={loaderData.invites}
      settings={<ProfilesSwitch settings={loaderData.profiles} />}
    />
  );
}
