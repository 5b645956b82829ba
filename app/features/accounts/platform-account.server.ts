import { AppError } from "~/platform/errors";
import type { AccountSummary } from "./tenant";

/**
 * The platform's own content (its docs; its pages and posts with issue 17) belongs to a reserved
 * account, made by a migration with this fixed id, so the tenant tables, their policies and the
 * use cases serve it as they serve any site (docs/decisions/029-platform-account.md). No host
 * ever resolves to it (createTenantResolver), and `platform` is a reserved slug.
 */
export const PLATFORM_ACCOUNT_ID = "00000000-0000-4000-8000-000000000001";

export const isPlatformAccount = (accountId: string): boolean => accountId === PLATFORM_ACCOUNT_ID;

/** The platform account as its public pages name it (the row's own settings say the same). */
export const platformAccount: AccountSummary = {
  accountId: PLATFORM_ACCOUNT_ID,
  slug: "platform",
  domain: null,
  settings: { sitetitle: "Lyceum" },
};

/**
 * Runs `work` as the platform account, for super-admins only: a site's managers are nobody
 * here, whatever their membership of the host's site says. `work` passes the id on to the same
 * use cases a site's screens call, which then read and write in this account's RLS context.
 */
export function asPlatformAccount<T>(
  viewer: { isSuperAdmin: boolean } | null | undefined,
  work: (platform: { accountId: string }) => T,
): T {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  if (!viewer.isSuperAdmin) throw new AppError({ code: "auth.forbidden" });
  return work({ accountId: PLATFORM_ACCOUNT_ID });
}

/** The platform's own address (`http://localhost:3000`), in the scheme and port of `like`. */
export function platformOrigin({ baseDomain, like }: { baseDomain: string; like: string }) {
  const reference = new URL(like);
  return `${reference.protocol}//${baseDomain}${reference.port ? `:${reference.port}` : ""}`;
}
