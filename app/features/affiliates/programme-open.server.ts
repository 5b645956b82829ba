import { eq } from "drizzle-orm";
import type { Database } from "~/platform/db/database.server";
import { affiliateProgrammes } from "./tables.server";

/**
 * Whether the site's affiliate programme is switched on: the member menu shows its "Affiliate"
 * item only then. One indexed read by the account's key; no programme yet counts as off.
 */
export async function affiliateProgrammeOpen(
  database: Database,
  accountId: string,
): Promise<boolean> {
  const [row] = await database.forAccount(accountId, (tx) =>
    tx
      .select({ enabled: affiliateProgrammes.enabled })
      .from(affiliateProgrammes)
      .where(eq(affiliateProgrammes.accountId, accountId)),
  );
  return row?.enabled ?? false;
}
