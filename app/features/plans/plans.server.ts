import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "~/platform/db/database.server";
import { planCatalogue } from "./catalogue";
import { plans } from "./tables.server";

export type Plan = typeof plans.$inferSelect;

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
}

export function listPlans(database: Database): Promise<Plan[]> {
  return database.asApp((tx) => tx.select().from(plans).orderBy(asc(plans.sortOrder)));
}

export async function findPlan(database: Database, id: string): Promise<Plan | undefined> {
  const [row] = await database.asApp((tx) =>
    tx.select().from(plans).where(eq(plans.id, id)).limit(1),
  );
  return row;
}
