import { createContext } from "react-router";
import type { AccountSettings } from "./validation";

/** Public view of an account, safe to hand to loaders and the page. */
export type AccountSummary = {
  accountId: string;
  slug: string;
  domain: string | null;
  settings: AccountSettings;
};

/**
 * Whom a request is for, decided from its Host header. A suspended account's site is not an
 * "account" tenant: nothing that serves a site (pages, API, realtime) sees it as one.
 */
export type Tenant =
  | { kind: "platform" }
  | { kind: "account"; account: AccountSummary }
  | { kind: "suspended"; account: AccountSummary }
  | { kind: "unknown"; host: string };

export const tenantContext = createContext<Tenant>({ kind: "unknown", host: "" });

/** The account whose site a request is for, or null on the platform's own or an unknown host. */
export const hostAccountOf = (tenant: Tenant): string | null =>
  tenant.kind === "account" ? tenant.account.accountId : null;

/** The name a site goes by: its title, else its address slug. */
export const siteNameOf = (account: Pick<AccountSummary, "settings" | "slug">): string =>
  account.settings.sitetitle ?? account.slug;
