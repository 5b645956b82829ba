import type { AccountSummary } from "~/features/accounts/accounts";
import { getPageViewsSummary } from "~/features/analytics/analytics.server";
import { summaryQuerySchema } from "~/features/analytics/analytics";
import { listCourses } from "~/features/courses/courses.server";
import { loadMemberOverview, type MemberOverview } from "~/features/members/members.server";
import type { Viewer } from "~/features/members/members.server";
import { planLimit } from "~/features/plans/plans";
import { findPlan } from "~/features/plans/plans.server";
import type { Database } from "~/platform/db/database.server";
import { loadMenuContext } from "./dashboard.server";

export type ManagerHome = {
  kind: "manager";
  members: MemberOverview;
  pageViews: { total: number; byDay: { day: string; count: number }[] };
  plan: { label: string; membersLimit: number } | null;
};

export type MemberHome = {
  kind: "member";
  courses: { title: string; slug: string; description: string }[];
};

/**
 * The dashboard's first screen: the site at a glance for its managers (people, recent sign-ups,
 * page views of the last 30 days, plan usage); the courses on offer for everyone else.
 */
export async function loadDashboardHome(
  database: Database,
  { account, viewer }: { account: AccountSummary; viewer: Viewer },
): Promise<ManagerHome | MemberHome> {
  const context = await loadMenuContext(database, { account, viewer });
  const accountId = account.accountId;
  if (context.caps.includes("manage_options") || context.isSuperAdmin) {
    const [members, summary, plan] = await Promise.all([
      loadMemberOverview(database, { viewer, accountId }),
      getPageViewsSummary(database, {
        viewer,
        hostAccountId: accountId,
        query: summaryQuerySchema.parse({}),
      }),
      account.settings.plan ? findPlan(database, account.settings.plan) : null,
    ]);
    return {
      kind: "manager",
      members,
      pageViews: { total: summary.pageViews, byDay: summary.pageViewsByDay },
      plan: plan ? { label: plan.label, membersLimit: planLimit(plan, "members") } : null,
    };
  }
  const courses = context.features.includes("lms")
    ? await listCourses(database, { accountId })
    : [];
  return {
    kind: "member",
    courses: courses.slice(0, 6).map((course) => ({
      title: course.title,
      slug: course.slug,
      description: course.description,
    })),
  };
}
