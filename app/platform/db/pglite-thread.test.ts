import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type Database } from "./database.server";
import { startPgliteThread } from "./pglite-thread-client.server";

/** Turns of the event loop seen while `work` runs: none when the work holds the loop. */
async function loopTurnsDuring(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  await work();
  running = false;
  return turns;
}

// Long enough to take the WebAssembly engine a noticeable while, small enough for a test.
const heavyQuery = sql`select count(*)::int as n from generate_series(1, 1500000) g where g % 7 = 0`;

describe("I12 the embedded database runs in a thread of its own", () => {
  let threaded: Database;
  beforeAll(async () => {
    threaded = await openDatabase({ kind: "pglite", memory: true, thread: true });
    await threaded.migrate(path.resolve("drizzle"));
    await threaded.owner.execute(sql`create table thread_probe (id int primary key, note text)`);
  });
  afterAll(() => threaded?.close());

  test("I12 a long query leaves the request thread free, where PGlite in the same thread holds it", async () => {
    const turns = await loopTurnsDuring(() => threaded.owner.execute(heavyQuery));
    const inline = await openDatabase({ kind: "pglite", memory: true });
    try {
      const inlineTurns = await loopTurnsDuring(() => inline.owner.execute(heavyQuery));
      // The peer shows what the probe measures: PGlite in this thread gives the loop no turn.
      expect(inlineTurns).toBeLessThanOrEqual(2);
      expect(turns).toBeGreaterThan(20);
    } finally {
      await inline.close();
    }
  });

  test("I12 results keep their types across the thread (text dates as Drizzle expects, json, bytes, numbers)", async () => {
    const [row] = (
      await threaded.owner.execute<Record<string, unknown>>(
        sql`select '2026-01-02T03:04:05Z'::timestamptz as at, '{"a":[1]}'::jsonb as doc,
                   '\\x0102'::bytea as bytes, 42::int as n, true as yes, null as nothing`,
      )
    ).rows;
    expect(row).toEqual({
      at: "2026-01-02 03:04:05+00",
      doc: { a: [1] },
      bytes: new Uint8Array([1, 2]),
      n: 42,
      yes: true,
      nothing: null,
    });
  });

  test("I12 a transaction commits, rolls back on error, and nests with savepoints", async () => {
    await threaded.owner.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe values (1, 'kept')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into thread_probe values (2, 'savepoint')`);
          throw new Error("inner fails");
        })
        .catch(() => {});
    });
    await expect(
      threaded.owner.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_probe values (3, 'rolled back')`);
        throw new Error("outer fails");
      }),
    ).rejects.toThrow("outer fails");
    const rows = await threaded.owner.execute<{ id: number }>(
      sql`select id from thread_probe order by id`,
    );
    expect(rows.rows).toEqual([{ id: 1 }]);
  });

  test("I12 a database error keeps its code and constraint across the thread", async () => {
    const failure = await threaded.owner
      .execute(sql`insert into thread_probe values (1, 'again')`)
      .catch((error: Error & { cause?: Record<string, unknown> }) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as { cause?: unknown }).cause).toMatchObject({
      code: "23505",
      constraint: "thread_probe_pkey",
    });
  });

  test("I12 concurrent transactions run one after the other, none sees another's half", async () => {
    await threaded.owner.execute(sql`insert into thread_probe values (10, '0')`);
    const bump = () =>
      threaded.owner.transaction(async (tx) => {
        const [row] = (
          await tx.execute<{ note: string }>(sql`select note from thread_probe where id = 10`)
        ).rows;
        await tx.execute(
          sql`update thread_probe set note = ${String(Number(row!.note) + 1)} where id = 10`,
        );
      });
    await Promise.all(Array.from({ length: 8 }, bump));
    const [row] = (
      await threaded.owner.execute<{ note: string }>(
        sql`select note from thread_probe where id = 10`,
      )
    ).rows;
    expect(row!.note).toBe("8");
  });

  test("I12 the account scope holds in the thread: tenant rows only through forAccount", async () => {
    const seen = await threaded.asApp(async (tx) =>
      (await tx.execute<{ role: string }>(sql`select current_user as role`)).rows.map(
        (r) => r.role,
      ),
    );
    expect(seen).toEqual(["lyceum_app"]);
  });
});

