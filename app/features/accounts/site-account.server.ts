import { data, type RouterContextProvider } from "react-router";
import { platformAccount } from "./platform-account.server";
import { tenantContext, type AccountSummary } from "./tenant";

/** The account a public-site page belongs to; on the platform's own domain such pages do not exist. */
export function siteAccount(context: Readonly<RouterContextProvider>): AccountSummary {
  const tenant = context.get(tenantContext);
  if (tenant.kind !== "account") throw data(null, { status: 404 });
  return tenant.account;
}

/**
 * Whose docs, posts and pages a public path shows: the host's account, or on the platform's own
 * domain the platform's (decision 029).
 */
export function contentAccount(context: Readonly<RouterContextProvider>): AccountSummary {
  if (context.get(tenantContext).kind === "platform") return platformAccount;
  return siteAccount(context);
}

/**
 * The page cache's memo for an account host's reads; none on the base domain, which the cache
 * does not serve (decision 029), so the platform's posts are always read fresh.
 */
export function accountMemo<T>(context: Readonly<RouterContextProvider>, memo: T): T | undefined {
  return context.get(tenantContext).kind === "account" ? memo : undefined;
}

export function notFound(): never {
  throw data(null, { status: 404 });
}
