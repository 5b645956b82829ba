// /dashboard/app (issue 17 scope 4): the site's name, icon, language, currency, time zone and
// feature switches within the plan, and its custom domain. The route checks who asks (the
// owner's rule of the sections registry); these check what is asked.
import { accountFeatureNames, siteNameOf, type AccountSummary } from "~/features/accounts/accounts";
import {
  cancelDomainClaim,
  changeAccountSettings,
  claimCustomDomain,
  domainStateOf,
  readAccount,
  removeCustomDomain,
  verifyCustomDomain,
} from "~/features/accounts/accounts.server";
import { accountFeatures } from "~/features/plans/plans";
import { findPlan, type Plan } from "~/features/plans/plans.server";
import type { Database } from "~/platform/db/database.server";
import type { TxtLookup } from "~/platform/dns.server";
import { AppError } from "~/platform/errors";
import { fieldIssuesOf } from "~/platform/field-issues";
import { currencies } from "~/features/cart/cart";
import { defaultLanguage, languageCodes, type LanguageCode } from "~/platform/i18n/languages";
import {
  appCommandSchema,
  appSettingsSchema,
  type AppScreenData,
  type SiteAppAnswer,
} from "./validation";

/** What a save drops: the account's pages, options and host lookups, on every instance. */
export type AccountCaches = {
  invalidateAccount(accountId: string, key: null): Promise<unknown>;
} | null;

/** The zones the server accepts: UTC, then the IANA zones of its Intl, alphabetically. */
export function supportedTimeZones(): string[] {
  return ["UTC", ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC")];
}

const findAccountPlan = async (database: Database, account: AccountSummary) =>
  account.settings.plan ? ((await findPlan(database, account.settings.plan)) ?? null) : null;

async function currentAccount(database: Database, accountId: string) {
  const account = await readAccount(database, accountId);
  if (!account) throw new AppError({ code: "tenant.notFound" });
  return account;
}

/** Each language in its own name ("Español"), as a language list shows it. */
function languageOptions() {
  return languageCodes.map((code) => {
    const name = new Intl.DisplayNames([code], { type: "language" }).of(code) ?? code;
    return { value: code, label: name.charAt(0).toLocaleUpperCase(code) + name.slice(1) };
  });
}

/** The currency list, "USD — US Dollar" in the reader's language (English when it has none). */
function currencyOptions(lang: LanguageCode) {
  const names = new Intl.DisplayNames([lang, "en"], { type: "currency", fallback: "none" });
  return currencies.map(({ code, name }) => ({
    value: code,
    label: `${code} — ${names.of(code) ?? name}`,
  }));
}

/** The app screen's data, read from the account as stored now. */
export async function loadAppScreen(
  database: Database,
  {
    accountId,
    platformAddress,
    lang,
  }: { accountId: string; platformAddress: string; lang: LanguageCode },
): Promise<AppScreenData> {
  const account = await currentAccount(database, accountId);
  const plan = await findAccountPlan(database, account);
  const on = accountFeatures({ plan, chosen: account.settings.features });
  const { settings } = account;
  return {
    settings: {
      sitetitle: siteNameOf(account),
      defaultLanguage: settings.defaultLanguage ?? defaultLanguage,
      currency: (settings.currency ?? "USD").toUpperCase(),
      timezone: settings.timezone ?? "UTC",
      features: on,
      icon: settings.icon ?? null,
    },
    slug: account.slug,
    platformAddress,
    planLabel: plan?.label ?? null,
    features: accountFeatureNames.map((name) => ({
      name,
      on: on.includes(name),
      inPlan: plan?.features.includes(name) ?? false,
    })),
    domain: domainStateOf(account),
    timezones: supportedTimeZones(),
    languages: languageOptions(),
    currencies: currencyOptions(lang),
  };
}

/** A feature outside the plan is refused whole: nothing of the save is kept. */
function checkFeatures(plan: Plan | null, features: readonly string[]) {
  const outside = features.filter((name) => !plan?.features.includes(name));
  if (outside.length > 0) throw new AppError({ code: "plans.featureNotIncluded" });
}

/**
 * Saves the settings: checked by the schema (fields answered one by one), the zone by this
 * server's list, the icon as this account's own upload, each feature against the plan. Then
 * the site shows them on the next request everywhere.
 */
async function saveAppSettings(
  database: Database,
  { accountId, value, caches }: { accountId: string; value: unknown; caches: AccountCaches },
): Promise<SiteAppAnswer> {
  const parsed = appSettingsSchema.safeParse(value);
  if (!parsed.success)
    return { ok: false, code: "request.invalid", issues: fieldIssuesOf(parsed.error) };
  const input = parsed.data;
  if (!supportedTimeZones().includes(input.timezone))
    return { ok: false, code: "request.invalid", issues: [{ path: "timezone", code: "custom" }] };
  if (input.icon && !input.icon.startsWith(`/files/account-${accountId}/`))
    return { ok: false, code: "request.invalid", issues: [{ path: "icon", code: "custom" }] };
  const account = await currentAccount(database, accountId);
  checkFeatures(await findAccountPlan(database, account), input.features);
  await changeAccountSettings(database, {
    accountId,
    changes: {
      sitetitle: input.sitetitle,
      defaultLanguage: input.defaultLanguage,
      currency: input.currency,
      timezone: input.timezone,
      features: accountFeatureNames.filter((name) => input.features.includes(name)),
      icon: input.icon,
    },
  });
  await caches?.invalidateAccount(accountId, null);
  return { ok: true };
}

/**
 * /dashboard/app's action, after the screen's rule: the settings, or one of the custom domain's
 * commands (claim, verify through `lookup`, remove). A domain that changes drops the caches,
 * the host lookups with them, so the site answers at its new address at once.
 */
export async function runAppCommand(
  database: Database,
  {
    accountId,
    body,
    caches,
    lookup,
    baseDomain,
  }: {
    accountId: string;
    body: unknown;
    caches: AccountCaches;
    lookup: TxtLookup;
    baseDomain: string;
  },
): Promise<SiteAppAnswer> {
  const command = appCommandSchema.safeParse(body);
  if (!command.success) throw new AppError({ code: "request.invalid" });
  const input = command.data;
  switch (input.intent) {
    case "settings":
      return saveAppSettings(database, { accountId, value: input.value, caches });
    case "domain.claim":
      return {
        ok: true,
        domain: await claimCustomDomain(database, { accountId, input: input.domain, baseDomain }),
      };
    case "domain.verify": {
      const domain = await verifyCustomDomain(database, { accountId, lookup });
      await caches?.invalidateAccount(accountId, null);
      return { ok: true, domain };
    }
    case "domain.cancel":
      return { ok: true, domain: await cancelDomainClaim(database, { accountId }) };
    case "domain.remove": {
      const domain = await removeCustomDomain(database, { accountId });
      await caches?.invalidateAccount(accountId, null);
      return { ok: true, domain };
    }
  }
}
