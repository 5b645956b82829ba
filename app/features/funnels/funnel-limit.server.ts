import type { AccountSummary } from "~/features/accounts/accounts";
import { planLimit } from "~/features/plans/plans";
import { findPlan } from "~/features/plans/plans.server";
import type { Database } from "~/platform/db/database.server";

/** The plan's cap on funnels (spec §9 `funnels`: the Lifetime plan sells 3); 0 = no cap. */
export async function funnelLimit(database: Database, account: AccountSummary): Promise<number> {
  const plan = account.settings.plan ? await findPlan(database, account.settings.plan) : undefined;
  return planLimit(plan, "funnels");
}
