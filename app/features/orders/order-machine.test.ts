import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createAccount, createMember } from "../../../tests/factories";
import {
  backends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { moveOrder, requireMove } from "./order-machine.server";
import { canMove, orderStatuses, type OrderStatus } from "./order-shapes";
import { orderEvents, orders } from "./tables.server";

describe("C5 the order state machine's moves", () => {
  const allowed: [OrderStatus, OrderStatus][] = [
    ["pending", "paid"],
    ["pending", "failed"],
    ["pending", "cancelled"],
    ["paid", "fulfilled"],
    ["paid", "refunded"],
    ["fulfilled", "refunded"],
    ["failed", "paid"],
    ["failed", "cancelled"],
    ["cancelled", "paid"],
  ];
  test.each(orderStatuses.flatMap((from) => orderStatuses.map((to) => [from, to] as const)))(
    "C5 %s → %s",
    (from, to) => {
      const expected = allowed.some(([a, b]) => a === from && b === to);
      expect(canMove(from, to)).toBe(expected);
    },
  );
});

describe.each(backends)("C5 moving an order on %s", (backend) => {
  let db: TestDatabase;
  let accountId: string;
  let userId: string;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    accountId = (await createAccount(db.database)).accountId;
    userId = (await createMember(db.database, { accountId })).user.id;
  });
  afterAll(() => db?.dispose());

  async function newOrder() {
    return db.database.forAccount(accountId, async (tx) => {
      const [order] = await tx
        .insert(orders)
        .values({
          accountId,
          userId,
          email: "buyer@example.test",
          currency: "USD",
          subtotal: 1000,
          total: 1000,
          provider: "stripe",
          checkoutKey: crypto.randomUUID(),
        })
        .returning();
      return order!;
    });
  }

  const eventsOf = (orderId: string) =>
    db.database.forAccount(accountId, (tx) =>
      tx
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.accountId, accountId), eq(orderEvents.orderId, orderId))),
    );

  test("C5 the same move twice moves once and records one event; a refused move changes nothing", async () => {
    const order = await newOrder();
    const move = {
      accountId,
      orderId: order.id,
      to: "paid" as const,
      cause: "test",
      now: new Date(),
    };
    const first = await db.database.forAccount(accountId, (tx) => moveOrder(tx, move));
    const second = await db.database.forAccount(accountId, (tx) => moveOrder(tx, move));
    expect([first.moved, second.moved]).toEqual([true, false]);
    expect(first.order.paidAt).toBeInstanceOf(Date);
    const back = await db.database.forAccount(accountId, (tx) =>
      moveOrder(tx, { ...move, to: "pending" }),
    );
    expect(back).toMatchObject({ moved: false, order: { status: "paid" } });
    await expect(
      db.database.forAccount(accountId, (tx) => requireMove(tx, { ...move, to: "failed" })),
    ).rejects.toMatchObject({ code: "order.transitionRefused" });
    expect((await eventsOf(order.id)).map((event) => event.toStatus)).toEqual(["paid"]);
  });

  test("C5 ten concurrent moves to paid: exactly one moves (the row's lock)", async () => {
    const order = await newOrder();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        db.database.forAccount(accountId, (tx) =>
          moveOrder(tx, {
            accountId,
            orderId: order.id,
            to: "paid",
            cause: "race",
            now: new Date(),
          }),
        ),
      ),
    );
    expect(results.filter((result) => result.moved)).toHaveLength(1);
    expect(await eventsOf(order.id)).toHaveLength(1);
  });

  test("C5 an unknown order is order.notFound", async () => {
    await expect(
      db.database.forAccount(accountId, (tx) =>
        moveOrder(tx, {
          accountId,
          orderId: crypto.randomUUID(),
          to: "paid",
          cause: "x",
          now: new Date(),
        }),
      ),
    ).rejects.toMatchObject({ code: "order.notFound" });
  });
});
