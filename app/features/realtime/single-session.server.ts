import type { AccountSummary } from "~/features/accounts/accounts";
import { can, type Viewer } from "~/features/members/members.server";
import { accountFeatures } from "~/features/plans/plans";
import { findPlan } from "~/features/plans/plans.server";
import type { Database } from "~/platform/db/database.server";
import { deleteOtherSiteSessions } from "./queries.server";

/**
 * D13: with the account's `single_session` feature on, a person is online on one device at a
 * time. The site's managers (manage_options) and super-admins are exempt: they run the site
 * and its support from several places at once (docs/decisions/014).
 */
export async function singleSessionApplies(
  database: Database,
  { account, viewer }: { account: AccountSummary; viewer: Viewer },
): Promise<boolean> {
  if (viewer.isSuperAdmin || can(viewer, "manage_options")) return false;
  const planId = account.settings.plan;
  const plan = planId ? await findPlan(database, planId) : undefined;
  return accountFeatures({ plan, chosen: account.settings.features }).includes("single_session");
}

/** The newest device wins: every other session of the person on this site ends now. */
export function endOtherSessions(
  database: Database,
  args: { userId: string; accountId: string; keepSessionId: string },
): Promise<number> {
  return deleteOtherSiteSessions(database, args);
}
