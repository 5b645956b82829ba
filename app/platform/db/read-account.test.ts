import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createAccount, createPostsInBulk } from "../../../tests/factories";
import {
  backends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";

const accountsOf = (rows: { account_id: string }[]) => [...new Set(rows.map((r) => r.account_id))];

// readAccount runs each statement as a transaction of its own on the embedded database's thread
// (decision 058): the account travels with every statement, so these tests interleave them.
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
});
