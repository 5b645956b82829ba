// Issue 34 a funnel over HTTP, as a browser without script goes through it (decision 063): the
// first visit leaves the visitor's cookie and its UTM, the sales page's button leads on, the
// checkout's order carries the funnel and lands on the upsell, a "yes" adds the offer to the same
// bank-transfer order (once, whoever clicks twice), a "no" leads to the downsell, and the report
// counts it all; bad posts are refused with their code.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { orderItems } from "~/features/orders/tables.server";
import { productPrices, products } from "~/features/products/tables.server";
import { viewerWith } from "../../../tests/factories";
import { startCommerceRig, type CommerceRig } from "../../../tests/support/commerce-rig";
import { logicBackends } from "../../../tests/support/test-database";
import { commandFunnels, loadFunnel } from "./funnel-records.server";
import { funnelReport } from "./funnel-report.server";
import { FUNNEL_VISITOR_COOKIE } from "./funnel-visitor";

describe.each(logicBackends)("Issue 34 a funnel's journey on %s", (backend) => {
  let rig: CommerceRig;
  let funnelId = "";
  let workbookId = "";
  const owner = viewerWith({ id: "owner-journey", name: "Owner", email: "o@example.test" }, [
    "manage_options",
  ]);
  const command = (body: unknown) =>
    commandFunnels(rig.db.database, {
      accountId: rig.accountId,
      viewer: owner,
      body,
      lang: "en",
      limit: 0,
    });
  const steps = async () =>
    (await loadFunnel(rig.db.database, { accountId: rig.accountId, viewer: owner, id: funnelId }))
      .steps;

  beforeAll(async () => {
    rig = await startCommerceRig(backend, { pages: true });
    const made = await command({ intent: "createFunnel", name: "Masterclass" });
    funnelId = made.ok ? made.id : "";
    for (const kind of ["sales", "checkout", "upsell", "upsell"] as const)
      await command({ intent: "addStep", funnelId, kind });
    // optin, thankyou, sales, checkout, upsell, upsell-2 → sales, checkout, upsell, upsell-2, thankyou
    const [optin, thankyou] = await steps();
    await command({ intent: "deleteStep", id: optin!.id });
    for (let n = 0; n < 4; n++) await command({ intent: "moveStep", id: thankyou!.id, by: 1 });
    const [sales, checkout, upsell, downsell] = await steps();
    const { product, usd, gold } = rig.catalogue;
    // The upsell's offer: a workbook, paid once.
    workbookId = await rig.db.database.forAccount(rig.accountId, async (tx) => {
      const [workbook] = await tx
        .insert(products)
        .values({
          accountId: rig.accountId,
          title: "Workbook",
          slug: "workbook",
          kind: "download",
          status: "published",
        })
        .returning();
      await tx.insert(productPrices).values({
        accountId: rig.accountId,
        productId: workbook!.id,
        currency: "USD",
        amount: 1900,
      });
      return workbook!.id;
    });
    await command({
      intent: "saveStep",
      id: checkout!.id,
      step: {
        title: "Checkout",
        slug: "checkout",
        products: [{ productId: product.id, priceId: usd.id }],
        bump: { productId: gold.id, priceId: null, headline: "Add Gold" },
      },
    });
    await command({
      intent: "saveStep",
      id: upsell!.id,
      step: {
        title: "Upsell",
        slug: "upsell",
        offer: { productId: workbookId, priceId: null },
        declineStepId: downsell!.id,
      },
    });
    expect(sales!.kind).toBe("sales");
    await command({
      intent: "saveFunnel",
      id: funnelId,
      funnel: { name: "Masterclass", slug: "masterclass", status: "live" },
    });
  }, 120_000);
  afterAll(() => rig?.close());

  test("Issue 34 a visitor goes from the sales page through checkout to a one-click upsell on the same bank transfer", async () => {
    const buyer = await rig.signedIn("student");
    const first = await buyer.request("/f/masterclass?utm_source=youtube&utm_medium=video");
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe(
      "/f/masterclass/sales?utm_source=youtube&utm_medium=video",
    );
    expect(first.headers.get("set-cookie")).toMatch(
      /lyceum_fv=[0-9a-f-]{36}; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax/,
    );
    const visitor = buyer.jar.get(FUNNEL_VISITOR_COOKIE)!;
    const sales = await buyer.request("/f/masterclass/sales?utm_source=youtube&utm_medium=video");
    expect(sales.status).toBe(200);
    expect(sales.headers.get("cache-control")).toBe("no-store");
    const html = await sales.text();
    expect(html).toContain('data-testid="funnel-part-sales"');
    expect(html).toContain("Sales page");

    const next = await buyer.request("/f/masterclass/sales", {
      method: "POST",
      form: { intent: "next" },
    });
    expect(next.status).toBe(303);
    expect(next.headers.get("location")).toBe("/f/masterclass/checkout");
    const checkoutPage = await (await buyer.request("/f/masterclass/checkout")).text();
    expect(checkoutPage).toContain("Course pass");
    expect(checkoutPage).toContain("Add Gold");

    // The checkout names the step; the server checks it against the visitor's cookie.
    const stepId = (await steps())[1]!.id;
    const checkout = await buyer.post("/api/checkout", {
      lines: [{ id: rig.catalogue.product.id, priceId: rig.catalogue.usd.id, quantity: 1 }],
      provider: "offline",
      checkoutKey: crypto.randomUUID(),
      funnel: stepId,
    });
    expect(checkout.status, await checkout.clone().text()).toBe(200);
    const { order } = (await checkout.json()) as { order: { id: string } };
    expect(await rig.orderRow(order.id)).toMatchObject({
      funnel: { funnelId, stepId, visitor },
      total: 5000,
    });
    const upsellPage = await (
      await buyer.request(`/f/masterclass/upsell?order=${order.id}`)
    ).text();
    expect(upsellPage).toContain('data-testid="funnel-accept"');

    // Two clicks on "yes" (a double submit) add the offer once.
    const yes = () =>
      buyer.request("/f/masterclass/upsell", {
        method: "POST",
        form: { intent: "accept", order: order.id },
      });
    const answers = await Promise.all([yes(), yes()]);
    for (const answer of answers) {
      expect(answer.status).toBe(303);
      expect(answer.headers.get("location")).toBe(`/f/masterclass/thankyou?order=${order.id}`);
    }
    const row = await rig.orderRow(order.id);
    expect(row).toMatchObject({ total: 6900, subtotal: 6900, status: "pending" });
    expect(row.funnel?.upsells).toHaveLength(1);
    const lines = await rig.db.database.forAccount(rig.accountId, (tx) =>
      tx
        .select()
        .from(orderItems)
        .where(and(eq(orderItems.accountId, rig.accountId), eq(orderItems.orderId, order.id))),
    );
    expect(lines.map((line) => line.position)).toEqual([0, 1]);
    const thanks = await buyer.request(`/f/masterclass/thankyou?order=${order.id}`);
    expect(thanks.status).toBe(200);
    expect(await thanks.text()).toContain("IBAN DE00");

    // Paid by the owner: the report counts the visits, the order and the upsell.
    expect((await rig.owner.post(`/api/orders/${order.id}/confirm`, {})).status).toBe(200);
    await rig.settle();
    const report = await funnelReport(rig.db.database, {
      accountId: rig.accountId,
      viewer: owner,
      funnelId,
      currency: "USD",
    });
    expect(
      report.steps.map((step) => [step.kind, step.visitors, step.conversions, step.revenue]),
    ).toEqual([
      ["sales", 1, 1, 0],
      ["checkout", 1, 1, 5000],
      ["upsell", 1, 1, 1900],
      ["upsell", 0, 0, 0],
      ["thankyou", 1, 0, 0],
    ]);
    expect(report.bySource).toEqual([
      { source: "youtube", visitors: 1, conversions: 1, revenue: 6900 },
    ]);
  });

  test("Issue 34 an upsell's no leads to its downsell; someone else's order is not theirs to add to", async () => {
    const buyer = await rig.signedIn("student");
    await buyer.request("/f/masterclass/checkout");
    const stepId = (await steps())[1]!.id;
    const placed = await buyer.post("/api/checkout", {
      lines: [{ id: rig.catalogue.product.id, priceId: rig.catalogue.usd.id, quantity: 1 }],
      provider: "offline",
      checkoutKey: crypto.randomUUID(),
      funnel: stepId,
    });
    const { order } = (await placed.json()) as { order: { id: string } };
    const no = await buyer.request("/f/masterclass/upsell", {
      method: "POST",
      form: { intent: "decline", order: order.id },
    });
    expect(no.headers.get("location")).toBe(`/f/masterclass/upsell-2?order=${order.id}`);
    const stranger = await rig.signedIn("student");
    const theirs = await stranger.request("/f/masterclass/upsell", {
      method: "POST",
      form: { intent: "accept", order: order.id },
    });
    expect(theirs.status).toBe(404);
    expect((await rig.orderRow(order.id)).total).toBe(5000);
  });

  test("Issue 34 paid by card, the upsell's yes charges the card Stripe kept — no card entered again; a card that needs its holder goes to Stripe's page", async () => {
    const stepId = (await steps())[1]!.id;
    async function paidByCard({ settled = true } = {}) {
      const buyer = await rig.signedIn("student");
      await buyer.request("/f/masterclass/checkout");
      const placed = await buyer.post("/api/checkout", {
        lines: [{ id: rig.catalogue.product.id, priceId: rig.catalogue.usd.id, quantity: 1 }],
        provider: "stripe",
        checkoutKey: crypto.randomUUID(),
        funnel: stepId,
      });
      expect(placed.status, await placed.clone().text()).toBe(200);
      const { order, start } = (await placed.json()) as {
        order: { id: string };
        start: { kind: string; url: string; providerRef: string };
      };
      // The provider sends the paid buyer on to the funnel's next step, not /thankyou.
      const session = rig.stripe.object(start.providerRef) as unknown as { success_url: string };
      expect(new URL(session.success_url).pathname).toBe("/f/masterclass/upsell");
      await rig.stripe.pay(start.providerRef);
      if (settled) {
        await rig.settle();
        expect((await rig.orderRow(order.id)).status).toMatch(/paid|fulfilled/);
      }
      // Checkout kept the card with a customer (setup_future_usage), for this funnel's order.
      expect(rig.stripe.object(start.providerRef)).toMatchObject({
        customer: expect.stringMatching(/^cus_/),
      });
      return { buyer, orderId: order.id };
    }

    const { buyer, orderId } = await paidByCard();
    const yes = await buyer.request("/f/masterclass/upsell", {
      method: "POST",
      form: { intent: "accept", order: orderId },
    });
    expect(yes.status).toBe(303);
    const landed = new URL(yes.headers.get("location")!, "http://x");
    expect(landed.pathname).toBe("/f/masterclass/thankyou");
    const upsellOrder = await rig.orderRow(landed.searchParams.get("order")!);
    expect(upsellOrder).toMatchObject({
      provider: "stripe",
      total: 1900,
      paymentRef: expect.stringMatching(/^pi_/),
      funnel: { funnelId, stepId: (await steps())[2]!.id },
    });
    expect(upsellOrder.status).toMatch(/paid|fulfilled/);
    expect(upsellOrder.id).not.toBe(orderId);
    // A second "yes" is the first; the charge is refundable as any card payment.
    const again = await buyer.request("/f/masterclass/upsell", {
      method: "POST",
      form: { intent: "accept", order: orderId },
    });
    expect(again.headers.get("location")).toBe(yes.headers.get("location"));
    const refund = await rig.owner.post(`/api/orders/${upsellOrder.id}/refund`, {});
    expect(refund.status, await refund.clone().text()).toBe(200);
    expect(rig.stripe.refundsOf(upsellOrder.paymentRef!)).toHaveLength(1);

    // Back from Stripe before its webhook came: the return is confirmed, then the card charged.
    rig.stripe.webhooks.configure({ hold: true });
    try {
      const early = await paidByCard({ settled: false });
      expect((await rig.orderRow(early.orderId)).status).toBe("pending");
      const yesEarly = await early.buyer.request("/f/masterclass/upsell", {
        method: "POST",
        form: { intent: "accept", order: early.orderId },
      });
      expect(yesEarly.headers.get("location")).toMatch(/^\/f\/masterclass\/thankyou\?order=/);
      expect((await rig.orderRow(early.orderId)).status).toMatch(/paid|fulfilled/);
    } finally {
      rig.stripe.webhooks.configure({ hold: false });
      await rig.stripe.webhooks.release();
      await rig.settle();
    }

    rig.stripe.setDeclineOffSession(true);
    try {
      const other = await paidByCard();
      const asked = await other.buyer.request("/f/masterclass/upsell", {
        method: "POST",
        form: { intent: "accept", order: other.orderId },
      });
      expect(asked.status).toBe(303);
      expect(asked.headers.get("location")).toMatch(/\/pay\/cs_/);
    } finally {
      rig.stripe.setDeclineOffSession(false);
    }
  });

  test("Issue 34 a step's posts take only a form body with a known intent; unknown funnels and steps are 404", async () => {
    const visitor = await rig.signedIn("student");
    const json = await visitor.request("/f/masterclass/sales", {
      method: "POST",
      json: { intent: "next" },
    });
    expect(json.status).toBe(415);
    const unknown = await visitor.request("/f/masterclass/sales", {
      method: "POST",
      form: { intent: "fly" },
    });
    expect(unknown.status).toBe(400);
    expect((await visitor.request("/f/masterclass/nowhere")).status).toBe(404);
    expect((await visitor.request("/f/nothing-here")).status).toBe(404);
    const wrongKind = await visitor.request("/f/masterclass/checkout", {
      method: "POST",
      form: { intent: "next" },
    });
    expect(wrongKind.status).toBe(404);
  });
});
