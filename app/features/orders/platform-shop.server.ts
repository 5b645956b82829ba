import type { AccountSummary } from "~/features/accounts/accounts";
import { asPlatformAccount, platformAccount } from "~/features/accounts/accounts.server";
import { capabilities } from "~/features/members/members";
import type { Viewer } from "~/features/members/members.server";

/** A super-admin as the platform shop's manager: every capability there, nowhere else. */
export function platformManager(viewer: Viewer, accountId: string): Viewer {
  return {
    ...viewer,
    membership: {
      memberId: "",
      accountId,
      name: viewer.user.name,
      slug: "",
      email: viewer.user.email,
      avatar: null,
      role: "super_admin",
      caps: [...capabilities],
    },
  };
}

/**
 * The console's way into the platform's own shop (the plans it sells): its account and the
 * super-admin as its manager. Anyone else is refused (asPlatformAccount).
 */
export function platformShop(viewer: Viewer | null): { account: AccountSummary; viewer: Viewer } {
  return asPlatformAccount(viewer, ({ accountId }) => ({
    account: platformAccount,
    viewer: platformManager(viewer!, accountId),
  }));
}
