import { asc, eq, sql } from "drizzle-orm";
import type { AccountFeature } from "~/features/accounts/accounts";
import type { Database } from "~/platform/db/database.server";
import { createTtlCache } from "~/platform/ttl-cache";
import { planCatalogue } from "./catalogue";
import { accountFeatures } from "./entitlements";
import { plans } from "./tables.server";

export type Plan = typeof plans.$inferSelect;

/**
 * Plans by id, per database of this process. A signed-in page asks for its account's plan
 * several times (the dashboard's menus and figures, course access, media quota), each a
 * transaction of its own; the catalogue is written from code at start (`upsertPlanCatalogue`,
 * which drops this) and requests may only read it. Only plans that exist are kept, so a
 * client's made-up id fills nothing; the minute bounds what another instance's newer catalogue
 * waits for.
 */
const plansByDatabase = new WeakMap<Database, ReturnType<typeof createTtlCache<Plan>>>();

function plansById(database: Database) {
  let cache = plansByDatabase.get(database);
  if (!cache) {
    cache = createTtlCache<Plan>({ ttlMs: 60_000, max: 200 });
    plansByDatabase.set(database, cache);
  }
  return cache;
}

/** Writes the catalogue as the owner: requests may only read the plans table. */
export async function upsertPlanCatalogue(database: Database): Promise<void> {
  await database.owner.transaction(async (tx) => {
    for (const plan of planCatalogue) {
      await tx
        .insert(plans)
        .values(plan)
        .onConflictDoUpdate({
          target: plans.id,
          set: {
            label: sql`excluded.label`,
            description: sql`excluded.description`,
            pricing: sql`excluded.pricing`,
            features: sql`excluded.features`,
            limits: sql`excluded.limits`,
            addons: sql`excluded.addons`,
            sortOrder: sql`excluded.sort_order`,
          },
        });
    }
  });
  plansById(database).invalidate();
}

export function listPlans(database: Database): Promise<Plan[]> {
  return database.asApp((tx) => tx.select().from(plans).orderBy(asc(plans.sortOrder)));
}

export async function findPlan(database: Database, id: string): Promise<Plan | undefined> {
  const cached = plansById(database).get(id);
  if (cached) return cached;
  const [row] = await database.asApp((tx) =>
    tx.select().from(plans).where(eq(plans.id, id)).limit(1),
  );
  if (row) plansById(database).set(id, row);
  return row;
}

/** Whether the account has `feature` (its plan includes it and the owner left it on; A10). */
export async function accountHasFeature(
  database: Database,
  account: { settings: { plan?: string | null; features?: readonly AccountFeature[] } },
  feature: AccountFeature,
): Promise<boolean> {
  const plan = account.settings.plan ? await findPlan(database, account.settings.plan) : undefined;
  return accountFeatures({ plan, chosen: account.settings.features }).includes(feature);
}
