import type { AccountSummary } from "~/features/accounts/accounts";

/** The currency a site sells in (its setting, else US dollars). */
export const shopCurrency = (account: Pick<AccountSummary, "settings">): string =>
  (account.settings.currency ?? "USD").toUpperCase();
