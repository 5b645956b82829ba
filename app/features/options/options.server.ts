import type { Tx } from "~/platform/db/database.server";
import { sanitizeUserHtml } from "~/platform/sanitize.server";
import { readOptions, writeOption } from "./queries.server";
import { optionSchemas, type MenuItem, type OptionKey, type OptionValue } from "./validation";

/** Menu items with every megamenu column's HTML sanitised (on save, and again on render). */
export function sanitiseMenuHtml(items: MenuItem[]): MenuItem[] {
  return items.map((item) => ({
    ...item,
    ...(item.mega_menu && {
      mega_menu: {
        ...item.mega_menu,
        columns: item.mega_menu.columns.map((c) => ({
          ...c,
          content: sanitizeUserHtml(c.content),
        })),
      },
    }),
    ...(item.children && { children: sanitiseMenuHtml(item.children) }),
  }));
}

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

/** Stores one option after checking it against its schema; returns the stored (defaulted) value. */
export async function saveSiteOption<K extends OptionKey>(
  tx: Tx,
  { accountId, key, value }: { accountId: string; key: K; value: unknown },
): Promise<OptionValue<K>> {
  let parsed = optionSchemas[key].parse(value) as OptionValue<K>;
  if (key === "menus") {
    const menus = parsed as OptionValue<"menus">;
    parsed = {
      header: sanitiseMenuHtml(menus.header),
      mobile: sanitiseMenuHtml(menus.mobile),
    } as OptionValue<K>;
  }
  await writeOption(tx, { accountId, key, value: parsed });
  return parsed;
}
