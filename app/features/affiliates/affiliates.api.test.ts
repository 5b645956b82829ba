// M5 affiliates end to end over HTTP on PGlite and PostgreSQL (issue 34): a partner joins, a
// visitor comes through their link (a first-party cookie), buys, and the paid order earns the
// partner a commission once — however often its event is handed on — which a refund takes back;
// payouts are marked paid once under 20 concurrent clicks; self-referral earns nothing.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { domainEvents } from "~/features/events/tables.server";
import { readOutbox } from "~/platform/mail/mail.server";
import { sweepLapsedSubscriptions } from "~/features/orders/subscription-sweep.server";
import { orders, subscriptions } from "~/features/orders/tables.server";
import { accountNotifications, memberNotifications } from "~/features/notifications/tables.server";
import { viewerWith } from "../../../tests/factories";
import {
  startCommerceRig,
  type Client,
  type CommerceRig,
} from "../../../tests/support/commerce-rig";
import { backends } from "../../../tests/support/test-database";
import { affiliateConsumer } from "./affiliate-commissions.server";
import { commandAffiliates, commandMemberAffiliate } from "./affiliate-records.server";
import { loadAffiliatesScreen, loadMemberAffiliate } from "./affiliate-reads.server";
import { payoutsCsv } from "./payouts-csv.server";
import { REFERRAL_COOKIE, referralCookieValue } from "./referral-cookie";
import { affiliateCommissions, affiliatePayouts, affiliateSignUps } from "./tables.server";

