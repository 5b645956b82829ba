// The platform selling plans, for billing's API tests: the commerce rig with the plan catalogue,
// the platform's own Stripe, Razorpay and bank transfer switched on by a super-admin, and sites
// of their own whose owner sends the billing screen's commands.
import { and, eq } from "drizzle-orm";
import { PLATFORM_ACCOUNT_ID, readAccount } from "~/features/accounts/accounts.server";
import { billingCommand, preparePlatformBilling } from "~/features/billing/billing.server";
import { planPurchases } from "~/features/billing/tables.server";
import type { Viewer } from "~/features/members/members.server";
import { confirmOfflinePayment } from "~/features/orders/manage-order.server";
import { platformShop, subscriptions } from "~/features/orders/orders.server";
import { saveProviderSettings } from "~/features/payments/payments.server";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import { createAccount } from "../factories";
import { FAKE_PROVIDER_KEYS } from "../fakes/fake-keys";
import { startCommerceRig } from "./commerce-rig";
import type { Backend } from "./test-database";

export const platformStripeKey = "sk_test_platformSecretKey000000000000";
export const platformRazorpay = {
  ...FAKE_PROVIDER_KEYS.razorpay,
  publicKey: "rzp_test_platformKeyId00",
  secretKey: "platformRazorpayKeySecret000",
};

export async function startBillingRig(backend: Backend) {
  const rig = await startCommerceRig(backend);
  await upsertPlanCatalogue(rig.db.database);
  await preparePlatformBilling(rig.db.database);
  const person = { id: rig.owner.userId, name: "Owner", email: rig.owner.email, image: null };
  const superAdmin: Viewer = { user: person, membership: null, isSuperAdmin: true };
  const owner: Viewer = { user: person, membership: null, isSuperAdmin: false };
  for (const input of [
    {
      provider: "stripe",
      instructions: "",
      ...FAKE_PROVIDER_KEYS.stripe,
      secretKey: platformStripeKey,
    },
    { provider: "razorpay", instructions: "", ...platformRazorpay },
    { provider: "offline", instructions: "IBAN", publicKey: "", secretKey: "", webhookSecret: "" },
  ] as const)
    await saveProviderSettings(rig.services, {
      viewer: superAdmin,
      accountId: PLATFORM_ACCOUNT_ID,
      hostAccountId: PLATFORM_ACCOUNT_ID,
      origin: "http://localhost",
      input: { ...input, enabled: true },
    });
  rig.stripe.setEndpoint(platformStripeKey, "http://localhost/api/payments/webhooks/stripe");
  const deps = () => ({ ...rig.services, baseDomain: rig.services.env.BASE_DOMAIN });

  /** A site of its own on `plan`, its owner's billing commands, and its plan purchases. */
  async function newSite(slug: string, plan = "starter") {
    const site = await createAccount(rig.db.database, { slug, settings: { plan } });
    const read = async () => (await readAccount(rig.db.database, site.accountId))!;
    const command = async (body: unknown) =>
      billingCommand(deps(), {
        viewer: owner,
        account: await read(),
        origin: `http://${slug}.localhost`,
        body,
      });
    const purchases = () =>
      rig.db.database.forAccount(PLATFORM_ACCOUNT_ID, (tx) =>
        tx
          .select()
          .from(planPurchases)
          .where(
            and(
              eq(planPurchases.accountId, PLATFORM_ACCOUNT_ID),
              eq(planPurchases.siteAccountId, site.accountId),
            ),
          ),
      );
    return { site, read, command, purchases };
  }

  /** The platform's subscription its order `orderId` started. */
  const subscriptionOf = async (orderId: string) =>
    (
      await rig.db.database.forAccount(PLATFORM_ACCOUNT_ID, (tx) =>
        tx
          .select()
          .from(subscriptions)
          .where(
            and(
              eq(subscriptions.accountId, PLATFORM_ACCOUNT_ID),
              eq(subscriptions.orderId, orderId),
            ),
          ),
      )
    )[0];

  /** A super-admin confirms a bank transfer from the console's orders. */
  async function confirmTransfer(orderId: string) {
    const { account, viewer } = platformShop(superAdmin);
    await confirmOfflinePayment(rig.services, { accountId: account.accountId, viewer, orderId });
    await rig.settle();
  }

  return { rig, deps, owner, superAdmin, newSite, subscriptionOf, confirmTransfer };
}

export type BillingRig = Awaited<ReturnType<typeof startBillingRig>>;
