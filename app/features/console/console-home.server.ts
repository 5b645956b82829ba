// The console's first screen (/dashboard on the base domain, decision 037): the platform at a
// glance — its sites, the support queue and the plans sites are on — each linking to its screen.
import { count, gte, isNotNull, ne, sql } from "drizzle-orm";
import { asPlatformAccount, PLATFORM_ACCOUNT_ID } from "~/features/accounts/accounts.server";
import { accounts } from "~/features/accounts/tables.server";
import type { Viewer } from "~/features/members/members.server";
import { listPlans } from "~/features/plans/plans.server";
import { supportTickets } from "~/features/tickets/tables.server";
import type { Database } from "~/platform/db/database.server";

export type ConsoleHome = {
  kind: "console";
  sites: { total: number; suspended: number; recent: number };
  tickets: { unresolved: number; awaited: number };
  /** Sites per plan, the catalogue's order; `plan` null: sites with no plan set. */
  plans: { plan: string | null; label: string | null; sites: number }[];
};

const DAY = 86_400_000;

/** Super-admins only (asked again here, whatever the route checked). */
export async function loadConsoleHome(
  database: Database,
  { viewer, now = new Date() }: { viewer: Viewer | null; now?: Date },
): Promise<ConsoleHome> {
  asPlatformAccount(viewer, () => undefined);
  const since = new Date(now.getTime() - 30 * DAY);
  const planOf = sql<string | null>`${accounts.settings} ->> 'plan'`;
  // The catalogue is read apart: PGlite has one session, so a second transaction inside the
  // platform's would wait on it for ever.
  const catalogue = await listPlans(database);
  const [[sites], byPlan, queue] = await database.forAccount(PLATFORM_ACCOUNT_ID, (tx) =>
    Promise.all([
      tx
        .select({
          total: count(),
          suspended:
            sql<number>`count(*) filter (where ${isNotNull(accounts.suspendedAt)})`.mapWith(Number),
          recent: sql<number>`count(*) filter (where ${gte(accounts.createdAt, since)})`.mapWith(
            Number,
          ),
        })
        .from(accounts)
        .where(ne(accounts.accountId, PLATFORM_ACCOUNT_ID)),
      tx
        .select({ plan: planOf, sites: count() })
        .from(accounts)
        .where(ne(accounts.accountId, PLATFORM_ACCOUNT_ID))
        .groupBy(planOf),
      // The platform's desk reads every site's tickets (decision 034).
      tx
        .select({ status: supportTickets.status, tickets: count() })
        .from(supportTickets)
        .groupBy(supportTickets.status),
    ]),
  );
  const ticketsIn = (status: string) => queue.find((row) => row.status === status)?.tickets ?? 0;
  const rank = (plan: string | null) => {
    const index = catalogue.findIndex((entry) => entry.id === plan);
    return index < 0 ? catalogue.length : index;
  };
  return {
    kind: "console",
    sites: {
      total: sites?.total ?? 0,
      suspended: sites?.suspended ?? 0,
      recent: sites?.recent ?? 0,
    },
    tickets: { unresolved: ticketsIn("unresolved"), awaited: ticketsIn("awaited") },
    plans: byPlan
      .map((row) => ({
        plan: row.plan,
        label: catalogue.find((entry) => entry.id === row.plan)?.label ?? null,
        sites: row.sites,
      }))
      .sort((a, b) => rank(a.plan) - rank(b.plan)),
  };
}
