import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import type { Locator } from "@playwright/test";
import { expect, test } from "./support/test";
import { findAccountBySlug } from "../../app/features/accounts/queries.server";
import { members } from "../../app/features/members/tables.server";
import { openDatabase } from "../../app/platform/db/database.server";
import { seedDemo } from "../../scripts/demo-seed";
import { createGrantingProduct, createOrder, createOrders } from "../factories/orders";
import { expectNoSeriousAxeIssues, lookAt } from "./support/axe";
import { open } from "./support/page";
import { createSessions } from "./support/session";
import { projectRoot, startServer, tempDataDir, type RunningServer } from "./support/server";

// Issue 16 scope 6 in the browser, on a server of this file's own: the demo (whose seed gives Pat
// 6 paid orders over the last five weeks, for its reports), with orders written by the orders
// factory — Sam's (a paid one with a coupon, a monthly subscription, a bank transfer waiting),
// Pat's (a refunded one, an annual subscription) and 30 of Theo's over two months — and a
// published product a manager can record a manual order for.
test.describe.configure({ mode: "serial" });

let server: RunningServer;
let dataDir: string;
const numbers = {} as Record<"coupon" | "monthly" | "transfer", number>;
let transferId = "";
const site = (p = "/") => `http://demo.localhost:${server.port}${p}`;
const sessions = createSessions(site);
const shots = process.env.ORDERS_SHOTS_DIR;
const day = 86_400_000;

/** A dialog or drawer done with its opening transition (axe reads colours mid-fade wrongly). */
async function settled(dialog: Locator) {
  await expect(dialog).toHaveCSS("opacity", "1");
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = tempDataDir("orders-dashboard");
  const database = await openDatabase({ kind: "pglite", dataDir });
  try {
    await database.migrate(path.join(projectRoot, "drizzle"));
    await seedDemo(database, { replace: false });
    const demo = await database.asApp((tx) => findAccountBySlug(tx, "demo"));
    const accountId = demo!.accountId;
    const person = (email: string) =>
      database.forAccount(accountId, async (tx) => {
        const [row] = await tx
          .select({ userId: members.userId, email: members.email })
          .from(members)
          .where(and(eq(members.accountId, accountId), eq(members.email, email)));
        return row!;
      });
    const sam = await person("student@demo.test");
    const pat = await person("parent@demo.test");
    const theo = await person("teacher@demo.test");
    const now = Date.now();
    const at = (daysAgo: number) => new Date(now - daysAgo * day);
    numbers.coupon = (
      await createOrder(database, {
        accountId,
        ...sam,
        coupon: "SPRING20",
        discount: 1600,
        items: [
          { title: "Product design basics", amount: 5000 },
          { title: "Sketchbook", amount: 1500, quantity: 2 },
        ],
        createdAt: at(6),
      })
    ).order.number;
    numbers.monthly = (
      await createOrder(database, {
        accountId,
        ...sam,
        // Paid by bank transfer: its cancel asks no provider (the card's part, with Stripe's
        // fake: commerce-acceptance.spec.ts).
        provider: "offline",
        items: [
          { title: "Studio membership", amount: 1900, billing: "subscription", interval: "month" },
        ],
        createdAt: at(12),
        subscription: { status: "active", currentPeriodEnd: at(-18) },
      })
    ).order.number;
    await createOrder(database, {
      accountId,
      ...pat,
      status: "refunded",
      provider: "paypal",
      items: [{ title: "Colour theory", amount: 3900 }],
      createdAt: at(20),
      closedAt: at(15),
    });
    await createOrder(database, {
      accountId,
      ...pat,
      items: [
        {
          title: "Studio membership (annual)",
          amount: 19_000,
          billing: "subscription",
          interval: "year",
        },
      ],
      createdAt: at(40),
      subscription: { status: "active", currentPeriodEnd: at(-325) },
    });
    await createOrders(
      database,
      accountId,
      Array.from({ length: 30 }, (_, i) => ({
        accountId,
        ...theo,
        items: [{ title: `Workshop ticket ${i + 1}`, amount: 1000 + (i % 4) * 500 }],
        createdAt: at(60 - i * 2),
      })),
    );
    const transfer = await createOrder(database, {
      accountId,
      ...sam,
      status: "pending",
      provider: "offline",
      items: [{ title: "Portfolio review", amount: 4500 }],
      createdAt: at(1),
    });
    numbers.transfer = transfer.order.number;
    transferId = transfer.order.id;
    await createGrantingProduct(database, { accountId, title: "Figure drawing", amount: 2500 });
  } finally {
    await database.close();
  }
  server = await startServer({ dataDir, env: { SEED_DEMO: "false" } });
});

