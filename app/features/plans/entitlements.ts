import {
  accountAddonNames,
  accountFeatureNames,
  type AccountAddon,
  type AccountFeature,
} from "~/features/accounts/accounts";

type PlanTerms = { features: readonly string[]; limits: Record<string, number> };
type PlanAddons = { addons: Readonly<Record<string, string>> };

/**
 * A10: an account's features are those it switched on (all of its plan's when it chose none),
 * and only ever those its plan includes. No plan, no features.
 */
export function accountFeatures({
  plan,
  chosen,
}: {
  plan: PlanTerms | null | undefined;
  chosen?: readonly AccountFeature[];
}): AccountFeature[] {
  if (!plan) return [];
  const wanted = chosen ?? accountFeatureNames;
  return accountFeatureNames.filter(
    (name) => wanted.includes(name) && plan.features.includes(name),
  );
}

/** A10: a plan's numeric cap on something, 0 when the plan names none. */
export function planLimit(plan: PlanTerms | null | undefined, name: string): number {
  const value = plan?.limits[name];
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

/** Whether a plan gives an add-on free (its `addons` map says "free"): the account may switch it. */
export const planHasAddon = (plan: PlanAddons | null | undefined, name: AccountAddon): boolean =>
  plan?.addons[name] === "free";

/**
 * A10: the add-ons an account has — those its plan gives free, less the ones it switched off.
 * No plan, no add-ons.
 */
export function accountAddons({
  plan,
  chosen,
}: {
  plan: PlanAddons | null | undefined;
  chosen?: Partial<Record<AccountAddon, boolean>>;
}): AccountAddon[] {
  return accountAddonNames.filter((name) => planHasAddon(plan, name) && chosen?.[name] !== false);
}
