import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createAccount, createPostsInBulk } from "../../../tests/factories";
import {
  backends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";

const accountsOf = (rows: { account_id: string }[]) => [...new Set(rows.map((r) => r.account_id))];

// readAccount sends each statement with its account to the embedded database's thread (decision
// 058), where the reads of one scope that arrive together share a read-only transaction (decision
// 060): these tests interleave them, with writes and with a read that fails.
describe.each(backends)("A11 readAccount on %s", (backend) => {
  let db: TestDatabase;
  let a: string;
  let b: string;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    a = (await createAccount(db.database)).accountId;
    b = (await createAccount(db.database)).accountId;
    await createPostsInBulk(db.database, { accountId: a, count: 3 });
    await createPostsInBulk(db.database, { accountId: b, count: 5 });
  });
  afterAll(() => db?.dispose());

  const postsOf = (accountId: string) =>
    db.database.readAccount(accountId, async (tx) => {
      // Two statements at once, as a loader's Promise.all sends them.
      const [rows, count] = await Promise.all([
        tx.execute<{ account_id: string }>(sql`select account_id from posts`),
        tx.execute<{ n: number }>(sql`select count(*)::int as n from posts`),
      ]);
      return { accounts: accountsOf(rows.rows), count: count.rows[0]!.n };
    });

  test("A11 readAccount sees its own account's rows only, as the app role", async () => {
    expect(await postsOf(a)).toEqual({ accounts: [a], count: 3 });
    expect(await postsOf(b)).toEqual({ accounts: [b], count: 5 });
    const who = await db.database.readAccount(a, (tx) =>
      tx.execute<{ user: string }>(sql`select current_user as user`),
    );
    expect(who.rows[0]?.user).toBe("lyceum_app");
  });

  test("A11 readAccount refuses every write, of its own account's rows too", async () => {
    const write = db.database.readAccount(a, (tx) =>
      tx.execute(sql`update posts set title = 'changed' where account_id = ${a}`),
    );
    // 25006: read_only_sql_transaction.
    await expect(write).rejects.toMatchObject({ cause: { code: "25006" } });
    const titles = await db.database.forAccount(a, (tx) =>
      tx.execute(sql`select 1 from posts where title = 'changed'`),
    );
    expect(titles.rows).toHaveLength(0);
    expect(() => db.database.readAccount("not-a-uuid", async () => null)).toThrow(/uuid/);
  });

  test("A11 20 reads of two accounts at once, beside writes, each see only their own account", async () => {
    const reads = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b));
    const results = await Promise.all([
      ...reads.map((accountId) => postsOf(accountId).then((seen) => ({ accountId, seen }))),
      // Writes of both accounts in transactions of their own, interleaved with the reads.
      ...[a, b].map((accountId) =>
        db.database.forAccount(accountId, (tx) =>
          tx.execute(sql`update posts set title = title where account_id = ${accountId}`),
        ),
      ),
    ]);
    for (const result of results.slice(0, reads.length)) {
      const { accountId, seen } = result as { accountId: string; seen: { accounts: string[] } };
      expect(seen.accounts).toEqual([accountId]);
    }
    // Nothing of a scope outlives its statement: a plain owner statement sees every account.
    const all = await db.database.owner.execute<{ account_id: string }>(
      sql`select account_id from posts where account_id in (${a}, ${b})`,
    );
    expect(accountsOf(all.rows).sort()).toEqual([a, b].sort());
  });

  test("A11 a read that fails among reads sent together fails alone, and a write between reads is seen by the next", async () => {
    const titleOf = (accountId: string) =>
      db.database.readAccount(accountId, async (tx) => {
        const found = await tx.execute<{ title: string }>(sql`select title from posts limit 1`);
        return found.rows[0]!.title;
      });
    const countOf = (accountId: string) =>
      db.database.readAccount(accountId, async (tx) => {
        const found = await tx.execute<{ n: number }>(sql`select count(*)::int as n from posts`);
        return found.rows[0]!.n;
      });
    // One statement each, sent in one turn: on the embedded database they may share a
    // transaction, which the failed write aborts (pglite-thread.test.ts makes them queue for sure).
    const results = await Promise.allSettled([
      countOf(a),
      db.database.readAccount(a, (tx) =>
        tx.execute(sql`update posts set title = 'changed' where account_id = ${a}`),
      ),
      countOf(a),
      countOf(a),
      countOf(b),
      countOf(a),
    ]);
    expect(results[1]).toMatchObject({ status: "rejected", reason: { cause: { code: "25006" } } });
    expect(results.filter((_, i) => i !== 1)).toEqual(
      [3, 3, 3, 5, 3].map((value) => ({ status: "fulfilled", value })),
    );

    // Reads keep coming while the write waits its turn: the one sent after it sees it.
    const reads = Array.from({ length: 5 }, () => titleOf(a));
    const write = db.database.forAccount(a, (tx) =>
      tx.execute(sql`update posts set title = 'seen after' where account_id = ${a}`),
    );
    const after = write.then(() => titleOf(a));
    await Promise.all([...reads, write]);
    expect(await after).toBe("seen after");
  });
});
