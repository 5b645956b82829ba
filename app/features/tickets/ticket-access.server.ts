import { asPlatformAccount } from "~/features/accounts/accounts.server";
import type { Viewer } from "~/features/members/members.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";

/**
 * Who reaches tickets, and in which transaction. The site's side is its owner's (the role the
 * dashboard's menus call `isOwner`), on their own site; the desk is the super-admins', in the
 * platform account's transaction, which sees every site's tickets (decision 034).
 */

/** Holds the site_owner role of this account (the viewer's membership is the host's). */
export function isSiteOwner(viewer: Viewer | null | undefined, accountId: string): boolean {
  return viewer?.membership?.accountId === accountId && viewer.membership.role === "site_owner";
}

export function requireSiteOwner(
  viewer: Viewer | null | undefined,
  accountId: string,
): asserts viewer is Viewer {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  if (!isSiteOwner(viewer, accountId)) throw new AppError({ code: "auth.forbidden" });
}

/** Work on the site's own tickets: the host's transaction, for its owner only. */
export function asSite<T>(
  database: Database,
  { viewer, accountId }: { viewer: Viewer | null | undefined; accountId: string },
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  requireSiteOwner(viewer, accountId);
  return database.forAccount(accountId, work);
}

/** Refuses anyone but a super-admin, before any work starts. */
export function requireDesk(viewer: Viewer | null | undefined): asserts viewer is Viewer {
  asPlatformAccount(viewer, () => undefined);
}

/** Work on every site's tickets: the platform account's transaction, for super-admins only. */
export function asDesk<T>(
  database: Database,
  viewer: Viewer | null | undefined,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  return asPlatformAccount(viewer, ({ accountId }) => database.forAccount(accountId, work));
}
