import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import { createAccount, createMember, createUserWithPassword } from "../../../tests/factories";
import { createClient } from "../../../tests/support/http-client";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestAppWithPages } from "../../../tests/support/test-server";
import { recordUsage } from "~/features/usage/usage.server";
import { createLocalPubSub } from "~/platform/pubsub/pubsub.server";
import { createLogger } from "~/platform/logger.server";
import { PLATFORM_ACCOUNT_ID } from "~/features/accounts/accounts.server";
import { addMember } from "~/features/members/members.server";
import { insertOrder } from "../../../tests/factories/orders";
import { preparePlatformBilling } from "./billing.server";
import { planPurchases } from "./tables.server";

const password = "Billing-Harbour-Maple-47";

describe.each(logicBackends)("C7 the billing screen on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  let host = "";
  let ip = 0;
  let siteAccountId = "";
  let ownerUser: Awaited<ReturnType<typeof createUserWithPassword>>;

  /** Signed in on the site; the super-admin on the base domain, the console's host. */
  async function signedIn(email: string) {
    const at = email === "root@platform.test" ? "localhost" : host;
    const client = createClient(app, { host: at, ip: `10.67.0.${++ip}` });
    const res = await client.post("/api/auth/sign-in/email", { email, password });
    expect(res.status, email).toBe(200);
    return client;
  }

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await upsertPlanCatalogue(db.database);
    await preparePlatformBilling(db.database);
    app = (await createTestAppWithPages(db.database)).app;
    const site = await createAccount(db.database, {
      slug: `bill${backend}`,
      settings: { plan: "lifetime", features: ["lms"] },
    });
    host = `${site.slug}.localhost`;
    siteAccountId = site.accountId;
    for (const [email, roleName] of [
      [`owner-${backend}@bill.test`, "site_owner"],
      [`teacher-${backend}@bill.test`, "instructor"],
      // SUPER_ADMIN_EMAILS of the test app.
      ["root@platform.test", "student"],
    ] as const) {
      const user = await createUserWithPassword(db.database, { email, name: roleName, password });
      await createMember(db.database, { accountId: site.accountId, roleName, user });
      if (roleName === "site_owner") ownerUser = user;
    }
    const pubsub = createLocalPubSub(createLogger({ level: "silent" }));
    await recordUsage(
      { database: db.database, pubsub },
      {
        accountId: site.accountId,
        meter: "emails",
        amount: 4200,
      },
    );
  });
  afterAll(() => db?.dispose());

  test("C7 the owner sees the plan, the meters against its limits, the plans and no invoices yet", async () => {
    const res = await (await signedIn(`owner-${backend}@bill.test`)).request("/dashboard/billing");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-testid="current-plan"');
    expect(html).toContain("Lifetime");
    // Lifetime allows 5000 e-mails a month: 4200 is past 80 %.
    expect(html).toMatch(/data-testid="meter-emails"[^>]*>4,200 of 5,000/);
    expect(html).toContain('data-state="near"');
    for (const plan of ["starter", "professional", "dedicated", "lifetime"])
      expect(html).toContain(`data-plan="${plan}"`);
    // The platform takes no payments until a super-admin sets up its providers.
    expect(html).toContain('data-testid="no-plan-provider"');
  });

  test("C7 an instructor of the site gets 403; the billing is the owner's", async () => {
    const res = await (
      await signedIn(`teacher-${backend}@bill.test`)
    ).request("/dashboard/billing");
    expect(res.status).toBe(403);
  });

  test("M8 C7 the console's plans, customers, subscriptions and orders: super-admins only", async () => {
    const root = await signedIn("root@platform.test");
    const owner = await signedIn(`owner-${backend}@bill.test`);
    const products = await root.request("/dashboard/billing/products");
    expect(products.status).toBe(200);
    expect(await products.text()).toContain('data-plan="professional"');
    for (const path of ["customers", "subscriptions", "orders"]) {
      const res = await root.request(`/dashboard/billing/${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('data-testid="shop-orders"');
      // The console's, on the base domain: on a site it does not exist.
      expect((await owner.request(`/dashboard/billing/${path}`)).status, path).toBe(404);
    }
    expect((await owner.request("/dashboard/billing/products")).status).toBe(404);
  });

  test("C7 a plan invoice downloads as a PDF from the site's billing; another site's is not there", async () => {
    const other = await createAccount(db.database, { slug: `billother${backend}` });
    const seeded = await db.database.forAccount(PLATFORM_ACCOUNT_ID, async (tx) => {
      await addMember(tx, { accountId: PLATFORM_ACCOUNT_ID, user: ownerUser });
      const ids: string[] = [];
      for (const target of [siteAccountId, other.accountId]) {
        const { order } = await insertOrder(tx, {
          accountId: PLATFORM_ACCOUNT_ID,
          userId: ownerUser.id,
          email: ownerUser.email,
          items: [{ title: "Starter", amount: 2900, billing: "subscription", interval: "month" }],
        });
        await tx.insert(planPurchases).values({
          accountId: PLATFORM_ACCOUNT_ID,
          orderId: order.id,
          siteAccountId: target,
          planId: "starter",
          interval: "monthly",
        });
        ids.push(order.id);
      }
      return ids;
    });
    const [mine, theirs] = seeded as [string, string];
    const owner = await signedIn(`owner-${backend}@bill.test`);
    const screen = await (await owner.request("/dashboard/billing")).text();
    expect(screen).toContain(`href="/dashboard/billing/invoices/${mine}"`);
    expect(screen).not.toContain(theirs);

    const pdf = await owner.request(`/dashboard/billing/invoices/${mine}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toMatch(/^attachment; filename=".+\.pdf"$/);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    // Another site's plan invoice, an order id that is no uuid: not there.
    expect((await owner.request(`/dashboard/billing/invoices/${theirs}`)).status).toBe(404);
    expect((await owner.request("/dashboard/billing/invoices/not-an-order")).status).toBe(404);
    expect((await owner.request("/dashboard/billing/invoices/x%00y")).status).toBe(400);
    const teacher = await signedIn(`teacher-${backend}@bill.test`);
    expect((await teacher.request(`/dashboard/billing/invoices/${mine}`)).status).toBe(403);
  });
});
