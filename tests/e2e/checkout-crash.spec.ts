// Issue 16's crash bar: checkouts under load while the built server is killed with SIGKILL at
// random moments, ROUNDS rounds on PGlite and on PostgreSQL, then the data is read with the server
// gone: 0 lost paid orders, 0 duplicated orders, 0 double coupon counts, access for every paid
// order. Buyers are browsers (their own loopback address, a cookie jar) on demo.localhost; Stripe
// is the in-process fake, which redelivers its webhooks until the site answers 2xx, as Stripe
// does; a checkout that got no answer is sent again, later, with the same checkout key.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import { startFakeStripe } from "../fakes/fake-stripe";
import { startMailCatcher } from "./support/mail-catcher";
import { killHard, startServer, tempDataDir, type RunningServer } from "./support/server";
import {
  Browser,
  openShop,
  redeliveringSender,
  signUpBuyer,
  sleep,
  type Shop,
} from "./support/shop";
import { expect, test } from "./support/test";
import { freePort } from "../support/free-port";

// One backend at a time: each is a whole server under load.
test.describe.configure({ mode: "default" });

/**
 * 6 rounds in the suite; `CHECKOUT_CRASH_ROUNDS=100` runs issue 16's full bar. A round is one
 * server start and one kill (3.5 s on a quiet machine, 13 s on CI's busy one): 100 on each
 * database ran past 15 min in a dry run (decision 046), and the crash specs run alone at the
 * end of the journeys, so each round is CI's wall time (decision 056).
 */
const ROUNDS = Number(process.env.CHECKOUT_CRASH_ROUNDS ?? 6);
const BUYERS = 6;
/** After the round's first answered checkout, the kill comes within this many milliseconds. */
const LOAD_WINDOW_MS = 600;
/**
 * After the last start, how long paid orders may show no progress before they are counted: a
 * job cut short by a kill is retried once its heartbeat is 10 s stale, at the job queue's next
 * supervision (once a minute), after its retry delay.
 */
const RECOVERY_STALL_MS = 120_000;
const run = Date.now().toString(36);

type Attempt = {
  key: string;
  buyer: number;
  coupon: boolean;
  /** Requests sent with this key, and those that got no answer (kill, reset). */
  sent: number;
  unanswered: number;
  orderId?: string;
  session?: string;
  /** Paid at Stripe's fake (the session is complete there). */
  paid: boolean;
};
type Buyer = { index: number; email: string; browser: Browser; pending?: Attempt };
type OrderRow = {
  id: string;
  checkout_key: string;
  provider_ref: string | null;
  status: string;
  coupon_id: string | null;
};
type Counts = { usage_count: number; redemptions: number; counted: number };
type AccessRow = { order_id: string; status: string | null; source: string | null };

