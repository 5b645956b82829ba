import { settingsMeta } from "~/features/dashboard/dashboard";
import { loadDashboardScreen, openDashboardSection } from "~/features/dashboard/dashboard.server";
import { MemberProfileScreen } from "~/features/member-profiles/member-profiles";
import { loadMemberProfile } from "~/features/member-profiles/member-profiles.server";
import type { Route } from "./+types/member-profile";

/** Issue 35 `/dashboard/members/{slug}` (decision 070): a member's profile for the site's members. */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["memberProfileScreen"], async (database, request) => {
    await openDashboardSection(database, request);
    return loadMemberProfile(database, {
      accountId: request.account.accountId,
      viewer: request.viewer,
      slug: args.params.slug.slice(0, 200),
    });
  });
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.memberProfile.title",
    fallback: loaderData?.person.name ?? "Member",
  });
}

export default function MemberProfilePage({ loaderData }: Route.ComponentProps) {
  return <MemberProfileScreen profile={loaderData} />;
}
