import { openDashboardSection } from "~/features/dashboard/dashboard.server";
import {
  getSiteOptions,
  sanitiseMenuHtml,
  saveSiteOption,
} from "~/features/options/options.server";
import { optionSchemas } from "~/features/options/validation";
import type { SiteCache } from "~/features/site/site-cache.server";
import type { Database } from "~/platform/db/database.server";
import { brandingOf } from "./branding.server";
import {
  headerSettingsSchema,
  issuesOfZod,
  type HeaderSaveAnswer,
  type HeaderSettings,
} from "./header-settings";
import type { SettingsRequest } from "./site-settings.server";

/**
 * D16: what the header, logo and menu screen edits — the header option (without its notices),
 * the header and mobile menus and the logo settings — behind the screen's rule (manage_options).
 */
export async function loadHeaderEditor(
  database: Database,
  { account, viewer, pathname }: SettingsRequest,
) {
  const section = await openDashboardSection(database, { account, viewer, pathname });
  const { accountId } = account;
  const { header, menus } = await database.forAccount(accountId, (tx) =>
    getSiteOptions(tx, { accountId, keys: ["header", "menus"] }),
  );
  const { notices: _notices, ...settings } = header ?? optionSchemas.header.parse({});
  return {
    section,
    siteTitle: account.settings.sitetitle ?? account.slug,
    header: settings satisfies HeaderSettings,
    // The editor starts from what the public site shows: megamenu HTML sanitised as there,
    // whatever is stored (a value saved through the API already is).
    menus: {
      header: sanitiseMenuHtml(menus?.header ?? []),
      mobile: sanitiseMenuHtml(menus?.mobile ?? []),
    },
    branding: brandingOf(account.settings),
  };
}

export type HeaderEditorData = Awaited<ReturnType<typeof loadHeaderEditor>>;

/**
 * D16: saves the header's style, fixed state, font size and switches. The option's `notices`
 * (edited on another screen) are read inside the same transaction and kept as stored; then the
 * account's option and page caches are dropped on every instance.
 */
export async function saveHeaderSettings(
  database: Database,
  {
    account,
    viewer,
    pathname,
    siteCache,
    value,
  }: SettingsRequest & { siteCache: Pick<SiteCache, "invalidateAccount"> | null; value: unknown },
): Promise<HeaderSaveAnswer> {
  await openDashboardSection(database, { account, viewer, pathname });
  const parsed = headerSettingsSchema.safeParse(value);
  if (!parsed.success) return { ok: false, issues: issuesOfZod(parsed.error) };
  const { accountId } = account;
  await database.forAccount(accountId, async (tx) => {
    const { header: stored } = await getSiteOptions(tx, { accountId, keys: ["header"] });
    await saveSiteOption(tx, {
      accountId,
      key: "header",
      value: { ...parsed.data, notices: stored?.notices },
    });
  });
  await siteCache?.invalidateAccount(accountId, "getSiteOption-header");
  return { ok: true, header: parsed.data };
}