function backends() {
  return ["pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])] as const;
}

/** A port free now, kept for every start: the fake's webhooks go to the success URL's origin. */
const ordersQuery = (run: string) => `
  select o.id, o.checkout_key, o.provider_ref, o.status, o.coupon_id
  from orders o join users u on u.id = o.user_id
  where u.email like 'c5crash-${run}-%'`;
const couponQuery = (name: string) => `
  select c.usage_count,
         (select count(*)::int from coupon_redemptions r
          where r.account_id = c.account_id and r.coupon_id = c.id
            and r.status = 'used') as redemptions,
         (select count(*)::int from orders o
          where o.account_id = c.account_id and o.coupon_id = c.id
            and o.status in ('paid', 'fulfilled', 'refunded')) as counted
  from coupons c join accounts a on a.account_id = c.account_id
  where a.slug = 'demo' and c.name = '${name}'`;
/** Every fulfilled order of the run, with its buyer's enrolment in each course it grants. */
const accessQuery = (run: string) => `
  select o.id as order_id, e.status, e.source
  from orders o
  join users u on u.id = o.user_id
  join order_items i on i.account_id = o.account_id and i.order_id = o.id
  join product_grants g on g.account_id = i.account_id and g.product_id = i.product_id
                       and g.target = 'course'
  left join enrolments e on e.account_id = o.account_id and e.course_id = g.target_id
                        and e.user_id = o.user_id
  where u.email like 'c5crash-${run}-%' and o.status = 'fulfilled'`;

/** Why an order of the run is not fulfilled (every one was paid): its events' and its jobs' states. */
const diagnosisQuery = (run: string) => `
  select o.provider_ref as session, o.status as order_status,
         (select string_agg(j.name || ' ' || j.state || ' since ' || to_char(j.started_on, 'HH24:MI:SS.MS')
                            || ' (tries ' || j.retry_count || ')', '; ')
          from pgboss.job j
          where (j.name = 'orders.fulfil' and j.data->>'orderId' = o.id::text)
             or (j.name = 'payments.event' and j.data->>'eventId' in
                  (select e.event_id from payment_events e
                   where e.account_id = o.account_id and e.provider_ref = o.provider_ref))) as jobs
  from orders o join users u on u.id = o.user_id
  where u.email like 'c5crash-${run}-%' and o.status <> 'fulfilled'`;

for (const backend of backends()) {
  test(`C5 kill -9 during checkouts loses no paid order and counts no coupon twice (${backend})`, async () => {
    // Recovery and the webhooks' redelivery after the rounds take up to a few minutes.
    test.setTimeout(300_000 + ROUNDS * 9_000);
    const began = performance.now();
    const port = await freePort();
    const dataDir = tempDataDir("checkout-crash");
    const mail = await startMailCatcher();
    let mailOpen = true;
    const stripe = await startFakeStripe();
    let finished = false;
    const delivery = redeliveringSender(stripe.webhookSecret, { stopped: () => finished });
    stripe.webhooks.setSender(delivery.sender);
    const admin =
      backend === "postgres"
        ? new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
        : undefined;
    const dbName = `lyceum_checkout_crash_${process.pid}_${Date.now()}`;
    const env: Record<string, string> = {
      PORT: String(port),
      SEED_DEMO: "true",
      STRIPE_API_BASE: stripe.url,
      LOG_LEVEL: "warn",
      // A fulfilment the killed server was running is found by its stopped heartbeat at the
      // next supervision (every 60 s by default; recovery on PostgreSQL waited 86 s for it):
      // every 2 s here, as in the other kill -9 journeys.
      JOBS_SUPERVISE_SECONDS: "2",
    };
    if (admin) {
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName}`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${dbName}`;
      env.DATABASE_URL = url.toString();
      env.AUTH_SECRET = "e2e-only-secret-checkout-crash-0123456789";
      // One process, as on PGlite: a cluster (a preparing child, then a worker per core) takes
      // two to four times as long to start, and starts are most of each round. Two workers
      // sharing the jobs are jobs-instances.test.ts's subject.
      env.WEB_CONCURRENCY = "1";
    }
    /**
     * The built server. A build being written by someone else (no bundle yet, or no demo seed
     * beside it) is waited for rather than failed on.
     */
    const start = async (extra: Record<string, string> = {}) => {
      for (let tries = 0; ; tries++) {
        try {
          return await startServer({ dataDir, env: { ...env, ...extra } });
        } catch (error) {
          const building = /No build found|ERR_MODULE_NOT_FOUND/.test(String(error));
          if (tries >= 40 || !building) throw error;
          await sleep(3000);
        }
      }
    };

    /** Rows of `sql` on the run's database, read or written while no server runs. */
    const onDatabase = async <Row extends Record<string, unknown>>(sql: string): Promise<Row[]> => {
      if (admin) {
        const client = new pg.Client({ connectionString: env.DATABASE_URL });
        await client.connect();
        try {
          return (await client.query<Row>(sql)).rows;
        } finally {
          await client.end();
        }
      }
      const db = await PGlite.create({ dataDir, extensions: { pg_trgm } });
      try {
        return (await db.query<Row>(sql)).rows;
      } finally {
        await db.close();
      }
    };

    const attempts: Attempt[] = [];
    const unexpected: string[] = [];
    let server: RunningServer | undefined;
    let startMs = 0;
    try {
      // Setup as browsers do it: the owner opens the shop, each buyer signs up (the link comes
      // by SMTP) and signs in. From then on mail (receipts) goes to the outbox: an SMTP session
      // cut by a kill is none of this test's business.
      server = await start({ SMTP_URL: mail.url });
      const shop: Shop = await openShop(new Browser(port, "127.30.0.1"));
      const buyers: Buyer[] = [];
      for (let index = 0; index < BUYERS; index++) {
        const browser = new Browser(port, `127.30.1.${index + 1}`);
        const email = `c5crash-${run}-${index}@example.test`;
        await signUpBuyer(browser, mail, { email, name: `Crash Buyer ${index}` });
        buyers.push({ index, email, browser });
      }
      expect(await server.stop("SIGTERM")).toBe(0);
      server = undefined;
      mailOpen = false;
      await mail.close();
      // The course is sold as a year's pass: a buyer who holds it may buy their next year at
      // once (decision 041; one held for good is not sold twice), so every buyer keeps buying.
      await onDatabase(
        `update courses set settings = settings || '{"accessDays": 365}'::jsonb
         where id = '${shop.courseId}'`,
      );
      const setupMs = performance.now() - began;

      const body = (attempt: Attempt) => ({
        lines: [{ id: shop.productId, priceId: shop.priceId, quantity: 1 }],
        coupon: attempt.coupon ? shop.coupon : null,
        currency: "USD",
        provider: "stripe",
        checkoutKey: attempt.key,
      });
      /**
       * One checkout: the buyer's unanswered one again (same key), else a new one. Answered → paid
       * at the fake at once (its webhook goes out, and is redelivered, on its own). Returns
       * whether it was answered; a refusal other than "busy" (503) is an error of the test.
       */
      const checkout = async (buyer: Buyer): Promise<boolean> => {
        const attempt: Attempt = buyer.pending ?? {
          key: randomUUID(),
          buyer: buyer.index,
          coupon: Math.random() < 0.5,
          sent: 0,
          unanswered: 0,
          paid: false,
        };
        if (!buyer.pending) attempts.push(attempt);
        buyer.pending = attempt;
        attempt.sent++;
        const reply = await buyer.browser.post("/api/checkout", body(attempt)).catch(() => null);
        if (!reply) {
          attempt.unanswered++;
          return false;
        }
        if (reply.status === 503) return false;
        if (reply.status !== 200) {
          unexpected.push(`checkout ${attempt.key}: ${reply.status} ${reply.body.slice(0, 200)}`);
          return false;
        }
        const placed = JSON.parse(reply.body) as {
          order: { id: string; status: string };
          start: { providerRef?: string | null } | null;
        };
        buyer.pending = undefined;
        attempt.orderId = placed.order.id;
        attempt.session = placed.start?.providerRef ?? undefined;
        if (placed.order.status !== "pending" || !attempt.session) {
          unexpected.push(`checkout ${attempt.key}: ${placed.order.status}, no session to pay`);
          return true;
        }
        attempt.paid = true;
        // The session is complete at the fake when pay() returns its promise; the webhook follows.
        stripe.pay(attempt.session).catch((error: Error) => unexpected.push(error.message));
        return true;
      };

      let answered = 0;
      let longestRoundMs = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const roundBegan = performance.now();
        if (!server) {
          const starting = performance.now();
          server = await start();
          startMs += performance.now() - starting;
        }
        let alive = true;
        let answeredNow = 0;
        const workers = buyers.map(async (buyer) => {
          while (alive && unexpected.length === 0) {
            if (await checkout(buyer)) {
              answered++;
              answeredNow++;
            } else if (alive) await sleep(50);
          }
        });
        // A random moment mid-stream: once checkouts are being answered (however loaded the
        // machine), with others, webhooks and jobs in flight.
        for (let waited = 0; answeredNow === 0 && waited < 30_000; waited += 20) await sleep(20);
        await sleep(Math.random() * LOAD_WINDOW_MS);
        alive = false;
        await killHard(server);
        server = undefined;
        await Promise.all(workers);
        longestRoundMs = Math.max(longestRoundMs, performance.now() - roundBegan);
        if (unexpected.length > 0) break;
      }
      const roundsMs = performance.now() - began - setupMs;

      // Recovery: one more start; the unanswered checkouts are sent again (same keys) and paid,
      // every webhook is delivered, and every paid order is followed until it is fulfilled.
      const recovering = performance.now();
      server = await start();
      for (const buyer of buyers) {
        for (let tries = 0; buyer.pending && tries < 100 && unexpected.length === 0; tries++) {
          if (!(await checkout(buyer))) await sleep(100);
        }
      }
      await stripe.webhooks.idle();
      const deliveredMs = performance.now() - recovering;
      const paid = attempts.filter((attempt) => attempt.paid);
      // Followed until all are fulfilled, or nothing has moved for RECOVERY_STALL_MS.
      let waiting = paid;
      let moved = performance.now();
      while (waiting.length > 0 && performance.now() - moved < RECOVERY_STALL_MS) {
        const still: Attempt[] = [];
        for (const attempt of waiting) {
          const buyer = buyers[attempt.buyer]!;
          const reply = await buyer.browser.get(`/api/orders/${attempt.orderId}`);
          const order =
            reply.status === 200 ? (JSON.parse(reply.body) as { status: string }) : null;
          if (order?.status !== "fulfilled") still.push(attempt);
        }
        if (still.length < waiting.length) moved = performance.now();
        waiting = still;
        if (waiting.length > 0) await sleep(500);
      }
      const recoveryMs = performance.now() - recovering;
      finished = true;
      expect(await server.stop("SIGTERM")).toBe(0);
      server = undefined;

      // The data, read with the server gone.
      const orders = await onDatabase<OrderRow>(ordersQuery(run));
      const coupon = await onDatabase<Counts>(couponQuery(shop.coupon));
      const access = await onDatabase<AccessRow>(accessQuery(run));
      const diagnosis = await onDatabase(diagnosisQuery(run));

      const byKey = Map.groupBy(orders, (order) => order.checkout_key);
      const bySession = Map.groupBy(
        orders.filter((order) => order.provider_ref),
        (order) => order.provider_ref!,
      );
      // Lost: a session the buyer paid without exactly one order for it, fulfilled.
      const lost = paid.filter((attempt) => {
        const found = bySession.get(attempt.session!) ?? [];
        return found.length !== 1 || found[0]!.status !== "fulfilled";
      });
      const duplicatedKeys = [...byKey.values()].filter((rows) => rows.length > 1);
      const duplicatedSessions = [...bySession.values()].filter((rows) => rows.length > 1);
      // Every checkout key sent was answered in the end: each has its one order.
      const keysWithoutOrder = attempts.filter((attempt) => !byKey.has(attempt.key));
      const wrongOrder = attempts.filter(
        (attempt) => attempt.orderId && byKey.get(attempt.key)?.[0]?.id !== attempt.orderId,
      );
      // The fake's own word: each of those sessions is complete (paid) there.
      const notPaidAtFake = paid.filter(
        (attempt) => stripe.object(attempt.session!)?.status !== "complete",
      );
      const [counts] = coupon;
      const paidWithCoupon = paid.filter((attempt) => attempt.coupon).length;
      const withoutAccess = access.filter(
        (row) => row.status !== "active" || row.source !== "purchase",
      );
      const fulfilled = orders.filter((order) => order.status === "fulfilled");
      const retried = attempts.filter((attempt) => attempt.sent > 1);
      const statuses = Object.entries(
        Object.groupBy(orders, (order) => order.status) as Record<string, OrderRow[]>,
      ).map(([status, rows]) => `${rows.length} ${status}`);
      const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      console.log(
        `${backend}: ${ROUNDS} rounds (${seconds(roundsMs)}, ${seconds(startMs)} of starts, ` +
          `longest round ${seconds(longestRoundMs)}; setup ${seconds(setupMs)}, recovery ` +
          `${seconds(recoveryMs)}, webhooks all delivered after ${seconds(deliveredMs)}); ${attempts.length} checkout keys, ${answered} answered in ` +
          `rounds, ${retried.length} sent again with their key ` +
          `(${attempts.reduce((n, a) => n + a.unanswered, 0)} requests unanswered); ` +
          `${paid.length} sessions paid at the fake (${paidWithCoupon} with the coupon); ` +
          `${stripe.webhooks.deliveries.length} webhooks, ${delivery.counts.attempts} delivery ` +
          `attempts (${delivery.counts.unreachable} unreachable, ${delivery.counts.refused} refused: ${[...delivery.statuses].map(([status, n]) => `${n} × ${status}`).join(", ") || "none"})`,
      );
      console.log(
        `${backend}: ${orders.length} orders (${statuses.join(", ")}); ${lost.length} lost paid ` +
          `orders, ${duplicatedKeys.length} keys and ${duplicatedSessions.length} sessions with ` +
          `two orders, ${keysWithoutOrder.length} keys without an order, ${wrongOrder.length} ` +
          `answered with another order; coupon: usage_count ${counts?.usage_count}, ` +
          `${counts?.redemptions} redemptions, ${counts?.counted} paid orders with it ` +
          `(${paidWithCoupon} paid at the fake); ${access.length} fulfilled order grants checked, ` +
          `${withoutAccess.length} without an active purchase enrolment`,
      );
      for (const row of diagnosis.slice(0, 10))
        console.log(`  not fulfilled: ${JSON.stringify(row)}`);
      for (const line of unexpected.slice(0, 10)) console.log(`  unexpected: ${line}`);

      expect(unexpected).toEqual([]);
      // Each check below would find what it is about: the load paid orders in every round.
      expect(paid.length).toBeGreaterThanOrEqual(ROUNDS);
      expect(notPaidAtFake).toEqual([]);
      expect(retried.length).toBeGreaterThan(0);
      expect(orders.length).toBe(attempts.length);
      expect(fulfilled.length).toBe(paid.length);
      expect(lost).toEqual([]);
      expect(duplicatedKeys).toEqual([]);
      expect(duplicatedSessions).toEqual([]);
      expect(keysWithoutOrder).toEqual([]);
      expect(wrongOrder).toEqual([]);
      expect(paidWithCoupon).toBeGreaterThan(0);
      expect(counts).toEqual({
        usage_count: paidWithCoupon,
        redemptions: paidWithCoupon,
        counted: paidWithCoupon,
      });
      expect(access.length).toBe(fulfilled.length);
      expect(withoutAccess).toEqual([]);
    } finally {
      finished = true;
      if (server) await killHard(server);
      await stripe.close();
      if (mailOpen) await mail.close();
      if (admin) {
        await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await admin.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
