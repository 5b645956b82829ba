import { ZodError } from "zod";
import type { AccountSummary } from "~/features/accounts/tenant";
import { openDashboardSection } from "~/features/dashboard/dashboard.server";
import { requireSiteManager, type Viewer } from "~/features/members/members.server";
import { getSiteOptions, saveSiteOption } from "~/features/options/options.server";
import type { OptionKey } from "~/features/options/validation";
import type { SiteCache } from "~/features/site/site-cache.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { issuesOf, settingsParts, type SettingsPart, type SettingsSaveAnswer } from "./option-save";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const pickFields = (value: Record<string, unknown>, fields: readonly string[]) =>
  Object.fromEntries(fields.filter((name) => name in value).map((name) => [name, value[name]]));

/** Who asks, for which site, from which screen (the screen's access rule is found by its path). */
export type SettingsRequest = { account: AccountSummary; viewer: Viewer; pathname: string };

/**
 * D16: a settings screen's stored options, behind the screen's access rule (the sections
 * registry: manage_options), read inside the account's transaction with defaults filled in.
 */
export async function openSettingsEditor<K extends OptionKey>(
  database: Database,
  { account, viewer, pathname, keys }: SettingsRequest & { keys: readonly K[] },
) {
  const section = await openDashboardSection(database, { account, viewer, pathname });
  const { accountId } = account;
  const options = await database.forAccount(accountId, (tx) =>
    getSiteOptions(tx, { accountId, keys }),
  );
  return {
    section,
    siteName: account.settings.sitetitle ?? account.slug,
    options,
  };
}

/**
 * D16: saves one part of the site's settings from the screen that edits it, through the options'
 * one save (`saveSiteOption`, the option's zod schema), then drops the account's option and page
 * caches on every instance, so the next anonymous request shows it. A field part (the header's
 * notices, misc's scripts) is written into the option as stored now, leaving the rest as other
 * screens saved it. A value the schema refuses answers its field issues instead.
 */
export async function saveSettingsPart(
  database: Database,
  {
    account,
    viewer,
    pathname,
    siteCache,
    allowed,
    part,
    value,
  }: SettingsRequest & {
    siteCache: Pick<SiteCache, "invalidateAccount"> | null;
    /** The parts this screen edits; anything else is refused. */
    allowed: readonly SettingsPart[];
    part: SettingsPart;
    value: unknown;
  },
): Promise<SettingsSaveAnswer> {
  await openDashboardSection(database, { account, viewer, pathname });
  const { accountId } = account;
  requireSiteManager(viewer, { accountId, hostAccountId: accountId });
  if (!allowed.includes(part)) throw new AppError({ code: "request.invalid" });
  const target: { key: OptionKey; field?: string; fields?: readonly string[] } =
    settingsParts[part];
  const { key, field, fields } = target;
  if (fields && !isRecord(value)) throw new AppError({ code: "request.invalid" });
  try {
    await database.forAccount(accountId, async (tx) => {
      let next = value;
      if (field || fields) {
        const stored = (await getSiteOptions(tx, { accountId, keys: [key] }))[key];
        // A footer never saved before has no columns yet.
        const base = { ...(key === "footer" ? { footer_columns: [] } : {}), ...stored };
        next = field
          ? { ...base, [field]: value }
          : { ...base, ...pickFields(value as Record<string, unknown>, fields!) };
      }
      await saveSiteOption(tx, { accountId, key, value: next });
    });
  } catch (error) {
    if (!(error instanceof ZodError)) throw error;
    return {
      ok: false,
      part,
      code: "request.invalid",
      issues: issuesOf(error, field ?? null),
    };
  }
  await siteCache?.invalidateAccount(accountId, `getSiteOption-${key}`);
  return { ok: true, part };
}