test.afterAll(async () => {
  if (server) expect(await server.stop()).toBe(0);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test("scope 6 a member sees their orders with invoices and cancels a subscription at period end", async ({
  page,
}) => {
  await sessions.use(page, "student@demo.test");
  await page.addInitScript(() => localStorage.setItem("tour_step", "done"));
  await open(page, site("/dashboard/orders"));
  await expect(page.getByRole("heading", { name: "Your orders" })).toBeVisible();
  const cards = page.getByTestId("member-order");
  await expect(cards).toHaveCount(3);
  const couponCard = cards.filter({ hasText: `Order #${numbers.coupon}` });
  await expect(couponCard).toContainText("Sketchbook × 2");
  await expect(couponCard).toContainText("Discount (SPRING20)");
  await expect(couponCard.getByTestId("order-total")).toHaveText("$64.00");
  await expect(couponCard).toContainText("Completed");
  await expect(cards.filter({ hasText: `Order #${numbers.transfer}` })).toContainText("Pending");
  const rows = page.getByTestId("subscription-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Studio membership");
  await expect(rows.first()).toContainText("$19.00 a month");
  await expect(rows.first()).toContainText(/Renews on/);
  // A bank transfer has no card to change.
  await expect(page.getByRole("button", { name: "Change card" })).toHaveCount(0);
  await expectNoSeriousAxeIssues(page, "main");
  await lookAt(page, shots, "member-orders");

  const download = page.waitForEvent("download");
  await couponCard
    .getByRole("link", { name: `Download the invoice of order #${numbers.coupon} (PDF)` })
    .click();
  const pdf = fs.readFileSync((await (await download).path())!);
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  if (shots) fs.writeFileSync(`${shots}/invoice.pdf`, pdf);

  await rows.first().getByRole("button", { name: "Cancel at period end" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel this subscription?" });
  await expect(dialog).toContainText("Studio membership stays active until");
  await settled(dialog);
  await expectNoSeriousAxeIssues(page);
  await dialog.getByRole("button", { name: "Cancel at period end" }).click();
  await expect(dialog).toBeHidden();
  await expect(rows.first()).toContainText("Ends at period end");
  await expect(rows.first()).toContainText(/Ends on/);
});

test("scope 6 a manager searches and filters the shop's orders, opens one and confirms its bank transfer", async ({
  page,
}) => {
  await sessions.use(page, "owner@demo.test");
  await page.addInitScript(() => localStorage.setItem("tour_step", "done"));
  await open(page, site("/dashboard/orders"));
  const table = page.getByTestId("orders-table");
  await expect(page.getByTestId("list-total")).toHaveText("Orders: 41");
  await expect(table.getByTestId("order-row")).toHaveCount(25);
  await expect(table.getByTestId("order-row").first()).toContainText(`#${numbers.transfer}`);
  await expectNoSeriousAxeIssues(page, "main");
  await lookAt(page, shots, "shop-orders");

  await page.getByRole("button", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(table.getByTestId("order-row")).toHaveCount(16);

  await page.getByRole("searchbox", { name: "Search by number, e-mail or name" }).fill("Sam");
  await expect(page.getByTestId("list-total")).toHaveText("Orders: 3");
  await page.getByRole("searchbox", { name: "Search by number, e-mail or name" }).fill("");
  await expect(page.getByTestId("list-total")).toHaveText("Orders: 41");
  await page.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Refunded" }).click();
  await expect(page).toHaveURL(/status=refunded/);
  await expect(page.getByTestId("list-total")).toHaveText("Orders: 1");
  await expect(table).toContainText("Pat Parent");
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page.getByTestId("list-total")).toHaveText("Orders: 41");

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const csv = fs.readFileSync((await (await download).path())!, "utf8");
  const lines = csv
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines).toHaveLength(42);
  expect(lines[0]).toMatch(/^number,created_at,status,provider,name,email,items/);
  expect(csv).toContain("Sketchbook × 2,USD,80.00,16.00,64.00,0.00,SPRING20");

  await page.getByRole("button", { name: `Open order #${numbers.transfer}` }).click();
  const drawer = page.getByRole("dialog", { name: `Order #${numbers.transfer}` });
  await expect(drawer).toContainText("Portfolio review");
  await expect(drawer).toContainText("Sam Student");
  await expect(drawer.getByTestId("order-history")).toContainText("Placed (Pending)");
  await settled(drawer);
  await expectNoSeriousAxeIssues(page);
  await lookAt(page, shots, "order-drawer");
  await drawer.getByRole("button", { name: "Confirm payment" }).click();
  const confirm = page.getByRole("dialog", {
    name: `Confirm the payment of order #${numbers.transfer}?`,
  });
  await confirm.getByRole("button", { name: "Confirm payment" }).click();
  await expect(drawer.getByTestId("order-outcome")).toHaveText("The order was updated.");
  await expect(drawer.getByTestId("order-history")).toContainText("Pending → Paid");
  await expect(drawer.getByRole("button", { name: "Refund" })).toBeVisible();
  await drawer.getByRole("button", { name: "Close" }).first().click();
  await expect(page).not.toHaveURL(/order=/);
});

test("C6 a manager refunds part of an order in its drawer, then the rest", async ({ page }) => {
  await sessions.use(page, "owner@demo.test");
  await page.addInitScript(() => localStorage.setItem("tour_step", "done"));
  // The bank transfer confirmed above: paid 45.00 (no provider to call).
  await open(page, site("/dashboard/orders"));
  await page.getByRole("button", { name: `Open order #${numbers.transfer}` }).click();
  const drawer = page.getByRole("dialog", { name: `Order #${numbers.transfer}` });
  await drawer.getByRole("button", { name: "Refund" }).click();
  const ask = page.getByRole("dialog", { name: `Refund order #${numbers.transfer}?` });
  const amount = ask.getByRole("textbox", { name: "Amount to refund" });
  // What is left, in the order's currency with its digits.
  await expect(amount).toHaveValue("45.00");
  await expect(ask).toContainText("Up to $45.00 of the $45.00 charged.");
  await amount.fill("46");
  await expect(ask).toContainText("Enter an amount above zero and no more than $45.00.");
  await expect(ask.getByRole("button", { name: "Refund" })).toBeDisabled();
  await amount.fill("15");
  await expect(ask).toContainText("The order keeps its status");
  await settled(ask);
  await expectNoSeriousAxeIssues(page);
  await lookAt(page, shots, "order-refund-part-ask");
  await ask.getByRole("button", { name: "Refund $15.00" }).click();
  await expect(ask).toBeHidden();
  await expect(drawer.getByTestId("order-outcome")).toHaveText("The order was updated.");
  await expect(drawer.getByTestId("order-refunded")).toHaveText("−$15.00");
  await expect(drawer).toContainText("Left to refund");
  await expect(drawer.getByTestId("order-history")).toContainText("Refunded $15.00");
  await expect(drawer.locator("[data-status]").first()).not.toHaveAttribute(
    "data-status",
    "refunded",
  );
  await expectNoSeriousAxeIssues(page);
  await lookAt(page, shots, "order-refund-part");

  // The buyer's page of the order and their orders say what went back (the order keeps its
  // status and access).
  const buyerContext = await page.context().browser()!.newContext();
  const sam = await buyerContext.newPage();
  await sessions.use(sam, "student@demo.test");
  await open(sam, site(`/thankyou?order=${transferId}`));
  await expect(sam.getByTestId("order-partly-refunded")).toHaveText("Partly refunded");
  await expect(sam.getByTestId("order-refunded")).toHaveText("−$15.00");
  await expect(sam.getByTestId("order-status")).not.toHaveText("Refunded");
  await expectNoSeriousAxeIssues(sam);
  await lookAt(sam, shots, "thankyou-refund-part");
  await open(sam, site("/dashboard/orders"));
  const card = sam.getByTestId("member-order").filter({ hasText: `Order #${numbers.transfer}` });
  await expect(card.getByTestId("order-partly-refunded")).toBeVisible();
  await expect(card).toContainText("Refunded: $15.00");
  await buyerContext.close();

  // The rest: the amount offered is what is left.
  await drawer.getByRole("button", { name: "Refund" }).click();
  await expect(amount).toHaveValue("30.00");
  await ask.getByRole("button", { name: "Refund $30.00" }).click();
  await expect(drawer.locator("[data-status]").first()).toHaveAttribute("data-status", "refunded");
  await expect(drawer.getByTestId("order-refunded")).toHaveText("−$45.00");
  await expect(drawer.getByTestId("order-history")).toContainText("→ Refunded");
  await expect(drawer.getByRole("button", { name: "Refund" })).toHaveCount(0);
});

test("scope 6 a manager reads the customers, the subscriptions and the revenue with MRR", async ({
  page,
}) => {
  await sessions.use(page, "owner@demo.test");
  await page.addInitScript(() => localStorage.setItem("tour_step", "done"));
  await open(page, site("/dashboard/orders"));
  await page.getByRole("tab", { name: "Customers" }).click();
  await expect(page).toHaveURL(/tab=customers/);
  const customers = page.getByTestId("customers-table");
  await expect(customers.getByTestId("customer-row")).toHaveCount(3);
  await expect(
    customers.getByTestId("customer-row").filter({ hasText: "Theo Teacher" }),
  ).toContainText("30");
  await expectNoSeriousAxeIssues(page, "main");
  await lookAt(page, shots, "shop-customers");

  await page.getByRole("tab", { name: "Subscriptions" }).click();
  await expect(page).toHaveURL(/tab=subscriptions/);
  await expect(page.getByTestId("subscription-row")).toHaveCount(2);
  await expect(page.getByTestId("subscriptions-table")).toContainText("Pat Parent");
  await expectNoSeriousAxeIssues(page, "main");
  await lookAt(page, shots, "shop-subscriptions");

  await page.getByRole("tab", { name: "Revenue" }).click();
  await expect(page).toHaveURL(/tab=revenue/);
  // Monthly 19.00 (cancelled at period end, still active) + annual 190.00 / 12 = 34.83.
  await expect(page.getByTestId("revenue-mrr")).toHaveText("$34.83");
  await expect(page.locator(".recharts-surface")).toHaveCount(2);
  await expect(page.getByRole("heading", { name: "Revenue per day" })).toBeVisible();
  await expectNoSeriousAxeIssues(page, "main");
  await lookAt(page, shots, "shop-revenue");
  await page.locator("label", { hasText: /^90 days$/ }).click();
  await expect(page).toHaveURL(/period=90d/);
  await expect(page.getByTestId("revenue-orders")).not.toHaveText("0");
});

test("scope 6 a manager records a manual order for a member", async ({ page }) => {
  await sessions.use(page, "owner@demo.test");
  await page.addInitScript(() => localStorage.setItem("tour_step", "done"));
  await open(page, site("/dashboard/orders"));
  await page.getByRole("button", { name: "Record manual order" }).click();
  const form = page.getByRole("dialog", { name: "Record a manual order" });
  await form.getByRole("textbox", { name: "Member's e-mail" }).fill("parent@demo.test");
  await form.getByLabel("Products").click();
  await page.getByRole("option", { name: "Figure drawing" }).click();
  // Clicking elsewhere in the form closes the list.
  await form.getByRole("textbox", { name: "Member's e-mail" }).click();
  await expect(page.getByRole("option", { name: "Figure drawing" })).toBeHidden();
  await settled(form);
  await expectNoSeriousAxeIssues(page);
  await form.getByRole("button", { name: "Record order" }).click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId("list-total")).toHaveText("Orders: 42");
  await expect(page.getByTestId("order-row").first()).toContainText("Manual");
});
