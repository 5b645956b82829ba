// C6 orders placed before migration 0029 recorded a trial's first period as charged at checkout
// (and again as its renewal order). Migration 0030 splits them again by chargeSplit's rule: the
// test makes orders look as the old code wrote them, runs the migration's statements as the
// owner (as the migrator does), and reads what it changed and what it left alone.
import fs from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startCommerceRig, type CommerceRig } from "../../../tests/support/commerce-rig";
import { logicBackends, MIGRATIONS_FOLDER } from "../../../tests/support/test-database";
import { orders } from "./tables.server";

const resplit = fs
  .readFileSync(path.join(MIGRATIONS_FOLDER, "0030_trial_orders_resplit.sql"), "utf8")
  .split("--> statement-breakpoint");

describe.each(logicBackends)("migration 0030 on %s", (backend) => {
  let rig: CommerceRig;
  beforeAll(async () => {
    rig = await startCommerceRig(backend);
  }, 60_000);
  afterAll(() => rig?.close());

  const line = (id: string, priceId: string) => ({ id, priceId, quantity: 1 });
  const gold = () => line(rig.catalogue.gold.id, rig.catalogue.goldPrice.id);
  const pass = () => line(rig.catalogue.product.id, rig.catalogue.usd.id);

  async function place(body: Record<string, unknown>): Promise<string> {
    const buyer = await rig.signedIn("student");
    const res = await buyer.post("/api/checkout", {
      provider: "stripe",
      checkoutKey: crypto.randomUUID(),
      ...body,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { order: { id: string } }).order.id;
  }

  /** The order as the code before 0029 wrote it: everything charged now, nothing later. */
  const makeOld = (id: string, refunded = 0) =>
    rig.db.database.forAccount(rig.accountId, (tx) =>
      tx
        .update(orders)
        .set({ total: sql`${orders.subtotal} - ${orders.discount}`, dueLater: 0, refunded })
        .where(and(eq(orders.accountId, rig.accountId), eq(orders.id, id))),
    );

  const migrate = async () => {
    for (const statement of resplit) await rig.db.database.owner.execute(sql.raw(statement));
  };

  const amounts = async (id: string) => {
    const row = await rig.orderRow(id);
    return { total: row.total, dueLater: row.dueLater, refunded: row.refunded };
  };

  test("C6 0030 splits old trial orders as checkout now does, leaves the rest, and changes nothing run again", async () => {
    const trial = await place({ lines: [gold()] });
    const mixed = await place({ lines: [pass(), gold()], coupon: "SAVE20" });
    const plain = await place({ lines: [pass()] });
    const offline = await place({ lines: [gold()], provider: "offline" });
    // What the checkout records today: the same numbers the migration must reach.
    const expected = {
      trial: await amounts(trial),
      mixed: await amounts(mixed),
      plain: await amounts(plain),
      offline: await amounts(offline),
    };
    expect(expected.trial).toEqual({ total: 0, dueLater: 1900, refunded: 0 });
    expect(expected.mixed).toEqual({ total: 3620, dueLater: 1900, refunded: 0 });
    // An old trial order refunded in full had "refunded" its whole first period.
    await makeOld(trial, 1900);
    await makeOld(mixed);
    await makeOld(plain);
    await makeOld(offline);
    expect(await amounts(trial)).toEqual({ total: 1900, dueLater: 0, refunded: 1900 });

    await migrate();
    expect(await amounts(trial)).toEqual({ total: 0, dueLater: 1900, refunded: 0 });
    expect(await amounts(mixed)).toEqual(expected.mixed);
    expect(await amounts(plain)).toEqual(expected.plain);
    expect(await amounts(offline)).toEqual({ total: 1900, dueLater: 0, refunded: 0 });

    await migrate();
    expect(await amounts(mixed)).toEqual(expected.mixed);
    // Row-level security is forced again on both tables.
    const forced = await rig.db.database.owner.execute(
      sql`select relname, relforcerowsecurity from pg_class where relname in ('orders', 'order_items')`,
    );
    expect(forced.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ relname: "orders", relforcerowsecurity: true }),
        expect.objectContaining({ relname: "order_items", relforcerowsecurity: true }),
      ]),
    );
  });
});
