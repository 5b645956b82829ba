// Issue 16's bench: checkouts per second to a paid order, on the built server with the demo, on
// PGlite and (BENCH_DATABASE_URL or TEST_DATABASE_URL) PostgreSQL. BENCH_CHECKOUT_BUYERS (16)
// signed-in buyers, each in a closed loop: POST /api/checkout (the demo course's product in USD,
// Stripe) → the buyer pays the session at the in-process Stripe fake, which sends its signed
// webhook to the site (and sends it again on a non-2xx answer, as Stripe does) → GET
// /api/orders/:id until it says paid or fulfilled (the first look 200 ms after the webhook was
// answered, then every 50 ms; /thankyou looks every second). Beside it, in the same run, the
// same buyers reading their order (GET /api/orders/:id) in a closed loop: the peer. Setup is what
// a browser does (the owner enables Stripe and makes the product; buyers sign up by the mailed
// link and sign in). Plain Node: no app code, so run.ts imports it as it is. Figures only.
import { randomUUID } from "node:crypto";
import { startFakeStripe, type FakeStripe } from "../tests/fakes/fake-stripe.ts";
import { startMailCatcher } from "../tests/e2e/support/mail-catcher.ts";
import {
  Browser,
  openShop,
  redeliveringSender,
  signUpBuyer,
  sleep,
  type Shop,
} from "../tests/e2e/support/shop.ts";
import { ms, percentile, ratio, type Figure, type Print } from "./report.ts";
import { postgresAdminUrl, scratchPostgres, startBenchServer } from "./server.ts";

const buyerCount = Number(process.env.BENCH_CHECKOUT_BUYERS ?? 16);
const FIRST_LOOK_MS = 200;
const LOOK_EVERY_MS = 50;

type Run = {
  orders: number;
  seconds: number;
  checkoutMs: number[];
  paidMs: number[];
  refusals: Map<number, number>;
};

const rate = (run: { orders: number; seconds: number }) => run.orders / run.seconds;

const newRun = (): Run => ({
  orders: 0,
  seconds: 0,
  checkoutMs: [],
  paidMs: [],
  refusals: new Map(),
});

/** One order: checkout → paid at the fake → read until paid. Its id, or null if refused. */
async function buyOne(buyer: Browser, shop: Shop, stripe: FakeStripe, run: Run) {
  const began = performance.now();
  const reply = await buyer.post("/api/checkout", {
    lines: [{ id: shop.productId, priceId: shop.priceId, quantity: 1 }],
    currency: "USD",
    provider: "stripe",
    checkoutKey: randomUUID(),
  });
  run.checkoutMs.push(reply.ms);
  if (reply.status !== 200) {
    run.refusals.set(reply.status, (run.refusals.get(reply.status) ?? 0) + 1);
    await sleep(100);
    return null;
  }
  const placed = JSON.parse(reply.body) as {
    order: { id: string };
    start: { providerRef: string };
  };
  await stripe.pay(placed.start.providerRef);
  await sleep(FIRST_LOOK_MS);
  for (;;) {
    const view = await buyer.get(`/api/orders/${placed.order.id}`);
    const order = view.status === 200 ? (JSON.parse(view.body) as { status: string }) : null;
    if (order?.status === "paid" || order?.status === "fulfilled") break;
    await sleep(LOOK_EVERY_MS);
  }
  run.paidMs.push(performance.now() - began);
  run.orders++;
  return placed.order.id;
}

/** Every buyer in a loop of orders for `seconds` (the last ones finish after). */
async function checkoutLoad(buyers: Browser[], shop: Shop, stripe: FakeStripe, seconds: number) {
  const run = newRun();
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    buyers.map(async (buyer) => {
      while (performance.now() < until) await buyOne(buyer, shop, stripe, run);
    }),
  );
  run.seconds = (performance.now() - started) / 1000;
  return run;
}

/** The peer: each buyer reading one of their orders in a loop, signed in. */
async function readLoad(buyers: Browser[], orderIds: string[], seconds: number) {
  const times: number[] = [];
  let bad = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    buyers.map(async (buyer, i) => {
      while (performance.now() < until) {
        const reply = await buyer.get(`/api/orders/${orderIds[i]}`);
        times.push(reply.ms);
        if (reply.status !== 200) bad++;
      }
    }),
  );
  return { orders: times.length, seconds: (performance.now() - started) / 1000, times, bad };
}

