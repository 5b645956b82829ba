import type { Tx } from "~/platform/db/database.server";
import { readOptions, writeOption } from "./queries.server";
import { optionSchemas, type OptionKey, type OptionValue } from "./validation";

export type SiteOptions<K extends OptionKey> = { [P in K]: OptionValue<P> | undefined };

/**
 * Reads option keys for the transaction's account, each checked against its schema with
 * defaults filled in. A stored value that no longer fits reads as absent rather than breaking
 * the site.
 */
export async function getSiteOptions<K extends OptionKey>(
  tx: Tx,
  { accountId, keys }: { accountId: string; keys: readonly K[] },
): Promise<SiteOptions<K>> {
  const stored = await readOptions(tx, { accountId, keys });
  const result = {} as Record<OptionKey, unknown>;
  for (const key of keys) {
    const parsed = optionSchemas[key].safeParse(stored.get(key));
    result[key] = parsed.success ? parsed.data : undefined;
  }
  return result as SiteOptions<K>;
}

/** Stores one option for the transaction's account, checked against its schema first. */
export async function saveSiteOption<K extends OptionKey>(
  tx: Tx,
  { accountId, key, value }: { accountId: string; key: K; value: OptionValue<K> },
): Promise<void> {
  await writeOption(tx, { accountId, key, value: optionSchemas[key].parse(value) });
}
