import { data, type RouterContextProvider } from "react-router";
import { platformAccount } from "./platform-account.server";
import { tenantContext, type AccountSummary } from "./tenant";

/** The account a public-site page belongs to; on the platform's own domain such pages do not exist. */
export function siteAccount(context: Readonly<RouterContextProvider>): AccountSummary {
  const tenant = context.get(tenantContext);
  if (tenant.kind !== "account") throw data(null, { status: 404 });
  return tenant.account;
}

/** Whose docs `/docs` shows: the host's account, or on the platform's own domain the platform's. */
export function docsAccount(context: Readonly<RouterContextProvider>): AccountSummary {
  if (context.get(tenantContext).kind === "platform") return platformAccount;
  return siteAccount(context);
}

export function notFound(): never {
  throw data(null, { status: 404 });
}