async function benchBackend(
  label: string,
  env: Record<string, string>,
  { seconds, print }: { seconds: number; print: Print },
): Promise<Figure[]> {
  const stripe = await startFakeStripe();
  let stopped = false;
  const delivery = redeliveringSender(stripe.webhookSecret, { stopped: () => stopped });
  stripe.webhooks.setSender(delivery.sender);
  const mail = await startMailCatcher();
  const server = await startBenchServer({
    ...env,
    SEED_DEMO: "true",
    STRIPE_API_BASE: stripe.url,
    SMTP_URL: mail.url,
  }).catch(async (error: unknown) => {
    await Promise.all([stripe.close(), mail.close()]);
    throw error;
  });
  try {
    const setupBegan = performance.now();
    const shop = await openShop(new Browser(server.port, "127.31.0.1"), {
      slug: "bench-course-pass",
      coupon: "BENCH20",
    });
    const buyers: Browser[] = [];
    for (let i = 0; i < buyerCount; i++) {
      const browser = new Browser(server.port, `127.31.1.${i + 1}`);
      const email = `bench-buyer-${Date.now().toString(36)}-${i}@example.test`;
      await signUpBuyer(browser, mail, { email, name: `Bench Buyer ${i}` });
      buyers.push(browser);
    }
    // Warm-up (not measured): one paid order each, which the peer then reads.
    const warm = newRun();
    const orderIds: string[] = [];
    for (const buyer of buyers) {
      const id = await buyOne(buyer, shop, stripe, warm);
      if (!id) throw new Error(`bench: a warm-up checkout was refused (${[...warm.refusals]})`);
      orderIds.push(id);
    }
    console.log(
      `\ncheckout (${label}): demo shop and ${buyers.length} buyers set up in ${((performance.now() - setupBegan) / 1000).toFixed(1)} s`,
    );

    const load = await checkoutLoad(buyers, shop, stripe, seconds);
    const peer = await readLoad(buyers, orderIds, seconds);
    const loadRate = rate(load);
    const peerRate = rate(peer);
    const refused = [...load.refusals].map(([status, n]) => `${n} × ${status}`).join(", ");
    print(
      `Checkout to a paid order, ${label}: ${buyers.length} buyers in closed loops for ${seconds} s (Stripe fake, webhooks over HTTP)`,
      [
        ["what", "count", "per s", "p50", "p95", "max", "refused"],
        [
          "POST /api/checkout",
          String(load.checkoutMs.length),
          (load.checkoutMs.length / load.seconds).toFixed(1),
          ...[50, 95, 100].map((p) => ms(percentile(load.checkoutMs, p))),
          refused || "0",
        ],
        [
          "checkout → paid (order)",
          String(load.orders),
          loadRate.toFixed(1),
          ...[50, 95, 100].map((p) => ms(percentile(load.paidMs, p))),
          "",
        ],
        [
          "GET /api/orders/:id (peer)",
          String(peer.orders),
          peerRate.toFixed(1),
          ...[50, 95, 100].map((p) => ms(percentile(peer.times, p))),
          String(peer.bad),
        ],
      ],
    );
    console.log(
      `  webhooks: ${stripe.webhooks.deliveries.length} sent, ${delivery.counts.attempts} attempts ` +
        `(${delivery.counts.refused} refused, ${delivery.counts.unreachable} unreachable)`,
    );
    return [
      {
        figure: `checkouts to a paid order, ${buyers.length} buyers (${label})`,
        measured:
          `${loadRate.toFixed(1)} orders/s; checkout p50 ${ms(percentile(load.checkoutMs, 50))}, ` +
          `p95 ${ms(percentile(load.checkoutMs, 95))}; paid p50 ${ms(percentile(load.paidMs, 50))}, ` +
          `p95 ${ms(percentile(load.paidMs, 95))}`,
        goal: "none set (issue 16)",
        peer: `GET /api/orders/:id ${peerRate.toFixed(0)} req/s → ${ratio(loadRate / peerRate)}`,
        met: null,
      },
    ];
  } finally {
    stopped = true;
    await server.dispose();
    await Promise.all([stripe.close(), mail.close()]);
  }
}

export async function benchCheckout({
  seconds,
  print,
}: {
  seconds: number;
  print: Print;
}): Promise<Figure[]> {
  const figures = await benchBackend("PGlite", {}, { seconds, print });
  const adminUrl = postgresAdminUrl();
  if (!adminUrl) {
    figures.push({
      figure: "checkouts to a paid order (PostgreSQL)",
      measured: "n/a (no BENCH_DATABASE_URL or TEST_DATABASE_URL)",
      goal: "none set (issue 16)",
      met: null,
    });
    return figures;
  }
  const database = await scratchPostgres(adminUrl);
  try {
    figures.push(...(await benchBackend("PostgreSQL", database.env, { seconds, print })));
  } finally {
    await database.drop();
  }
  return figures;
}