describe.each(backends)("M5 affiliates on %s", (backend) => {
  let rig: CommerceRig;
  const owner = viewerWith({ id: "owner-aff", name: "Owner", email: "owner@example.test" }, [
    "manage_options",
  ]);

  beforeAll(async () => {
    rig = await startCommerceRig(backend);
  }, 60_000);
  afterAll(() => rig?.close());

  const place = () => ({ accountId: rig.accountId, viewer: owner });
  const command = (body: unknown) => commandAffiliates(rig.db.database, { ...place(), body });
  const screen = () => loadAffiliatesScreen(rig.db.database, { ...place(), currency: "USD" });

  async function programme(changes: Record<string, unknown> = {}) {
    const answer = await command({
      intent: "saveProgramme",
      programme: {
        enabled: true,
        commissionType: "percent",
        percent: 30,
        cookieDays: 30,
        approval: "automatic",
        minPayout: 1000,
        ...changes,
      },
    });
    expect(answer).toEqual({ ok: true });
  }

  /** A member who joins the programme: their client, viewer and code. */
  async function partner() {
    const client = await rig.signedIn("student");
    const viewer = viewerWith({ id: client.userId, name: "Pat Partner", email: client.email }, []);
    const joined = await commandMemberAffiliate(rig.db.database, {
      accountId: rig.accountId,
      viewer,
      body: { intent: "join", payoutDetails: "paypal: pat@example.test" },
      pubsub: rig.services.pubsub,
    });
    const view = await loadMemberAffiliate(rig.db.database, {
      accountId: rig.accountId,
      viewer,
      currency: "USD",
      linkOrigin: `http://${rig.host}`,
    });
    const id = joined.ok ? (joined.id ?? "") : "";
    return { client, viewer, joined, id, view, code: view.affiliate?.code ?? "" };
  }

  /** An offline order of the course pass, confirmed by the owner and handed on. */
  async function buy(buyer: Client) {
    const res = await buyer.post("/api/checkout", {
      lines: [{ id: rig.catalogue.product.id, priceId: rig.catalogue.usd.id, quantity: 1 }],
      provider: "offline",
      checkoutKey: crypto.randomUUID(),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { order } = (await res.json()) as { order: { id: string } };
    expect((await rig.owner.post(`/api/orders/${order.id}/confirm`, {})).status).toBe(200);
    await settle();
    return order.id;
  }

  async function settle() {
    await rig.settle();
    await rig.services.events.drain();
  }

  const linesOf = (orderId: string) =>
    rig.db.database.forAccount(rig.accountId, (tx) =>
      tx
        .select()
        .from(affiliateCommissions)
        .where(
          and(
            eq(affiliateCommissions.accountId, rig.accountId),
            eq(affiliateCommissions.orderId, orderId),
          ),
        ),
    );

  test("M5 affiliates: a partner's link leaves a cookie; the paid order earns 30 % once (20 hand-overs), a refund strikes it off; their own purchase earns nothing", async () => {
    await programme();
    const { joined, view, code, client: partnerClient } = await partner();
    expect(joined).toMatchObject({ ok: true, status: "approved" });
    expect(view.affiliate?.link).toBe(`http://${rig.host}/?ref=${code}`);

    const buyer = await rig.signedIn("student");
    const visit = await buyer.request(`/course?ref=${code}&utm_source=blog`);
    expect(visit.status).toBe(302);
    expect(visit.headers.get("location")).toBe("/course?utm_source=blog");
    expect(buyer.jar.get(REFERRAL_COOKIE)).toMatch(new RegExp(`^${code}\\.\\d+$`));
    expect(visit.headers.get("set-cookie")).toMatch(/HttpOnly; SameSite=Lax/);
    // A code nobody holds loses its parameter and leaves nothing.
    const stranger = await rig.signedIn("student");
    const lost = await stranger.request("/?ref=nobody-here");
    expect(lost.status).toBe(302);
    expect(stranger.jar.has(REFERRAL_COOKIE)).toBe(false);
    // The address it sends back to stays on the site.
    const offSite = await stranger.request("//elsewhere.example/page?ref=nobody-here");
    expect(offSite.headers.get("location")).toBe("/elsewhere.example/page");

    const orderId = await buy(buyer);
    const [sale] = await linesOf(orderId);
    expect(sale).toMatchObject({ kind: "sale", status: "due", amount: 1500, orderTotal: 5000 });

    // The relay handing the same events on again, 20 times at once, earns nothing more.
    const events = await rig.db.database.forAccount(rig.accountId, (tx) =>
      tx.select().from(domainEvents).where(eq(domainEvents.accountId, rig.accountId)),
    );
    const consumer = affiliateConsumer({ database: rig.db.database, pubsub: rig.services.pubsub });
    const stored = events.map((event) => ({ ...event, data: event.data ?? {} }));
    await Promise.all(Array.from({ length: 20 }, () => consumer.take(rig.accountId, stored)));
    expect(await linesOf(orderId)).toHaveLength(1);
    // The partner's bell says so, once.
    const told = await rig.db.database.forAccount(rig.accountId, (tx) =>
      tx
        .select({ message: memberNotifications.message })
        .from(memberNotifications)
        .where(eq(memberNotifications.userId, partnerClient.userId)),
    );
    expect(told.map((one) => one.message)).toEqual([
      `You earned $15.00 on order #${sale!.orderNumber}, a sale your affiliate link brought.`,
    ]);

    const before = (await screen()).affiliates.find((one) => one.code === code)!;
    expect(before.stats).toMatchObject({
      clicks: 1,
      sales: 1,
      due: [{ currency: "USD", amount: 1500 }],
    });

    expect((await rig.owner.post(`/api/orders/${orderId}/refund`, {})).status).toBe(200);
    await settle();
    expect(await linesOf(orderId)).toMatchObject([{ status: "reversed", amount: 1500 }]);
    const after = (await screen()).affiliates.find((one) => one.code === code)!;
    expect(after.stats).toMatchObject({ sales: 0, earned: [], due: [] });

    // The partner's own link leaves them no cookie; a cookie they forge earns them nothing.
    await partnerClient.request(`/?ref=${code}`);
    expect(partnerClient.jar.has(REFERRAL_COOKIE)).toBe(false);
    partnerClient.jar.set(REFERRAL_COOKIE, referralCookieValue(code, new Date()));
    const own = await buy(partnerClient);
    expect(await linesOf(own)).toMatchObject([
      { status: "refused", reason: "selfReferral", amount: 0 },
    ]);
  });

  test("M5 affiliates: 20 concurrent 'mark paid' pay one payout; a refund after it is clawed back from the next; the payouts CSV lists it", async () => {
    await programme();
    const { code } = await partner();
    const buyer = await rig.signedIn("student");
    await buyer.request(`/?ref=${code}`);
    const orderId = await buy(buyer);
    const affiliateId = (await linesOf(orderId))[0]!.affiliateId;

    const answers = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        command({ intent: "markPaid", id: affiliateId, currency: "USD", note: "PayPal batch 7" }),
      ),
    );
    expect(
      answers.filter((one) => one.status === "fulfilled"),
      JSON.stringify(answers.find((one) => one.status === "rejected")),
    ).toHaveLength(1);
    for (const refused of answers.filter((one) => one.status === "rejected"))
      expect((refused as PromiseRejectedResult).reason).toMatchObject({
        code: "affiliates.nothingDue",
      });
    const payouts = await rig.db.database.forAccount(rig.accountId, (tx) =>
      tx.select().from(affiliatePayouts).where(eq(affiliatePayouts.affiliateId, affiliateId)),
    );
    expect(payouts).toMatchObject([{ amount: 1500, currency: "USD", commissions: 1 }]);
    expect(await linesOf(orderId)).toMatchObject([{ status: "paid", payoutId: payouts[0]!.id }]);

    expect((await rig.owner.post(`/api/orders/${orderId}/refund`, {})).status).toBe(200);
    await settle();
    const lines = await linesOf(orderId);
    expect(lines.map((line) => [line.kind, line.status, line.amount]).sort()).toEqual([
      ["clawback", "due", -1500],
      ["sale", "paid", 1500],
    ]);
    const row = (await screen()).affiliates.find((one) => one.id === affiliateId)!;
    expect(row.stats).toMatchObject({
      sales: 0,
      earned: [{ currency: "USD", amount: 0 }],
      due: [{ currency: "USD", amount: -1500 }],
      paid: [{ currency: "USD", amount: 1500 }],
    });
    // Owed back: nothing to pay.
    await expect(
      command({ intent: "markPaid", id: affiliateId, currency: "USD" }),
    ).rejects.toMatchObject({ code: "affiliates.nothingDue" });

    const csv = await payoutsCsv(rig.db.database, place());
    expect(csv.split("\r\n")[0]).toBe(
      "paid_at,affiliate,email,payout_details,amount,currency,commissions,note",
    );
    expect(csv).toContain("paypal: pat@example.test,15.00,USD,1,PayPal batch 7");
  });

  test("M5 affiliates: a partial refund takes back its share of the commission, before a payout and after it; the rest refunded takes back what is left", async () => {
    await programme({ minPayout: 0 });
    const { code } = await partner();
    const buyer = await rig.signedIn("student");
    await buyer.request(`/?ref=${code}`);
    const orderId = await buy(buyer);
    const refund = async (amount: number) => {
      const res = await rig.owner.post(`/api/orders/${orderId}/refund`, { amount });
      expect(res.status, await res.clone().text()).toBe(200);
      await settle();
    };
    const ledger = async () =>
      (await linesOf(orderId)).map((line) => `${line.kind} ${line.status} ${line.amount}`).sort();

    await refund(2000);
    expect(await ledger()).toEqual(["clawback due -600", "sale due 1500"]);
    // The same news handed on again, three times at once, takes nothing more.
    const events = await rig.db.database.forAccount(rig.accountId, (tx) =>
      tx.select().from(domainEvents).where(eq(domainEvents.type, "order.partlyRefunded")),
    );
    const consumer = affiliateConsumer({ database: rig.db.database, pubsub: rig.services.pubsub });
    const stored = events.map((event) => ({ ...event, data: event.data ?? {} }));
    await Promise.all([1, 2, 3].map(() => consumer.take(rig.accountId, stored)));
    expect(await ledger()).toEqual(["clawback due -600", "sale due 1500"]);

    const affiliateId = (await linesOf(orderId))[0]!.affiliateId;
    await command({ intent: "markPaid", id: affiliateId, currency: "USD" });
    expect(await ledger()).toEqual(["clawback paid -600", "sale paid 1500"]);
    await refund(1000);
    expect(await ledger()).toEqual(["clawback due -300", "clawback paid -600", "sale paid 1500"]);
    await refund(2000);
    expect(await ledger()).toEqual([
      "clawback due -300",
      "clawback due -600",
      "clawback paid -600",
      "sale paid 1500",
    ]);
    const row = (await screen()).affiliates.find((one) => one.id === affiliateId)!;
    expect(row.stats).toMatchObject({
      sales: 0,
      earned: [{ currency: "USD", amount: 0 }],
      due: [{ currency: "USD", amount: -900 }],
      paid: [{ currency: "USD", amount: 900 }],
    });
  });

  test("M5 affiliates: with renewals paid, a subscription the link sold earns on each paid renewal; with them off, the next renewal earns nothing", async () => {
    await programme({ recurring: true });
    const { code, id: affiliateId } = await partner();
    const buyer = await rig.signedIn("student");
    await buyer.request(`/?ref=${code}`);
    const res = await buyer.post("/api/checkout", {
      lines: [{ id: rig.catalogue.gold.id, priceId: rig.catalogue.goldPrice.id, quantity: 1 }],
      provider: "offline",
      checkoutKey: crypto.randomUUID(),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { order } = (await res.json()) as { order: { id: string; total: number } };
    expect((await rig.owner.post(`/api/orders/${order.id}/confirm`, {})).status).toBe(200);
    await settle();
    expect(await linesOf(order.id)).toMatchObject([{ affiliateId, kind: "sale", status: "due" }]);

    // The subscription's period is moved to a window of this test's own, far from any other.
    const end = new Date("2033-06-10T10:00:00.000Z");
    const sub = await rig.db.database.forAccount(rig.accountId, async (tx) => {
      const [row] = await tx
        .update(subscriptions)
        .set({ currentPeriodEnd: end })
        .where(and(eq(subscriptions.accountId, rig.accountId), eq(subscriptions.orderId, order.id)))
        .returning();
      return row!;
    });
    /** The sweep's renewal order a week ahead of `periodEnd`, paid as the owner confirms it. */
    async function renewAndPay(periodEnd: Date) {
      const day = 86_400_000;
      const now = new Date(periodEnd.getTime() - 6 * day);
      await sweepLapsedSubscriptions(
        { database: rig.db.database, jobs: rig.services.jobs },
        { now },
      );
      await rig.settle();
      const [renewal] = await rig.db.database.forAccount(rig.accountId, (tx) =>
        tx
          .select()
          .from(orders)
          .where(
            and(
              eq(orders.accountId, rig.accountId),
              eq(orders.renewalOf, sub.id),
              eq(orders.status, "pending"),
            ),
          ),
      );
      expect(renewal, "the sweep issued a renewal").toBeDefined();
      const paid = await rig.owner.post(`/api/orders/${renewal!.id}/confirm`, {});
      expect(paid.status, await paid.clone().text()).toBe(200);
      await settle();
      return renewal!;
    }

    const renewal = await renewAndPay(end);
    const [earned] = await linesOf(renewal.id);
    expect(earned).toMatchObject({
      affiliateId,
      kind: "sale",
      status: "due",
      orderTotal: renewal.total,
      amount: Math.round(renewal.total * 0.3),
    });

    await programme({ recurring: false });
    const [lengthened] = await rig.db.database.forAccount(rig.accountId, (tx) =>
      tx
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.accountId, rig.accountId), eq(subscriptions.id, sub.id))),
    );
    const nextEnd = lengthened!.currentPeriodEnd!;
    expect(nextEnd.getTime()).toBeGreaterThan(end.getTime());
    const next = await renewAndPay(nextEnd);
    expect(await linesOf(next.id)).toEqual([]);
  });

  test("M5 affiliates: a sign-up through a link is the partner's; manual approval holds links until approved; a closed programme takes nobody", async () => {
    await programme({ approval: "manual" });
    const waiting = await partner();
    expect(waiting.joined).toMatchObject({ ok: true, status: "pending" });
    // The managers' bell says someone applied.
    const bell = await rig.db.database.forAccount(rig.accountId, (tx) =>
      tx
        .select({ message: accountNotifications.message })
        .from(accountNotifications)
        .where(eq(accountNotifications.accountId, rig.accountId)),
    );
    expect(bell.map((one) => one.message)).toContain(
      "Pat Partner applied to your affiliate programme. Approve or reject them on the Affiliates screen.",
    );
    const visitor = await rig.signedIn("student");
    await visitor.request(`/?ref=${waiting.code}`);
    expect(visitor.jar.has(REFERRAL_COOKIE)).toBe(false);
    expect(await command({ intent: "decide", id: waiting.id, status: "approved" })).toMatchObject({
      ok: true,
      status: "approved",
    });

    const { createClient } = await import("../../../tests/support/http-client");
    const newcomer = createClient(rig.app, { host: rig.host, ip: "198.51.100.77" });
    expect((await newcomer.request(`/?ref=${waiting.code}`)).status).toBe(302);
    const signUp = await newcomer.post("/api/account/sign-up", {
      name: "Nora Newcomer",
      email: `nora-${Date.now()}@example.test`,
      password: "a long and unusual passphrase 2026",
    });
    expect(signUp.status, await signUp.clone().text()).toBe(202);
    // A sign-up with a phone number is theirs too, once the texted code is given.
    const texter = createClient(rig.app, { host: rig.host, ip: "198.51.100.78" });
    await texter.request(`/?ref=${waiting.code}`);
    const phone = `+3361${String(Date.now()).slice(-7)}`;
    const started = await texter.post("/api/account/sign-up-phone", {
      name: "Tess Texter",
      phone,
      password: "a long and unusual passphrase 2026",
    });
    expect(started.status, await started.clone().text()).toBe(202);
    const [text] = await readOutbox(rig.db.database, { to: phone });
    const verified = await texter.post("/api/account/sign-up-phone/verify", {
      phone,
      code: /\b(\d{6})\b/.exec(text?.textBody ?? "")?.[1] ?? "",
    });
    expect(verified.status, await verified.clone().text()).toBe(200);
    const signUps = await rig.db.database.forAccount(rig.accountId, (tx) =>
      tx.select().from(affiliateSignUps).where(eq(affiliateSignUps.accountId, rig.accountId)),
    );
    expect(signUps.filter((one) => one.affiliateId === waiting.id)).toHaveLength(2);

    // The programme's own mistakes come back by field; nothing is saved.
    expect(
      await command({
        intent: "saveProgramme",
        programme: { enabled: true, percent: 130, cookieDays: 0 },
      }),
    ).toMatchObject({
      ok: false,
      issues: expect.arrayContaining([
        expect.objectContaining({ path: "percent" }),
        expect.objectContaining({ path: "cookieDays" }),
      ]),
    });
    await programme({ enabled: false });
    const late = await rig.signedIn("student");
    await expect(
      commandMemberAffiliate(rig.db.database, {
        accountId: rig.accountId,
        viewer: viewerWith({ id: late.userId, name: "Late", email: late.email }, []),
        body: { intent: "join" },
      }),
    ).rejects.toMatchObject({ code: "affiliates.closed" });
  });
});
