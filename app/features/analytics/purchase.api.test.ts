import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildWorld, type World } from "../../../tests/support/access-matrix";
import { createClient } from "../../../tests/support/http-client";
import {
  backends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestApp } from "../../../tests/support/test-server";
import { purchaseEventId } from "./analytics.server";
import { analyticsEvents } from "./tables.server";

let ipCount = 0;
const ip = () => `10.67.${Math.floor(ipCount / 250)}.${(ipCount++ % 250) + 1}`;
const password = "Matrix-Harbour-Quartz-88";

const items = [
  {
    item_id: "b1c4e1de-2f7a-4c55-9a43-4b1f7f0e9d01",
    item_name: "Watercolour",
    price: 49,
    quantity: 1,
  },
  { item_id: "prod-7", item_name: "Brush set", price: 12.5, quantity: 2 },
];

describe.each(backends)("P21 M4 analytics purchase events on %s", (backend) => {
  let db: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let world: World;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = createTestApp(db.database).app;
    world = await buildWorld(db.database, "root@platform.test");
  });
  afterAll(() => db?.dispose());

  const purchase = (transactionId: string, overrides: Record<string, unknown> = {}) => ({
    name: "purchase",
    tenant_id: world.demo.accountId,
    session_id: null,
    path: "/thankyou?order=secret",
    transaction_id: transactionId,
    currency: "usd",
    value: 74,
    items,
    ...overrides,
  });

  /** As `navigator.sendBeacon` posts it: text/plain, from the page's origin. */
  const beacon = (body: unknown, host = world.demo.host) =>
    app.request(
      `http://${host}/api/analytics/collect`,
      {
        method: "POST",
        headers: { host, origin: `http://${host}`, "content-type": "text/plain;charset=UTF-8" },
        body: typeof body === "string" ? body : JSON.stringify(body),
      },
      { incoming: { socket: { remoteAddress: ip() } } },
    );

  const stored = (accountId: string, transactionId: string) =>
    db.database.forAccount(accountId, (tx) =>
      tx
        .select()
        .from(analyticsEvents)
        .where(
          and(
            eq(analyticsEvents.name, "purchase"),
            eq(analyticsEvents.id, purchaseEventId(transactionId)),
          ),
        ),
    );

  async function summary(person: "owner" | "otherOwner" = "owner") {
    const host = person === "owner" ? world.demo.host : world.acme.host;
    const client = createClient(app, { host, ip: ip() });
    const signIn = await client.post("/api/auth/sign-in/email", {
      email: world.people[person].email,
      password,
    });
    expect(signIn.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const res = await client.request(`/api/analytics/summary?from=${today}&to=${today}`);
    expect(res.status).toBe(200);
    return (await res.json()) as {
      addToCart: number;
      purchases: number;
      revenue: { currency: string; value: number }[];
    };
  }
  const revenueIn = (s: Awaited<ReturnType<typeof summary>>, currency: string) =>
    s.revenue.find((r) => r.currency === currency)?.value ?? 0;

  test("P21 M4 purchase event accepted: stored with transaction, currency, value and items, counted with its revenue per currency", async () => {
    const before = await summary();
    const id = crypto.randomUUID();
    const res = await beacon(purchase(id));
    expect(res.status).toBe(204);
    const [event] = await stored(world.demo.accountId, id);
    expect(event).toMatchObject({
      accountId: world.demo.accountId,
      name: "purchase",
      currency: "USD",
      path: "/thankyou",
      funnelSessionId: null,
    });
    expect(Number(event!.value)).toBe(74);
    expect(event!.items).toEqual(items);
    expect(
      (await beacon(purchase(crypto.randomUUID(), { currency: "EUR", value: 9.99 }))).status,
    ).toBe(204);

    const after = await summary();
    expect(after.purchases).toBe(before.purchases + 2);
    expect(revenueIn(after, "USD")).toBeCloseTo(revenueIn(before, "USD") + 74, 3);
    expect(revenueIn(after, "EUR")).toBeCloseTo(revenueIn(before, "EUR") + 9.99, 3);
    expect(after.addToCart).toBe(before.addToCart);
    // acme's managers see none of demo's sales.
    const theirs = await summary("otherOwner");
    expect(theirs.purchases).toBe(0);
    expect(theirs.revenue).toEqual([]);
  });

  test("P21 M4 purchase sent twice (and at once from five tabs) with the same transaction_id is stored and counted once per site", async () => {
    const before = await summary();
    const id = crypto.randomUUID();
    expect((await beacon(purchase(id))).status).toBe(204);
    // A reload resends it, even with other figures: the first one stands.
    expect((await beacon(purchase(id, { value: 999 }))).status).toBe(204);
    const same = await Promise.all(Array.from({ length: 5 }, () => beacon(purchase(id))));
    expect(same.map((res) => res.status)).toEqual([204, 204, 204, 204, 204]);
    const rows = await stored(world.demo.accountId, id);
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.value)).toBe(74);
    const after = await summary();
    expect(after.purchases).toBe(before.purchases + 1);
    expect(revenueIn(after, "USD")).toBeCloseTo(revenueIn(before, "USD") + 74, 3);

    // The id is per site: acme's own order with that id is acme's purchase.
    const acme = await beacon(purchase(id, { tenant_id: world.acme.accountId }), world.acme.host);
    expect(acme.status).toBe(204);
    expect(await stored(world.acme.accountId, id)).toHaveLength(1);
    expect(await stored(world.demo.accountId, id)).toHaveLength(1);
    // An add_to_cart never takes a purchase's place.
    expect(purchaseEventId(id)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(purchaseEventId(id)).toBe(purchaseEventId(id));
    expect(purchaseEventId(id)).not.toBe(purchaseEventId(`${id}x`));
  });

  test("P21 M4 malformed purchase payloads are refused with 400, nothing stored", async () => {
    const before = await summary();
    const id = crypto.randomUUID();
    const without = (key: string) => {
      const body: Record<string, unknown> = purchase(id);
      delete body[key];
      return body;
    };
    const bad: [string, unknown][] = [
      ["no transaction_id", without("transaction_id")],
      ["blank transaction_id", purchase(" ")],
      ["numeric transaction_id", purchase(id, { transaction_id: 42 })],
      ["long transaction_id", purchase("x".repeat(101))],
      ["transaction_id with a space", purchase("order 1")],
      ["transaction_id with a NUL", purchase(`${id}\u0000`)],
      ["object transaction_id", purchase(id, { transaction_id: { $ne: null } })],
      ["no currency", without("currency")],
      ["currency EURO", purchase(id, { currency: "EURO" })],
      ["negative value", purchase(id, { value: -1 })],
      ["string value", purchase(id, { value: "74" })],
      ["huge value", purchase(id, { value: 1e12 })],
      ["no items", purchase(id, { items: [] })],
      ["items not a list", purchase(id, { items: { 0: items[0] } })],
      ["51 items", purchase(id, { items: Array.from({ length: 51 }, () => items[1]) })],
      ["quantity 0", purchase(id, { items: [{ ...items[0], quantity: 0 }] })],
      ["fractional quantity", purchase(id, { items: [{ ...items[0], quantity: 1.5 }] })],
      ["negative price", purchase(id, { items: [{ ...items[0], price: -5 }] })],
      ["item without name", purchase(id, { items: [{ ...items[0], item_name: "" }] })],
      ["items of null", purchase(id, { items: [null] })],
      ["bad session id", purchase(id, { session_id: "not-a-uuid" })],
      ["path without slash", purchase(id, { path: "thankyou" })],
      ["an array", [purchase(id)]],
      ["a string", JSON.stringify("purchase")],
      ["null", "null"],
      ["broken JSON", '{"name":"purchase",'],
    ];
    for (const [what, body] of bad) {
      const res = await beacon(body);
      expect(res.status, what).toBe(400);
      const answer = (await res.json()) as { error: { code: string } };
      expect(answer.error.code, what).toMatch(/^request\./);
    }
    expect(await stored(world.demo.accountId, id)).toEqual([]);
    // Another site's id on this site is not a bad payload but a refused one (403), not stored.
    const foreign = await beacon(purchase(id, { tenant_id: world.acme.accountId }));
    expect(foreign.status).toBe(403);
    expect(await stored(world.acme.accountId, id)).toEqual([]);
    expect((await summary()).purchases).toBe(before.purchases);
  });
});
