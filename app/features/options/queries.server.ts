import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "~/platform/db/database.server";
import { options } from "./tables.server";
import type { OptionKey } from "./options";

export async function readOptions(
  tx: Tx,
  { accountId, keys }: { accountId: string; keys: readonly OptionKey[] },
): Promise<Map<string, unknown>> {
  const rows = await tx
    .select({ key: options.key, value: options.value })
    .from(options)
    .where(and(eq(options.accountId, accountId), inArray(options.key, [...keys])));
  return new Map(rows.map((row) => [row.key, row.value]));
}

export async function writeOption(
  tx: Tx,
  { accountId, key, value }: { accountId: string; key: OptionKey; value: unknown },
): Promise<void> {
  await tx
    .insert(options)
    .values({ accountId, key, value })
    .onConflictDoUpdate({ target: [options.accountId, options.key], set: { value } });
}