describe("A11 scoped reads on the embedded database's thread", () => {
  // A transaction-local counter: each read in one transaction sees the count before it.
  const countRead =
    "select set_config('app.reads', (coalesce(nullif(current_setting('app.reads', true), ''), '0')::int + 1)::text, true) as n";
  const scope = {
    sql: "select set_config('transaction_read_only', 'on', true), set_config('app.probe', $1, true)",
    params: ["scoped"],
  };

  test("I32 a statement keeps as text what it asks for, and only that: PGlite's own parsers for the rest", async () => {
    const thread = await startPgliteThread({});
    try {
      const text =
        "select '2026-01-02T03:04:05Z'::timestamptz as at, '2026-01-02'::date as day, array['2026-01-02T03:04:05Z'::timestamptz] as ats, 42::int as n";
      // As pg-boss asks: no parsers, so PGlite's own.
      const plain = await thread.client.query(text);
      expect(plain.rows[0]).toEqual({
        at: new Date("2026-01-02T03:04:05Z"),
        day: expect.any(Date),
        ats: [new Date("2026-01-02T03:04:05Z")],
        n: 42,
      });
      // As Drizzle asks (its nine types): text.
      const drizzleText = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
      const identity = Object.fromEntries(drizzleText.map((type) => [type, (v: string) => v]));
      const asDrizzle = await thread.client.query(text, [], { parsers: identity });
      expect(asDrizzle.rows[0]).toEqual({
        at: "2026-01-02 03:04:05+00",
        day: "2026-01-02",
        ats: '{"2026-01-02 03:04:05+00"}',
        n: 42,
      });
      // Another set: dates as text, timestamps parsed.
      const datesOnly = await thread.client.query(text, [], {
        parsers: { 1082: (v: string) => v },
      });
      expect(datesOnly.rows[0]).toMatchObject({
        at: new Date("2026-01-02T03:04:05Z"),
        day: "2026-01-02",
      });
    } finally {
      await thread.close({ checkpoint: false });
    }
  });

  test("A11 reads of one scope sent together share one read-only transaction; one that fails fails alone", async () => {
    const thread = await startPgliteThread({});
    try {
      const reader = thread.readClient(() => scope);
      const read = (text: string) => reader.query(text).then((r) => r.rows[0]);
      // A transaction held open across messages (as forAccount's are) makes the reads wait
      // together: they all join one shared transaction, opened once it ends.
      let release!: () => void;
      const opened = Promise.withResolvers<void>();
      const held = thread.client.transaction(async (tx) => {
        await tx.query("select 1");
        opened.resolve();
        await new Promise<void>((resolve) => (release = resolve));
      });
      await opened.promise;
      const sent = [
        read(countRead),
        read(countRead),
        read("select 1 / 0 as n"),
        read(countRead),
        read(
          "select current_setting('app.probe') as probe, current_setting('transaction_read_only') as ro",
        ),
      ];
      release();
      await held;
      const shared = await Promise.allSettled(sent);
      expect(shared[0]).toEqual({ status: "fulfilled", value: { n: "1" } });
      expect(shared[1]).toEqual({ status: "fulfilled", value: { n: "2" } });
      // 22012: division by zero, this read's own failure. The two behind it met an aborted
      // transaction (25P02) and ran again in a new one, together.
      expect(shared[2]).toMatchObject({ status: "rejected", reason: { code: "22012" } });
      expect(shared[3]).toEqual({ status: "fulfilled", value: { n: "1" } });
      expect(shared[4]).toEqual({ status: "fulfilled", value: { probe: "scoped", ro: "on" } });

      // A statement outside the scope waits for the shared transaction to end, and sees none of it.
      const [inside, outside] = await Promise.all([
        read(countRead),
        thread.client.query("select current_setting('app.probe', true) as probe"),
      ]);
      // (The read may join the transaction the retried reads opened, if it has not ended yet.)
      expect(inside).toEqual({ n: expect.stringMatching(/^[123]$/) });
      expect(outside.rows[0]).toEqual({ probe: "" });
    } finally {
      await thread.close({ checkpoint: false });
    }
  });
});
