// /dashboard/addons (issue 17 scope 3): the add-ons of spec §9. The plan's `addons` map says
// which are free (certificates, and zoom once it is built); those the owner switches off or on
// again, stored in the account's settings; the others are listed as coming soon.
import { accountAddonNames } from "~/features/accounts/accounts";
import { changeAccountSettings, readAccount } from "~/features/accounts/accounts.server";
import { accountAddons, planHasAddon } from "~/features/plans/plans";
import { findPlan } from "~/features/plans/plans.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { AccountCaches } from "./app-settings.server";
import { addonSwitchSchema, type AddonCard, type SiteAppAnswer } from "./validation";

/**
 * Add-ons a plan may give today; the rest of the list is still to be built. Zoom waits for its
 * real API with the site's own credentials (issue 36): until then it says "coming soon", and
 * meetings are held on Jitsi (decision 077).
 */
const availableAddons = new Set(["certificates"]);

async function accountAndPlan(database: Database, accountId: string) {
  const account = await readAccount(database, accountId);
  if (!account) throw new AppError({ code: "tenant.notFound" });
  const plan = account.settings.plan ? await findPlan(database, account.settings.plan) : undefined;
  return { account, plan };
}

/** Every add-on's card: on or off when the plan gives it, else not in the plan, or coming soon. */
export async function loadAddonCards(
  database: Database,
  { accountId }: { accountId: string },
): Promise<AddonCard[]> {
  const { account, plan } = await accountAndPlan(database, accountId);
  const on = accountAddons({ plan, chosen: account.settings.addons });
  return accountAddonNames.map((name) => ({
    name,
    state: !availableAddons.has(name)
      ? "soon"
      : !planHasAddon(plan, name)
        ? "notInPlan"
        : on.includes(name)
          ? "on"
          : "off",
  }));
}

/**
 * Switches one add-on, after the screen's rule: only one the plan gives free (anything else is
 * refused and nothing changes). The features it gates read the setting on their next request.
 */
export async function switchAddon(
  database: Database,
  { accountId, body, caches }: { accountId: string; body: unknown; caches: AccountCaches },
): Promise<SiteAppAnswer> {
  const input = addonSwitchSchema.safeParse(body);
  if (!input.success) throw new AppError({ code: "request.invalid" });
  const { addon, enabled } = input.data;
  const { plan } = await accountAndPlan(database, accountId);
  if (!availableAddons.has(addon) || !planHasAddon(plan, addon))
    throw new AppError({ code: "plans.addonUnavailable" });
  await changeAccountSettings(database, {
    accountId,
    changes: (current) => ({ addons: { ...current.addons, [addon]: enabled } }),
  });
  await caches?.invalidateAccount(accountId, null);
  return { ok: true };
}
