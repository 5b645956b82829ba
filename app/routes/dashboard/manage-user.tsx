import { redirect } from "react-router";
import { z } from "zod";
import { authContext } from "~/features/auth/auth";
import { settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import { MEMBERS_PATH, MemberScreen } from "~/features/member-admin/member-admin";
import { commandMembers, loadMemberDetail } from "~/features/member-admin/member-admin.server";
import { AppError } from "~/platform/errors";
import { jobQueueContext } from "~/platform/jobs/jobs-context.server";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/manage-user";

const memberId = z.string().trim().min(1).max(100);

/**
 * Issue 35 `/dashboard/manage/user?id={userId}` (managers): one member's page. Without an id
 * (the admin bar's link from a public profile) it is the list.
 */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["membersScreen"], async (database, request) => {
    await openDashboardSection(database, request);
    const asked = new URL(args.request.url).searchParams.get("id");
    if (!asked) throw redirect(MEMBERS_PATH);
    const userId = memberId.safeParse(asked);
    if (!userId.success) throw new AppError({ code: "members.notFound" });
    return loadMemberDetail(database, {
      accountId: request.account.accountId,
      viewer: request.viewer,
      userId: userId.data,
    });
  });
}

/** The member's commands: role, suspension, removal (one JSON body naming its `intent`). */
export async function action(args: Route.ActionArgs) {
  return answerSettingsSave(args, async (database, request, body) => {
    await openDashboardSection(database, request);
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
    titleKey: "dashboard.sections.manageUser.title",
    fallback: "Users",
  });
}

export default function ManageUser({ loaderData }: Route.ComponentProps) {
  return <MemberScreen member={loaderData.member} roles={loaderData.roles} />;
}
