import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createAccount, createMember, createUser } from "../../../tests/factories";
import { createOrder, type OrderSeed } from "../../../tests/factories/orders";
import {
  backends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { OFFLINE_RENEWAL_PAYABLE_DAYS } from "./offline-renewals.server";
import type { JobSender } from "./order-jobs";
import type { OrderProvider, SubscriptionStatus } from "./order-shapes";
import {
  lapsedStatus,
  PROVIDER_SILENCE_DAYS,
  sweepLapsedSubscriptions,
} from "./subscription-sweep.server";
import { orders, subscriptions } from "./tables.server";

const now = new Date("2026-06-30T12:00:00Z");
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);

type Case = {
  provider: OrderProvider;
  status: SubscriptionStatus;
  /** Days from `now` to the period's end (negative: it ended). */
  periodEnd: number;
  paymentsLeft?: number | null;
  cancelAtPeriodEnd?: boolean;
  expect: SubscriptionStatus;
};

const cases: Record<string, Case> = {
  stripeLapsed: { provider: "stripe", status: "active", periodEnd: -1, expect: "past_due" },
  stripeRunning: { provider: "stripe", status: "active", periodEnd: 5, expect: "active" },
  trialOver: { provider: "stripe", status: "trialing", periodEnd: -0.5, expect: "past_due" },
  stripeRetrying: { provider: "stripe", status: "past_due", periodEnd: -2, expect: "past_due" },
  stripeSilent: {
    provider: "razorpay",
    status: "past_due",
    periodEnd: -(PROVIDER_SILENCE_DAYS + 1),
    expect: "ended",
  },
  // Offline ones renew by an order (issued here, as late as the payable time allows): active
  // through the grace while it waits, past due after it, ended past the payable time.
  offlineInGrace: { provider: "offline", status: "active", periodEnd: -1, expect: "active" },
  offlinePastGrace: { provider: "offline", status: "active", periodEnd: -4, expect: "past_due" },
  offlineAbandoned: {
    provider: "offline",
    status: "past_due",
    periodEnd: -(OFFLINE_RENEWAL_PAYABLE_DAYS + 1),
    expect: "ended",
  },
  offlineStopped: {
    provider: "offline",
    status: "active",
    periodEnd: -0.1,
    cancelAtPeriodEnd: true,
    expect: "ended",
  },
  manualPastGrace: { provider: "manual", status: "past_due", periodEnd: -10, expect: "ended" },
  cancelledOver: {
    provider: "paypal",
    status: "cancelled",
    periodEnd: -0.1,
    cancelAtPeriodEnd: true,
    expect: "ended",
  },
  cancelledRunning: {
    provider: "paypal",
    status: "cancelled",
    periodEnd: 1,
    cancelAtPeriodEnd: true,
    expect: "cancelled",
  },
  paidOff: {
    provider: "stripe",
    status: "active",
    periodEnd: -40,
    paymentsLeft: 0,
    expect: "active",
  },
  alreadyEnded: { provider: "stripe", status: "ended", periodEnd: -90, expect: "ended" },
};

