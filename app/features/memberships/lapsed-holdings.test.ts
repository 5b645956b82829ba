import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { domainEvents } from "~/features/events/tables.server";
import { createAccount, createMember } from "../../../tests/factories";
import {
  backends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { holdLevel } from "./holdings.server";
import { tellLapsedHoldings } from "./lapsed-holdings.server";
import { memberships } from "./tables.server";

// Issue 34: a membership that runs out by its date is a "membership ended" event too (for
// automations), told once however many sweeps run at once, and again after a renewal ends.
describe.each(backends)("M5 lapsed memberships on %s", (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(async () => db?.dispose());

  test("M5 a membership that runs out is told as ended once (20 sweeps at once), and again after its renewal runs out", async () => {
    const { accountId } = await createAccount(db.database);
    const { user } = await createMember(db.database, { accountId, user: undefined });
    const [level] = await db.database.forAccount(accountId, (tx) =>
      tx
        .insert(memberships)
        .values({ accountId, name: "Month pass", slug: "month-pass" })
        .returning({ id: memberships.id }),
    );
    const hold = (expiresAt: Date) =>
      db.database.forAccount(accountId, (tx) =>
        holdLevel(tx, {
          accountId,
          membershipId: level!.id,
          userId: user.id,
          source: "manual",
          orderId: null,
          now: new Date(expiresAt.getTime() - 30 * 86_400_000),
          expiresAt,
        }),
      );
    const ended = () =>
      db.database.forAccount(accountId, (tx) =>
        tx
          .select()
          .from(domainEvents)
          .where(
            and(eq(domainEvents.accountId, accountId), eq(domainEvents.type, "membership.ended")),
          ),
      );
    const firstEnd = new Date(Date.now() + 60_000);
    await hold(firstEnd);
    expect(await tellLapsedHoldings(db.database)).toEqual({ told: 0 });

    const after = new Date(firstEnd.getTime() + 1000);
    const sweeps = await Promise.all(
      Array.from({ length: 20 }, () => tellLapsedHoldings(db.database, { now: after })),
    );
    expect(sweeps.reduce((sum, sweep) => sum + sweep.told, 0)).toBe(1);
    expect(await ended()).toMatchObject([
      { userId: user.id, data: { membershipId: level!.id, lapsed: true } },
    ]);

    // Bought again after it ran out: its new end is told in turn.
    const secondEnd = new Date(after.getTime() + 86_400_000);
    await db.database.forAccount(accountId, (tx) =>
      holdLevel(tx, {
        accountId,
        membershipId: level!.id,
        userId: user.id,
        source: "manual",
        orderId: null,
        now: after,
        expiresAt: secondEnd,
      }),
    );
    await tellLapsedHoldings(db.database, { now: new Date(secondEnd.getTime() + 1000) });
    expect(await ended()).toHaveLength(2);
  });
});
