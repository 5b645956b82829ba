import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { AccountSummary } from "~/features/accounts/accounts";
import type { Capability } from "~/features/members/capabilities";
import type { Viewer } from "~/features/members/members.server";
import { createAccount, createMember, createUser } from "../../../tests/factories";
import { createOrder, createOrders, type OrderSeed } from "../../../tests/factories/orders";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { listMyOrders, loadOrderDetail, searchShopOrders } from "./order-lists.server";
import { currentMrr, listCustomers, loadRevenueReport, mrrByDay } from "./order-reports.server";
import { parseShopQuery } from "./order-views";
import { exportOrdersCsv } from "./orders-csv.server";
import { loadOrdersScreen } from "./orders-screen.server";
import {
  cancelSubscription,
  listMySubscriptions,
  listShopSubscriptions,
} from "./subscriptions.server";
import { orderEvents, subscriptions } from "./tables.server";

const now = new Date("2026-06-30T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
const query = (params: Record<string, string> = {}) => parseShopQuery(new URLSearchParams(params));

describe.each(logicBackends)("issue 16 scope 6: order lists and reports on %s", (backend) => {
  let db: TestDatabase;
  let account: AccountSummary;
  let other: AccountSummary;
  const viewers = {} as Record<"manager" | "ana" | "ben" | "cleo" | "stranger", Viewer>;

  async function person(accountId: string, roleName: string, caps: Capability[], name: string) {
    const named = await createUser(db.database, { name });
    const { user, membership } = await createMember(db.database, {
      accountId,
      roleName,
      user: named,
    });
    return {
      user: { ...user, name, image: null },
      membership: { ...membership, caps },
      isSuperAdmin: false,
    } as unknown as Viewer;
  }

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    account = (await createAccount(db.database, {
      settings: { currency: "USD" },
    })) as unknown as AccountSummary;
    other = (await createAccount(db.database)) as unknown as AccountSummary;
    viewers.manager = await person(account.accountId, "site_owner", ["manage_options"], "Olivia");
    viewers.ana = await person(account.accountId, "student", [], "Ana");
    viewers.ben = await person(account.accountId, "student", [], "Ben");
    viewers.cleo = await person(account.accountId, "student", [], "Cleo");
    viewers.stranger = await person(other.accountId, "student", [], "Stranger");
    const { accountId } = account;
    const seed = (who: Viewer, rest: Partial<OrderSeed>): OrderSeed => ({
      accountId,
      userId: who.user.id,
      email: who.user.email,
      ...rest,
    });
    // 30 of Ben's orders for paging, all fulfilled USD 10.00, one a day back from 40 days ago.
    await createOrders(
      db.database,
      accountId,
      Array.from({ length: 30 }, (_, i) =>
        seed(viewers.ben, {
          items: [{ title: `Lesson pack ${i + 1}`, amount: 1000 }],
          createdAt: daysAgo(40 - i),
          paidAt: daysAgo(40 - i),
        }),
      ),
    );
    // Ana: a paid order with a coupon (today), a pending bank transfer, a refunded PayPal one.
    await createOrder(
      db.database,
      seed(viewers.ana, {
        items: [
          { title: "Design course", amount: 5000 },
          { title: "Workbook", amount: 1500, quantity: 2 },
        ],
        coupon: "SPRING20",
        discount: 1600,
        createdAt: daysAgo(0.1),
      }),
    );
    await createOrder(
      db.database,
      seed(viewers.ana, {
        status: "pending",
        provider: "offline",
        items: [{ title: '=HYPERLINK("http://evil")', amount: 2000 }],
        createdAt: daysAgo(2),
      }),
    );
    await createOrder(
      db.database,
      seed(viewers.ana, {
        status: "refunded",
        provider: "paypal",
        items: [{ title: "Old course", amount: 3000 }],
        createdAt: daysAgo(5),
        closedAt: daysAgo(3),
      }),
    );
    // Cleo: subscriptions — monthly 12.00 active, annual 120.00 active, monthly 9.00 trialing,
    // monthly 20.00 cancelled (paid until 10 days ago), and one in EUR.
    await createOrder(
      db.database,
      seed(viewers.cleo, {
        items: [
          { title: "Gold monthly", amount: 1200, billing: "subscription", interval: "month" },
        ],
        createdAt: daysAgo(20),
        subscription: { status: "active", currentPeriodEnd: daysAgo(-10) },
      }),
    );
    await createOrder(
      db.database,
      seed(viewers.cleo, {
        items: [{ title: "Gold annual", amount: 12000, billing: "subscription", interval: "year" }],
        createdAt: daysAgo(100),
        subscription: { status: "active", currentPeriodEnd: daysAgo(-265) },
      }),
    );
    await createOrder(
      db.database,
      seed(viewers.cleo, {
        status: "paid",
        items: [{ title: "Silver trial", amount: 900, billing: "subscription", interval: "month" }],
        createdAt: daysAgo(1),
        subscription: { status: "trialing", currentPeriodEnd: daysAgo(-6) },
      }),
    );
    await createOrder(
      db.database,
      seed(viewers.cleo, {
        items: [
          { title: "Bronze monthly", amount: 2000, billing: "subscription", interval: "month" },
        ],
        createdAt: daysAgo(45),
        subscription: { status: "cancelled", currentPeriodEnd: daysAgo(10) },
      }),
    );
    await createOrder(
      db.database,
      seed(viewers.cleo, {
        currency: "EUR",
        items: [{ title: "Euro plan", amount: 5000, billing: "subscription", interval: "month" }],
        createdAt: daysAgo(3),
        subscription: { status: "active" },
      }),
    );
  }, 120_000);
  afterAll(() => db?.dispose());

  test("a member sees their own orders only, newest first, with lines, coupon and every status", async () => {
    const mine = await listMyOrders(db.database, { account, viewer: viewers.ana });
    expect(mine.map((order) => order.status)).toEqual(["fulfilled", "pending", "refunded"]);
    expect(mine[0]).toMatchObject({
      coupon: "SPRING20",
      subtotal: 8000,
      discount: 1600,
      total: 6400,
      items: [
        { title: "Design course", amount: 5000, quantity: 1 },
        { title: "Workbook", amount: 1500, quantity: 2 },
      ],
    });
    expect(await listMyOrders(db.database, { account, viewer: viewers.stranger })).toEqual([]);
    const screen = await loadOrdersScreen(db.database, {
      account,
      viewer: viewers.ana,
      search: new URLSearchParams("tab=revenue"),
    });
    expect(screen.view).toBe("member");
  });

  test("managers search by number, e-mail and name, filter by status, provider and dates, 25 a page with the total", async () => {
    const request = { account, viewer: viewers.manager };
    const all = await searchShopOrders(db.database, { ...request, query: query() });
    expect(all.total).toBe(38);
    expect(all.rows).toHaveLength(25);
    expect(all.rows[0]!.name).toBe("Ana");
    const second = await searchShopOrders(db.database, { ...request, query: query({ page: "2" }) });
    expect(second.rows).toHaveLength(13);
    expect(new Set([...all.rows, ...second.rows].map((row) => row.id)).size).toBe(38);
    const beyond = await searchShopOrders(db.database, { ...request, query: query({ page: "9" }) });
    expect(beyond).toMatchObject({ rows: [], total: 38 });

    const byName = await searchShopOrders(db.database, { ...request, query: query({ q: "ana" }) });
    expect(byName.total).toBe(3);
    const byEmail = await searchShopOrders(db.database, {
      ...request,
      query: query({ q: viewers.cleo.user.email.toUpperCase() }),
    });
    expect(byEmail.total).toBe(5);
    const number = all.rows[3]!.number;
    const byNumber = await searchShopOrders(db.database, {
      ...request,
      query: query({ q: `#${number}` }),
    });
    expect(byNumber.rows.map((row) => row.number)).toEqual([number]);
    const wildcard = await searchShopOrders(db.database, { ...request, query: query({ q: "%" }) });
    expect(wildcard.total).toBe(0);

    const pending = await searchShopOrders(db.database, {
      ...request,
      query: query({ status: "pending" }),
    });
    expect(pending.rows.map((row) => row.provider)).toEqual(["offline"]);
    const paypal = await searchShopOrders(db.database, {
      ...request,
      query: query({ provider: "paypal" }),
    });
    expect(paypal.rows.map((row) => row.status)).toEqual(["refunded"]);
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const lastWeek = await searchShopOrders(db.database, {
      ...request,
      query: query({ from: day(daysAgo(6)), to: day(daysAgo(1)) }),
    });
    expect(lastWeek.total).toBe(4); // Ana's pending and refunded, Cleo's EUR and trial
    const junk = query({
      status: "lost",
      provider: "cash",
      from: "yesterday",
      page: "-3",
      tab: "x",
    });
    expect(junk).toMatchObject({
      status: null,
      provider: null,
      from: null,
      page: 1,
      tab: "orders",
    });

    await expect(
      searchShopOrders(db.database, { account, viewer: viewers.ana, query: query() }),
    ).rejects.toMatchObject({ code: "auth.forbidden" });
  });

  test("an order's drawer: lines, amounts, coupon, buyer and its history in order; 404 elsewhere", async () => {
    const [order] = (
      await searchShopOrders(db.database, {
        account,
        viewer: viewers.manager,
        query: query({ q: "ana", status: "refunded" }),
      })
    ).rows;
    const detail = await loadOrderDetail(db.database, {
      account,
      viewer: viewers.manager,
      orderId: order!.id,
    });
    expect(detail).toMatchObject({
      name: "Ana",
      provider: "paypal",
      refunded: 3000,
      status: "refunded",
    });
    expect(detail.events.map((e) => `${e.fromStatus}>${e.toStatus}`)).toEqual([
      "null>pending",
      "pending>paid",
      "paid>fulfilled",
      "fulfilled>refunded",
    ]);
    const otherManager = {
      ...viewers.manager,
      membership: { ...viewers.manager.membership!, accountId: other.accountId },
    };
    await expect(
      loadOrderDetail(db.database, { account: other, viewer: otherManager, orderId: order!.id }),
    ).rejects.toMatchObject({ code: "order.notFound" });
  });

  test("customers: orders placed, what paid orders came to per currency, last order, searched", async () => {
    const page = await listCustomers(db.database, {
      account,
      viewer: viewers.manager,
      query: query(),
    });
    expect(page.total).toBe(3);
    const byName = Object.fromEntries(page.rows.map((row) => [row.name, row]));
    expect(byName.Ana).toMatchObject({ orders: 3, spent: [{ currency: "USD", amount: 6400 }] });
    expect(byName.Ben).toMatchObject({ orders: 30, spent: [{ currency: "USD", amount: 30_000 }] });
    expect(byName.Cleo!.spent).toEqual([
      { currency: "EUR", amount: 5000 },
      { currency: "USD", amount: 1200 + 12_000 + 900 + 2000 },
    ]);
    expect(page.rows[0]!.name).toBe("Ana"); // the most recent order first
    const found = await listCustomers(db.database, {
      account,
      viewer: viewers.manager,
      query: query({ q: "cle" }),
    });
    expect(found.rows.map((row) => row.name)).toEqual(["Cleo"]);
  });

  test("MRR: active subscriptions' monthly amount plus annual / 12; trials, cancelled and other currencies left out", async () => {
    expect(
      currentMrr([
        {
          status: "active",
          amount: 1200,
          interval: "month",
          createdAt: now,
          currentPeriodEnd: null,
        },
        {
          status: "active",
          amount: 12000,
          interval: "year",
          createdAt: now,
          currentPeriodEnd: null,
        },
        {
          status: "active",
          amount: 1000,
          interval: "year",
          createdAt: now,
          currentPeriodEnd: null,
        },
        {
          status: "trialing",
          amount: 900,
          interval: "month",
          createdAt: now,
          currentPeriodEnd: null,
        },
        {
          status: "past_due",
          amount: 700,
          interval: "month",
          createdAt: now,
          currentPeriodEnd: null,
        },
        {
          status: "cancelled",
          amount: 2000,
          interval: "month",
          createdAt: now,
          currentPeriodEnd: null,
        },
      ]),
    ).toBe(1200 + 1000 + 83); // 1000 / 12 = 83.33 → 83 once, at the end
    const report = await loadRevenueReport(db.database, {
      account,
      viewer: viewers.manager,
      query: query({ tab: "revenue" }),
      now,
    });
    expect(report.currency).toBe("USD");
    expect(report.currencies).toEqual(["EUR", "USD"]);
    expect(report.totals).toMatchObject({ mrr: 2200, activeSubscriptions: 2 });
    expect(report.days).toHaveLength(30);
    expect(report.days.at(-1)).toMatchObject({ day: "2026-06-30", mrr: 2200 });
    // 20 days ago the monthly one started; before that the annual and the cancelled one.
    const mrrOn = (day: string) => report.days.find((point) => point.day === day)!.mrr;
    expect(mrrOn("2026-06-01")).toBe(1000 + 2000);
    expect(mrrOn("2026-06-10")).toBe(1000 + 2000 + 1200);
    expect(mrrOn("2026-06-20")).toBe(1000 + 1200);
    // Revenue: paid and fulfilled orders of the last 30 days (19 of Ben's, Ana's, two of Cleo's).
    expect(report.totals.orders).toBe(19 + 1 + 1 + 1);
    expect(report.totals.revenue).toBe(19 * 1000 + 6400 + 1200 + 900);
    expect(report.totals.refunded).toBe(3000);
    expect(report.days.reduce((sum, point) => sum + point.revenue, 0)).toBe(report.totals.revenue);
    const euro = await loadRevenueReport(db.database, {
      account,
      viewer: viewers.manager,
      query: query({ tab: "revenue", currency: "eur", period: "90d" }),
      now,
    });
    expect(euro).toMatchObject({ currency: "EUR", totals: { mrr: 5000, revenue: 5000 } });
    expect(euro.days).toHaveLength(90);
    expect(mrrByDay([], { since: daysAgo(2), now }).size).toBe(3);
  });

  test("CSV: every order of the filters, amounts in major units, cells escaped against formulas", async () => {
    const { csv, filename } = await exportOrdersCsv(db.database, {
      account,
      viewer: viewers.manager,
      search: new URLSearchParams({ q: "ana" }),
    });
    expect(filename).toMatch(/^orders-.+-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csv.trimEnd().split("\r\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(
      "number,created_at,status,provider,name,email,items,currency,subtotal,discount,total,refunded,coupon,paid_at,closed_at",
    );
    expect(lines[1]).toContain(",fulfilled,stripe,Ana,");
    expect(lines[1]).toContain("Design course; Workbook × 2,USD,80.00,16.00,64.00,0.00,SPRING20,");
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    await expect(
      exportOrdersCsv(db.database, { account, viewer: viewers.ben, search: new URLSearchParams() }),
    ).rejects.toMatchObject({ code: "auth.forbidden" });
  });

  test("subscriptions: a member cancels their own at period end (recorded), not another's; a manager any", async () => {
    const cleos = await listMySubscriptions(db.database, { account, viewer: viewers.cleo });
    expect(cleos.map((s) => s.title)).toEqual([
      "Silver trial",
      "Euro plan",
      "Gold monthly",
      "Bronze monthly",
      "Gold annual",
    ]);
    const monthly = cleos.find((s) => s.title === "Gold monthly")!;
    await expect(
      cancelSubscription(
        { database: db.database },
        {
          accountId: account.accountId,
          viewer: viewers.ana,
          subscriptionId: monthly.id,
        },
      ),
    ).rejects.toMatchObject({ code: "order.notFound" });
    await expect(
      cancelSubscription(
        { database: db.database },
        {
          accountId: account.accountId,
          viewer: null,
          subscriptionId: monthly.id,
        },
      ),
    ).rejects.toMatchObject({ code: "not_authenticated" });
    const told: string[] = [];
    const cancelled = await cancelSubscription(
      { database: db.database, providerCancel: async (s) => void told.push(s.id) },
      { accountId: account.accountId, viewer: viewers.cleo, subscriptionId: monthly.id, now },
    );
    expect(cancelled).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    expect(told).toEqual([monthly.id]);
    // Asked again: nothing more happens (the provider is not asked twice).
    await cancelSubscription(
      { database: db.database, providerCancel: async (s) => void told.push(s.id) },
      { accountId: account.accountId, viewer: viewers.cleo, subscriptionId: monthly.id, now },
    );
    expect(told).toHaveLength(1);
    const history = await db.database.forAccount(account.accountId, (tx) =>
      tx
        .select()
        .from(orderEvents)
        .where(
          and(
            eq(orderEvents.accountId, account.accountId),
            eq(orderEvents.orderId, monthly.orderId),
          ),
        ),
    );
    expect(history.filter((e) => e.cause.startsWith("subscription.cancelAtPeriodEnd"))).toEqual([
      expect.objectContaining({
        fromStatus: "fulfilled",
        toStatus: "fulfilled",
        cause: `subscription.cancelAtPeriodEnd:0:buyer:${viewers.cleo.user.id}`,
      }),
    ]);
    // A provider that refuses changes nothing.
    const annual = cleos.find((s) => s.title === "Gold annual")!;
    await expect(
      cancelSubscription(
        { database: db.database, providerCancel: () => Promise.reject(new Error("provider down")) },
        { accountId: account.accountId, viewer: viewers.manager, subscriptionId: annual.id },
      ),
    ).rejects.toThrow("provider down");
    const bronze = cleos.find((s) => s.title === "Bronze monthly")!;
    await expect(
      cancelSubscription(
        { database: db.database },
        {
          accountId: account.accountId,
          viewer: viewers.manager,
          subscriptionId: bronze.id,
        },
      ),
    ).rejects.toMatchObject({ code: "order.transitionRefused" });
    const byManager = await cancelSubscription(
      { database: db.database },
      {
        accountId: account.accountId,
        viewer: viewers.manager,
        subscriptionId: annual.id,
      },
    );
    expect(byManager.cancelAtPeriodEnd).toBe(true);
    const [stored] = await db.database.forAccount(account.accountId, (tx) =>
      tx.select().from(subscriptions).where(eq(subscriptions.id, annual.id)),
    );
    expect(stored!.cancelAtPeriodEnd).toBe(true);

    const shop = await listShopSubscriptions(db.database, {
      account,
      viewer: viewers.manager,
      query: query({ tab: "subscriptions", subscriptionStatus: "active" }),
    });
    expect(shop.total).toBe(3);
    expect(shop.rows.every((row) => row.buyer.name === "Cleo")).toBe(true);
    await expect(
      listShopSubscriptions(db.database, { account, viewer: viewers.cleo, query: query() }),
    ).rejects.toMatchObject({ code: "auth.forbidden" });
  });
});
