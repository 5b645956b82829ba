// One site ready to sell, for commerce's HTTP tests: the providers' fakes (webhooks straight to
// the app), services with the queue, a course sold by a product in USD and INR, a membership
// level with its monthly product, a 20 % coupon, Stripe, Razorpay, PayPal and offline enabled,
// and signed-in clients (the owner and buyers).
import fs from "node:fs";
import { and, eq } from "drizzle-orm";
import { enrolments } from "~/features/learning/tables.server";
import { orders, subscriptions } from "~/features/orders/tables.server";
import { parseEnv } from "~/platform/env.server";
import { createLogger } from "~/platform/logger.server";
import { coupons } from "~/features/coupons/tables.server";
import { memberships } from "~/features/memberships/tables.server";
import { productGrants, productPrices, products } from "~/features/products/tables.server";
import { createApp } from "../../server/app";
import { wireServices } from "../../server/boot";
import type { ServerServices } from "../../server/app-env";
import { createAccount, createCourse, createMember, createUserWithPassword } from "../factories";
import { FAKE_PROVIDER_KEYS } from "../fakes/fake-keys";
import { startFakePaypal } from "../fakes/fake-paypal";
import { startFakeRazorpay } from "../fakes/fake-razorpay";
import { startFakeStripe } from "../fakes/fake-stripe";
import type { WebhookSender } from "../fakes/fake-kit";
import { createClient } from "./http-client";
import { loadPagesBundle } from "./test-server";
import { tempDataDir } from "../e2e/support/server";
import { createTestDatabase, type Backend, type TestDatabase } from "./test-database";

