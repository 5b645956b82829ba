import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { expect, test } from "./support/test";
import { findAccountBySlug } from "../../app/features/accounts/queries.server";
import { members } from "../../app/features/members/tables.server";
import { sweepLapsedSubscriptions } from "../../app/features/orders/subscription-sweep.server";
import { orders } from "../../app/features/orders/tables.server";
import { paymentProviders } from "../../app/features/payments/tables.server";
import { openDatabase } from "../../app/platform/db/database.server";
import { seedDemo } from "../../scripts/demo-seed";
import { createOrder } from "../factories/orders";
import { expectNoSeriousAxeIssues, lookAt } from "./support/axe";
import { open } from "./support/page";
import { createSessions } from "./support/session";
import { projectRoot, startServer, tempDataDir, type RunningServer } from "./support/server";

// C6 offline subscriptions renew, in the browser (decision 033): Sam's monthly subscription paid
// by bank transfer ends in five days, so the sweep has issued its next period's order; Sam's
// orders show it pending, with the site's bank instructions and the date to pay by, and the
// manager confirms it from the shop's drawer like any bank transfer.
test.describe.configure({ mode: "serial" });

let server: RunningServer;
let dataDir: string;
let renewalNumber = 0;
const site = (p = "/") => `http://demo.localhost:${server.port}${p}`;
const sessions = createSessions(site);
const shots = process.env.ORDERS_SHOTS_DIR;
const day = 86_400_000;
const instructions = "Bank: Demo Bank\nIBAN: DE00 1234 5678 9000 00\nReference: your order number";

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = tempDataDir("offline-renewals");
  const database = await openDatabase({ kind: "pglite", dataDir });
  try {
    await database.migrate(path.join(projectRoot, "drizzle"));
    await seedDemo(database, { replace: false });
    const demo = await database.asApp((tx) => findAccountBySlug(tx, "demo"));
    const accountId = demo!.accountId;
    const [sam] = await database.forAccount(accountId, (tx) =>
      tx
        .select({ userId: members.userId, email: members.email })
        .from(members)
        .where(and(eq(members.accountId, accountId), eq(members.email, "student@demo.test"))),
    );
    await database.forAccount(accountId, (tx) =>
      tx
        .insert(paymentProviders)
        .values({ accountId, provider: "offline", enabled: true, instructions })
        .onConflictDoUpdate({
          target: [paymentProviders.accountId, paymentProviders.provider],
          set: { enabled: true, instructions },
        }),
    );
    const now = Date.now();
    const { subscriptionId } = await createOrder(database, {
      accountId,
      ...sam!,
      provider: "offline",
      items: [
        { title: "Studio membership", amount: 1900, billing: "subscription", interval: "month" },
      ],
      createdAt: new Date(now - 25 * day),
      subscription: { status: "active", currentPeriodEnd: new Date(now + 5 * day) },
    });
    // The hourly schedule's run; its mail is the queue's (checked in offline-renewals.api.test.ts).
    const result = await sweepLapsedSubscriptions(
      { database, jobs: { send: async () => {} } },
      { now: new Date(now) },
    );
    expect(result.renewals).toBeGreaterThanOrEqual(1);
    renewalNumber = await database.forAccount(accountId, async (tx) => {
      const [row] = await tx
        .select({ number: orders.number })
        .from(orders)
        .where(and(eq(orders.accountId, accountId), eq(orders.renewalOf, subscriptionId!)));
      return row!.number;
    });
  } finally {
    await database.close();
  }
  server = await startServer({ dataDir, env: { SEED_DEMO: "false" } });
});

test.afterAll(async () => {
  if (server) expect(await server.stop()).toBe(0);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test("C6 offline subscription: the member sees the next period's order pending with the bank instructions and the date to pay by", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await sessions.use(page, "student@demo.test");
  await page.addInitScript(() => localStorage.setItem("tour_step", "done"));
  await open(page, site("/dashboard/orders"));
  const card = page.getByTestId("member-order").filter({ hasText: `Order #${renewalNumber}` });
  await expect(card).toContainText("Renewal ·");
  await expect(card).toContainText("Pending");
  await expect(card).toContainText("$19.00");
  const box = card.getByTestId("order-instructions");
  await expect(box).toContainText(/Pay by bank transfer by \w+ \d+, \d{4}/);
  await expect(box).toContainText("IBAN: DE00 1234 5678 9000 00");
  await expectNoSeriousAxeIssues(page, "main");
  await lookAt(page, shots, "offline-renewal-member");
});

test("C6 offline subscription: the manager confirms the renewal's transfer from the shop, and the member's order is paid", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await sessions.use(page, "owner@demo.test");
  await page.addInitScript(() => localStorage.setItem("tour_step", "done"));
  await open(page, site("/dashboard/orders"));
  await page.getByRole("button", { name: `Open order #${renewalNumber}` }).click();
  const drawer = page.getByRole("dialog", { name: `Order #${renewalNumber}` });
  await expect(drawer).toContainText("Studio membership");
  await expect(drawer).toContainText("Sam Student");
  await drawer.getByRole("button", { name: "Confirm payment" }).click();
  const confirm = page.getByRole("dialog", {
    name: `Confirm the payment of order #${renewalNumber}?`,
  });
  await confirm.getByRole("button", { name: "Confirm payment" }).click();
  await expect(drawer.getByTestId("order-history")).toContainText("Pending → Paid");
  await lookAt(page, shots, "offline-renewal-confirmed");

  await sessions.use(page, "student@demo.test");
  await open(page, site("/dashboard/orders"));
  const card = page.getByTestId("member-order").filter({ hasText: `Order #${renewalNumber}` });
  await expect(card).not.toContainText("Pending");
  await expect(card.getByTestId("order-instructions")).toHaveCount(0);
});
