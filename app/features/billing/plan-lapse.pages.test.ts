// Decision 035: the billing screen of a site whose plan subscription ended unpaid — the grace
// (the plan still applies, with its end and the date to choose by), then the fallback.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PLATFORM_ACCOUNT_ID, readAccount } from "~/features/accounts/accounts.server";
import { addMember } from "~/features/members/members.server";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import { createLogger } from "~/platform/logger.server";
import { createLocalPubSub } from "~/platform/pubsub/pubsub.server";
import { createAccount, createMember, createUserWithPassword } from "../../../tests/factories";
import { insertOrder } from "../../../tests/factories/orders";
import { createClient } from "../../../tests/support/http-client";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestAppWithPages } from "../../../tests/support/test-server";
import { applyPlanLapses, preparePlatformBilling } from "./billing.server";
import { planPurchases } from "./tables.server";

const password = "Lapse-Harbour-Maple-47";
const DAY = 86_400_000;

describe.each(logicBackends)("C7 a lapsed plan on the billing screen on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  let host = "";
  let siteAccountId = "";
  let ip = 0;
  const email = `owner-${backend}@lapse.test`;
  const deps = () => ({
    database: db.database,
    pubsub: createLocalPubSub(createLogger({ level: "silent" })),
  });
  const billingHtml = async () => {
    const client = createClient(app, { host, ip: `10.66.0.${++ip}` });
    expect((await client.post("/api/auth/sign-in/email", { email, password })).status).toBe(200);
    const res = await client.request("/dashboard/billing");
    expect(res.status).toBe(200);
    return res.text();
  };

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await upsertPlanCatalogue(db.database);
    await preparePlatformBilling(db.database);
    app = (await createTestAppWithPages(db.database)).app;
    const site = await createAccount(db.database, {
      slug: `lapse${backend}`,
      settings: { plan: "professional" },
    });
    host = `${site.slug}.localhost`;
    siteAccountId = site.accountId;
    const owner = await createUserWithPassword(db.database, { email, name: "Owner", password });
    await createMember(db.database, {
      accountId: siteAccountId,
      roleName: "site_owner",
      user: owner,
    });
    // Professional bought by transfer; its subscription ended unpaid on 2026-03-01.
    await db.database.forAccount(PLATFORM_ACCOUNT_ID, async (tx) => {
      await addMember(tx, { accountId: PLATFORM_ACCOUNT_ID, user: owner });
      const { order } = await insertOrder(tx, {
        accountId: PLATFORM_ACCOUNT_ID,
        userId: owner.id,
        email,
        provider: "offline",
        createdAt: new Date("2026-01-30T10:00:00Z"),
        items: [
          { title: "Professional", amount: 9900, billing: "subscription", interval: "month" },
        ],
        subscription: { status: "ended", currentPeriodEnd: new Date("2026-03-01T10:00:00Z") },
      });
      await tx.insert(planPurchases).values({
        accountId: PLATFORM_ACCOUNT_ID,
        orderId: order.id,
        siteAccountId,
        planId: "professional",
        interval: "monthly",
        createdAt: order.createdAt,
      });
    });
  });
  afterAll(() => db?.dispose());

  test("C7 the grace: the plan still applies, the screen says when it ended and by when to choose", async () => {
    const noticed = new Date();
    expect(await applyPlanLapses(deps(), noticed)).toEqual({ lapsed: 1, fellBack: 0 });
    const html = await billingHtml();
    expect(html).toContain('data-testid="plan-lapse"');
    expect(html).toContain("Your Professional plan ended on Mar 1, 2026.");
    const until = new Date(noticed.getTime() + 14 * DAY).toLocaleDateString("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
    });
    expect(html).toContain(`Choose a plan before ${until} to keep its features and limits`);
    expect(html).toContain("your site moves to Starter, the plan a new site starts on");
    expect((await readAccount(db.database, siteAccountId))!.settings.plan).toBe("professional");
  });

  test("C7 after the grace: the site is on Starter and the screen says so", async () => {
    expect(await applyPlanLapses(deps(), new Date(Date.now() + 15 * DAY))).toEqual({
      lapsed: 0,
      fellBack: 1,
    });
    const html = await billingHtml();
    expect(html).toContain(
      "Your Professional plan ended on Mar 1, 2026, so your site is now on Starter",
    );
    expect(html).toMatch(/data-testid="current-plan"[\s\S]*Starter/);
  });
});