const password = "Commerce-Lantern-Quartz-61";
let ip = 0;
const nextIp = () => `10.88.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

export type Client = ReturnType<typeof createClient>;

/**
 * The rig's buyers place far more checkouts than a person may in 10 minutes (races of 20, coupon
 * and renewal runs): its limits are raised here, not production's; a test of the limits passes
 * its own `env`.
 */
export const RIG_CHECKOUT_LIMITS = {
  CHECKOUT_LIMIT_PER_PERSON: "100000",
  CHECKOUT_LIMIT_PER_ADDRESS: "100000",
};

export async function startCommerceRig(
  backend: Backend,
  {
    env = {},
    pages = false,
  }: {
    env?: Record<string, string>;
    /** With the production build's pages (`npm test` builds first), for page loaders and actions. */
    pages?: boolean;
  } = {},
) {
  const [stripe, paypal, razorpay] = await Promise.all([
    startFakeStripe(),
    startFakePaypal(),
    startFakeRazorpay(),
  ]);
  const db: TestDatabase = await createTestDatabase(backend);
  const dataDir = tempDataDir("commerce");
  const services: ServerServices = wireServices({
    env: parseEnv({
      DATA_DIR: dataDir,
      STRIPE_API_BASE: stripe.url,
      PAYPAL_API_BASE: paypal.url,
      RAZORPAY_API_BASE: razorpay.url,
      RAZORPAY_CHECKOUT_JS_URL: razorpay.checkoutJsUrl,
      LOG_LEVEL: "warn",
      ...RIG_CHECKOUT_LIMITS,
      ...env,
    }),
    database: db.database,
    logger: createLogger({ level: "warn" }),
    authSecret: "commerce-test-secret-commerce-test-secret",
  });
  await services.jobs.start();
  const app = pages
    ? (await loadPagesBundle()).createAppWithPages(services)
    : createApp({ services });
  const extraServices: ServerServices[] = [];
  const toApp: WebhookSender = async (url, init) => {
    const target = new URL(url);
    const response = await app.request(
      url,
      { ...init, headers: { ...init.headers, host: target.host } },
      { incoming: { socket: { remoteAddress: "203.0.113.9" } } },
    );
    return { status: response.status };
  };
  for (const fake of [stripe, paypal, razorpay]) fake.webhooks.setSender(toApp);

  const account = await createAccount(db.database, { settings: { currency: "USD" } });
  const { accountId } = account;
  const host = `${account.slug}.localhost`;
  const course = await createCourse(db.database, { accountId, lessonTitles: ["One", "Two"] });
  const catalogue = await db.database.forAccount(accountId, async (tx) => {
    const [product] = await tx
      .insert(products)
      .values({
        accountId,
        title: "Course pass",
        slug: "course-pass",
        kind: "course",
        status: "published",
      })
      .returning();
    const [usd] = await tx
      .insert(productPrices)
      .values({ accountId, productId: product!.id, currency: "USD", amount: 5000 })
      .returning();
    const [inr] = await tx
      .insert(productPrices)
      .values({ accountId, productId: product!.id, currency: "INR", amount: 399_900, position: 1 })
      .returning();
    await tx
      .insert(productGrants)
      .values({ accountId, productId: product!.id, target: "course", targetId: course.id });
    const [level] = await tx
      .insert(memberships)
      .values({ accountId, name: "Gold", slug: "gold" })
      .returning();
    const [gold] = await tx
      .insert(products)
      .values({
        accountId,
        title: "Gold monthly",
        slug: "gold-monthly",
        kind: "membership",
        status: "published",
      })
      .returning();
    const [goldPrice] = await tx
      .insert(productPrices)
      .values({
        accountId,
        productId: gold!.id,
        currency: "USD",
        amount: 1900,
        billing: "subscription",
        interval: "month",
        trialDays: 7,
      })
      .returning();
    await tx
      .insert(productGrants)
      .values({ accountId, productId: gold!.id, target: "membership", targetId: level!.id });
    const [coupon] = await tx
      .insert(coupons)
      .values({
        accountId,
        name: "SAVE20",
        discountType: "percentage",
        couponAmount: 20,
        perUserLimit: 1,
      })
      .returning();
    return {
      product: product!,
      usd: usd!,
      inr: inr!,
      level: level!,
      gold: gold!,
      goldPrice: goldPrice!,
      coupon: coupon!,
    };
  });

  async function signedIn(roleName: string): Promise<Client & { userId: string; email: string }> {
    const email = `${roleName}-${Date.now().toString(36)}-${++ip}@example.test`;
    const user = await createUserWithPassword(db.database, { email, password });
    await createMember(db.database, { accountId, roleName, user });
    const client = createClient(app, { host, ip: nextIp() });
    const res = await client.post("/api/auth/sign-in/email", { email, password });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
    return Object.assign(client, { userId: user.id, email });
  }

  const owner = await signedIn("site_owner");
  for (const provider of ["stripe", "paypal", "razorpay"] as const) {
    const res = await owner.request("/api/payments/providers", {
      method: "PUT",
      json: { provider, enabled: true, ...FAKE_PROVIDER_KEYS[provider] },
    });
    if (res.status !== 200)
      throw new Error(`${provider} settings: ${res.status} ${await res.text()}`);
  }
  const offline = await owner.request("/api/payments/providers", {
    method: "PUT",
    json: { provider: "offline", enabled: true, instructions: "IBAN DE00 0000 0000 0000 00" },
  });
  if (offline.status !== 200) throw new Error(`offline settings: ${offline.status}`);

  return {
    db,
    services,
    app,
    stripe,
    paypal,
    razorpay,
    accountId,
    host,
    course,
    catalogue,
    owner,
    signedIn,
    /** An order of the rig's site, as stored. */
    orderRow: (id: string) =>
      db.database.forAccount(accountId, async (tx) => {
        const [row] = await tx
          .select()
          .from(orders)
          .where(and(eq(orders.accountId, accountId), eq(orders.id, id)));
        return row!;
      }),
    /** The subscription an order of the rig's site started. */
    subscriptionOf: (orderId: string) =>
      db.database.forAccount(accountId, async (tx) => {
        const [row] = await tx
          .select()
          .from(subscriptions)
          .where(and(eq(subscriptions.accountId, accountId), eq(subscriptions.orderId, orderId)));
        return row!;
      }),
    /** The person's enrolment in the rig's course, or null. */
    enrolment: (userId: string) =>
      db.database.forAccount(accountId, async (tx) => {
        const [row] = await tx
          .select()
          .from(enrolments)
          .where(
            and(
              eq(enrolments.accountId, accountId),
              eq(enrolments.courseId, course.id),
              eq(enrolments.userId, userId),
            ),
          );
        return row ?? null;
      }),
    /** Changes the Gold membership's monthly price (its trial days, its iterations). */
    setGoldPrice: (changes: { trialDays?: number; iterations?: number }) =>
      db.database.forAccount(accountId, (tx) =>
        tx
          .update(productPrices)
          .set(changes)
          .where(
            and(
              eq(productPrices.accountId, accountId),
              eq(productPrices.id, catalogue.goldPrice.id),
            ),
          ),
      ),
    /**
     * Another instance of the server on the rig's database (its own services and app, as a
     * second process would have), with the rig's settings and `env` on top; closed with the rig.
     */
    secondInstance(env: Partial<ServerServices["env"]> = {}) {
      const other = wireServices({
        env: { ...services.env, ...env },
        database: db.database,
        logger: createLogger({ level: "warn" }),
        authSecret: "commerce-test-secret-commerce-test-secret",
        cron: false,
      });
      extraServices.push(other);
      return { services: other, app: createApp({ services: other }) };
    },
    /** Runs every due job (fulfilment, receipts) and waits for the fakes' webhooks first. */
    async settle() {
      await Promise.all([stripe.webhooks.idle(), paypal.webhooks.idle(), razorpay.webhooks.idle()]);
      await services.jobs.drain();
    },
    async close() {
      await Promise.all(extraServices.map((other) => other.rateLimits.close()));
      await services.jobs.stop();
      await db.dispose();
      await Promise.all([stripe.close(), paypal.close(), razorpay.close()]);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type CommerceRig = Awaited<ReturnType<typeof startCommerceRig>>;
