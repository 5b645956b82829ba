import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { accountNotifications } from "~/features/notifications/tables.server";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import { createLogger } from "~/platform/logger.server";
import { createLocalPubSub } from "~/platform/pubsub/pubsub.server";
import { createAccount, createMember } from "../../../tests/factories";
import {
  backends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import {
  USAGE_GRACE_DAYS,
  meterAllows,
  noteActiveUser,
  readMeters,
  recordActiveUser,
  recordUsage,
  setGauge,
} from "./usage.server";

const DAY = 86_400_000;

describe.each(backends)("usage meters on %s", (backend) => {
  let db: TestDatabase;
  let services: Parameters<typeof recordUsage>[0];

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await upsertPlanCatalogue(db.database);
    services = {
      database: db.database,
      pubsub: createLocalPubSub(createLogger({ level: "silent" })),
    };
  });
  afterAll(() => db?.dispose());

  const reading = async (accountId: string, meter: string, now = new Date()) =>
    (await readMeters(db.database, { accountId, limits: { emails: 10_000, mau: 5000 }, now })).find(
      (row) => row.meter === meter,
    )!;

  test("C7 meters: 2,000 events, 50 at a time, count exactly 2,000; another site's stay apart", async () => {
    const [site, other] = [await createAccount(db.database), await createAccount(db.database)];
    const at = new Date("2026-11-10T12:00:00Z");
    const events = Array.from({ length: 2_000 }, (_, i) => i);
    // 50 at a time: as many concurrent transactions as a busy server has.
    for (let start = 0; start < events.length; start += 50)
      await Promise.all(
        events
          .slice(start, start + 50)
          .map(() => recordUsage(services, { accountId: site.accountId, meter: "emails", at })),
      );
    await recordUsage(services, { accountId: other.accountId, meter: "emails", amount: 7, at });
    expect((await reading(site.accountId, "emails", at)).used).toBe(2_000);
    expect((await reading(other.accountId, "emails", at)).used).toBe(7);
    // A new month starts from nothing.
    expect((await reading(site.accountId, "emails", new Date("2026-12-01T00:00:00Z"))).used).toBe(
      0,
    );
  }, 240_000);

  test("C7 active users: each person counts once a month, however often and concurrently they come", async () => {
    const site = await createAccount(db.database);
    const people: Awaited<ReturnType<typeof createMember>>[] = [];
    // One after another: members' slugs are made from their names, first come first served.
    for (let i = 0; i < 20; i++)
      people.push(await createMember(db.database, { accountId: site.accountId }));
    const at = new Date("2026-11-11T08:00:00Z");
    await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        recordActiveUser(services, {
          accountId: site.accountId,
          userId: people[i % people.length]!.user.id,
          at,
        }),
      ),
    );
    expect((await reading(site.accountId, "active_users", at)).used).toBe(20);
    await noteActiveUser(services, { accountId: site.accountId, userId: people[0]!.user.id, at });
    expect((await reading(site.accountId, "active_users", at)).used).toBe(20);
    const december = new Date("2026-12-02T08:00:00Z");
    await recordActiveUser(services, {
      accountId: site.accountId,
      userId: people[0]!.user.id,
      at: december,
    });
    expect((await reading(site.accountId, "active_users", december)).used).toBe(1);
  }, 120_000);

  test("C7 limits: 80 % and 100 % tell the managers once; past 100 % a grace, then the limit applies", async () => {
    // Lifetime: emails 5000, ai_tokens 500.
    const site = await createAccount(db.database, { settings: { plan: "lifetime" } });
    const at = new Date("2026-11-12T09:00:00Z");
    const notes = () =>
      db.database.forAccount(site.accountId, (tx) =>
        tx
          .select()
          .from(accountNotifications)
          .where(eq(accountNotifications.accountId, site.accountId)),
      );
    await recordUsage(services, { accountId: site.accountId, meter: "ai_tokens", amount: 399, at });
    expect(await notes()).toHaveLength(0);
    await recordUsage(services, { accountId: site.accountId, meter: "ai_tokens", amount: 1, at });
    expect((await notes()).map((n) => n.severity)).toEqual([3]);
    await recordUsage(services, { accountId: site.accountId, meter: "ai_tokens", amount: 50, at });
    expect(await notes()).toHaveLength(1);
    await recordUsage(services, { accountId: site.accountId, meter: "ai_tokens", amount: 51, at });
    const after = await notes();
    expect(after).toHaveLength(2);
    expect(after.find((n) => n.severity === 4)?.message).toContain("500");

    const limits = { ai_tokens: 500 };
    const state = async (now: Date) =>
      (await readMeters(db.database, { accountId: site.accountId, limits, now })).find(
        (row) => row.meter === "ai_tokens",
      )!;
    expect((await state(at)).state).toBe("grace");
    expect(
      await meterAllows(db.database, { accountId: site.accountId, meter: "ai_tokens", now: at }),
    ).toBe(true);
    const afterGrace = new Date(at.getTime() + (USAGE_GRACE_DAYS + 1) * DAY);
    // Still November: the month's count stands and the grace is over.
    expect(afterGrace.toISOString().slice(0, 7)).toBe("2026-11");
    expect((await state(afterGrace)).state).toBe("limited");
    expect(
      await meterAllows(db.database, {
        accountId: site.accountId,
        meter: "ai_tokens",
        now: afterGrace,
      }),
    ).toBe(false);
    // A meter the plan names no limit for (0) is shown, never limited.
    const chatsless = (
      await readMeters(db.database, { accountId: site.accountId, limits: {}, now: at })
    ).find((row) => row.meter === "ai_tokens")!;
    expect(chatsless).toMatchObject({ limit: 0, state: "ok", used: 501 });
  });

  test("C7 a gauge back under 80 % is cleared: going over again later is told again and gets a grace of its own", async () => {
    // Lifetime: storage 512 MB.
    const site = await createAccount(db.database, { settings: { plan: "lifetime" } });
    const limits = { storage: 512 };
    const storage = async (now: Date) =>
      (await readMeters(db.database, { accountId: site.accountId, limits, now })).find(
        (row) => row.meter === "storage",
      )!;
    const notes = () =>
      db.database.forAccount(site.accountId, (tx) =>
        tx
          .select()
          .from(accountNotifications)
          .where(eq(accountNotifications.accountId, site.accountId)),
      );
    const measure = (value: number, at: Date) =>
      setGauge(services, { accountId: site.accountId, meter: "storage", value, at });
    const first = new Date("2026-03-02T09:00:00Z");
    await measure(600, first);
    expect(await notes()).toHaveLength(2);
    const later = new Date(first.getTime() + (USAGE_GRACE_DAYS + 1) * DAY);
    expect((await storage(later)).state).toBe("limited");
    // Still over, or only just under the limit (above 80 %): the marks and the ended grace stay.
    await measure(450, later);
    await measure(600, later);
    expect((await storage(later)).state).toBe("limited");
    expect(await notes()).toHaveLength(2);
    // Cleaned up below 80 %, then over again months later: told again, a fresh grace.
    await measure(100, later);
    expect((await storage(later)).state).toBe("ok");
    const again = new Date("2026-09-01T09:00:00Z");
    await measure(700, again);
    expect(await notes()).toHaveLength(4);
    expect((await storage(again)).state).toBe("grace");
    expect(
      await meterAllows(db.database, {
        accountId: site.accountId,
        meter: "storage",
        used: 701,
        now: again,
      }),
    ).toBe(true);
  });
});