describe.each(backends)("M8 the subscription sweep on %s", (backend) => {
  let db: TestDatabase;
  const ids = new Map<string, string>();
  let otherId = "";

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const account = await createAccount(db.database);
    const other = await createAccount(db.database);
    const buyer = await createUser(db.database);
    for (const { accountId } of [account, other])
      await createMember(db.database, { accountId, roleName: "student", user: buyer });
    const seed = (accountId: string, c: Omit<Case, "expect">): OrderSeed => ({
      accountId,
      userId: buyer.id,
      email: buyer.email,
      provider: c.provider,
      items: [{ title: "Studio", amount: 1900, billing: "subscription", interval: "month" }],
      createdAt: days(-60),
      subscription: {
        status: c.status,
        currentPeriodEnd: days(c.periodEnd),
        paymentsLeft: c.paymentsLeft ?? null,
        cancelAtPeriodEnd: c.cancelAtPeriodEnd ?? false,
      },
    });
    for (const [name, c] of Object.entries(cases)) {
      const { subscriptionId } = await createOrder(db.database, seed(account.accountId, c));
      ids.set(name, subscriptionId!);
    }
    // Another site's lapsed subscription: the sweep enters every account.
    otherId = (
      await createOrder(
        db.database,
        seed(other.accountId, { provider: "stripe", status: "active", periodEnd: -1 }),
      )
    ).subscriptionId!;
  });
  afterAll(() => db?.dispose());

  // The renewals' mails are asked for in the sweep's transaction; here they are only counted.
  const sent: { name: string; data: Record<string, unknown> }[] = [];
  const jobs: JobSender = {
    send: async (_tx, name, data) => {
      sent.push({ name, data });
    },
  };
  const renewalsOf = (id: string) =>
    db.database.owner.select().from(orders).where(eq(orders.renewalOf, id));

  const statusOf = async (id: string) => {
    const [row] = await db.database.owner
      .select({ status: subscriptions.status, cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd })
      .from(subscriptions)
      .where(eq(subscriptions.id, id));
    return row!;
  };

  test("M8 the sweep marks only lapsed subscriptions: past due, or ended after the grace, a cancel's period end or a month of a provider's silence", async () => {
    const result = await sweepLapsedSubscriptions({ database: db.database, jobs }, { now });
    for (const [name, c] of Object.entries(cases)) {
      expect((await statusOf(ids.get(name)!)).status, name).toBe(c.expect);
    }
    expect((await statusOf(otherId)).status).toBe("past_due");
    // An ended subscription is no longer "cancel at period end".
    expect(await statusOf(ids.get("cancelledOver")!)).toEqual({
      status: "ended",
      cancelAtPeriodEnd: false,
    });
    expect(result).toEqual({
      accounts: 2,
      renewals: 2,
      pastDue: 4,
      ended: 5,
      renewalsCancelled: 0,
    });
    // The offline ones still payable got their next period's order, mailed; the others none.
    for (const name of ["offlineInGrace", "offlinePastGrace"])
      expect(await renewalsOf(ids.get(name)!), name).toMatchObject([
        { status: "pending", provider: "offline", total: 1900 },
      ]);
    for (const name of ["offlineAbandoned", "offlineStopped", "manualPastGrace", "stripeLapsed"])
      expect(await renewalsOf(ids.get(name)!), name).toEqual([]);
    expect(sent.map((job) => job.name)).toEqual(["orders.renewal-due", "orders.renewal-due"]);
    // Run again (a retry, a second instance), it finds nothing left to do.
    expect(await sweepLapsedSubscriptions({ database: db.database, jobs }, { now })).toEqual({
      accounts: 0,
      renewals: 0,
      pastDue: 0,
      ended: 0,
      renewalsCancelled: 0,
    });
    expect(sent).toHaveLength(2);
  });
});

test("M8 lapsedStatus: nothing before the period's end or for a paid-off plan", () => {
  const sub = (over: Partial<Parameters<typeof lapsedStatus>[0]>) =>
    ({
      status: "active",
      provider: "stripe",
      currentPeriodEnd: days(-1),
      paymentsLeft: null,
      ...over,
    }) as Parameters<typeof lapsedStatus>[0];
  expect(lapsedStatus(sub({ currentPeriodEnd: null }), now)).toBeNull();
  expect(lapsedStatus(sub({ currentPeriodEnd: days(1) }), now)).toBeNull();
  expect(lapsedStatus(sub({ paymentsLeft: 0 }), now)).toBeNull();
  expect(lapsedStatus(sub({ paymentsLeft: 2 }), now)).toBe("past_due");
  expect(lapsedStatus(sub({ provider: "offline", currentPeriodEnd: days(-3) }), now)).toBe("ended");
});

test("C6 offline subscription lapsedStatus: a renewal waiting for its transfer keeps it active through the grace, past due after, ended past the payable time", () => {
  const sub = (over: Partial<Parameters<typeof lapsedStatus>[0]>) =>
    ({
      status: "active",
      provider: "offline",
      currentPeriodEnd: days(-1),
      paymentsLeft: null,
      cancelAtPeriodEnd: false,
      ...over,
    }) as Parameters<typeof lapsedStatus>[0];
  const waiting = { renewalPending: true };
  expect(lapsedStatus(sub({}), now, waiting)).toBeNull();
  expect(lapsedStatus(sub({ currentPeriodEnd: days(-2.9) }), now, waiting)).toBeNull();
  expect(lapsedStatus(sub({ currentPeriodEnd: days(-3) }), now, waiting)).toBe("past_due");
  expect(
    lapsedStatus(sub({ status: "past_due", currentPeriodEnd: days(-10) }), now, waiting),
  ).toBeNull();
  expect(
    lapsedStatus(sub({ currentPeriodEnd: days(-OFFLINE_RENEWAL_PAYABLE_DAYS) }), now, waiting),
  ).toBe("ended");
  // Asked to stop: over at the period's end, with nothing due.
  expect(lapsedStatus(sub({ cancelAtPeriodEnd: true, currentPeriodEnd: days(-0.1) }), now)).toBe(
    "ended",
  );
  expect(lapsedStatus(sub({ cancelAtPeriodEnd: true, currentPeriodEnd: days(1) }), now)).toBeNull();
});
