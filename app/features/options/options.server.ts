import { createContext } from "react-router";
import type { Database, Tx } from "~/platform/db/database.server";
import { fieldIssuesOf } from "~/platform/field-issues";
import { readOptions, writeOption } from "./queries.server";
import type { OptionPart, OptionValue, SettingsSaveAnswer, SiteOption } from "./options";

export type SiteOptions<O extends readonly SiteOption[]> = {
  [E in O[number] as E["key"]]: OptionValue<E> | undefined;
};

/**
 * Reads options for the transaction's account, each checked against its owner's schema with
 * defaults filled in. A stored value that no longer fits reads as absent rather than breaking
 * the site.
 */
export async function getSiteOptions<const O extends readonly SiteOption[]>(
  tx: Tx,
  { accountId, options }: { accountId: string; options: O },
): Promise<SiteOptions<O>> {
  const stored = await readOptions(tx, { accountId, keys: options.map((option) => option.key) });
  const result: Record<string, unknown> = {};
  for (const { key, schema } of options) {
    const parsed = schema.safeParse(stored.get(key));
    result[key] = parsed.success ? parsed.data : undefined;
  }
  return result as SiteOptions<O>;
}

/** The caches a save drops, on every instance (the site cache's bus message). */
export type OptionCaches = {
  invalidateAccount(accountId: string, key: `getSiteOption-${string}` | null): Promise<unknown>;
};

/** Hands the site cache's invalidation to route actions that save options. */
export const optionCachesContext = createContext<OptionCaches | null>(null);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A part as the server saves it: `prepare` makes a checked value ready to store (the menus'
 * megamenu HTML sanitised). It lives on the server because what it uses (the sanitiser) does.
 */
export type SavablePart<P extends OptionPart = OptionPart> = P & {
  // A method, so a part of one option is still a part of any (its value is checked first).
  prepare?(value: OptionValue<P>): OptionValue<P>;
  /**
   * The value is the whole option, but the fields it leaves out keep what is stored: several
   * screens share one option (the header's notices beside its settings), and a caller that
   * knows only some of its fields must not wipe the others with their defaults.
   */
  merge?: boolean;
};

export const savablePart = <P extends OptionPart>(
  part: P,
  prepare: (value: OptionValue<P>) => OptionValue<P>,
): SavablePart<P> => ({ ...part, prepare });

/**
 * The one save of a site option, whoever asks (a settings screen's action, the options API):
 * the part's value is checked against its schema (the refused fields answered as issues), made
 * ready by the part's `prepare` (the menus' HTML sanitised), written into the option as stored at that
 * moment inside the account's transaction, and then the account's option and page caches are
 * dropped on every instance, so the next request anywhere shows it. Callers check who may save.
 */
export async function saveSiteOption<P extends OptionPart>(
  database: Database,
  {
    accountId,
    part,
    value,
    caches,
  }: {
    accountId: string;
    part: SavablePart<P>;
    value: unknown;
    caches: OptionCaches | null;
  },
): Promise<SettingsSaveAnswer & { value?: OptionValue<P> }> {
  if (part.merge && isRecord(value))
    return saveMerged(database, { accountId, part, value, caches });
  const checked = part.schema.safeParse(value);
  if (!checked.success) {
    return {
      ok: false,
      part: part.name,
      code: "request.invalid",
      issues: fieldIssuesOf(checked.error),
    };
  }
  const parsed = checked.data as OptionValue<P>;
  const ready = part.prepare ? part.prepare(parsed) : parsed;
  await database.forAccount(accountId, async (tx) => {
    let next: unknown = ready;
    if (part.field || part.fields) {
      const stored = (await readOptions(tx, { accountId, keys: [part.key] })).get(part.key);
      const base = isRecord(stored) ? stored : {};
      next = part.field ? { ...base, [part.field]: ready } : { ...base, ...(ready as object) };
    }
    await writeOption(tx, { accountId, key: part.key, value: next });
  });
  await caches?.invalidateAccount(accountId, `getSiteOption-${part.key}`);
  return { ok: true, part: part.name, value: ready };
}

/** `saveSiteOption` of a merging part: read, merged and checked whole in one transaction. */
async function saveMerged<P extends OptionPart>(
  database: Database,
  {
    accountId,
    part,
    value,
    caches,
  }: {
    accountId: string;
    part: SavablePart<P>;
    value: Record<string, unknown>;
    caches: OptionCaches | null;
  },
): Promise<SettingsSaveAnswer & { value?: OptionValue<P> }> {
  const answer = await database.forAccount(accountId, async (tx) => {
    const stored = (await readOptions(tx, { accountId, keys: [part.key] })).get(part.key);
    const checked = part.schema.safeParse(isRecord(stored) ? { ...stored, ...value } : value);
    if (!checked.success)
      return {
        ok: false as const,
        part: part.name,
        code: "request.invalid",
        issues: fieldIssuesOf(checked.error),
      };
    const parsed = checked.data as OptionValue<P>;
    const ready = part.prepare ? part.prepare(parsed) : parsed;
    await writeOption(tx, { accountId, key: part.key, value: ready });
    return { ok: true as const, part: part.name, value: ready };
  });
  if (answer.ok) await caches?.invalidateAccount(accountId, `getSiteOption-${part.key}`);
  return answer;
}

/**
 * A new account's first options, written inside its sign-up transaction: nothing can have
 * cached a site that does not exist yet, so there is nothing to drop.
 */
export async function writeFirstOption<O extends SiteOption>(
  tx: Tx,
  { accountId, option, value }: { accountId: string; option: O; value: OptionValue<O> },
): Promise<void> {
  await writeOption(tx, { accountId, key: option.key, value: option.schema.parse(value) });
}
export { writeOption } from "./queries.server";
