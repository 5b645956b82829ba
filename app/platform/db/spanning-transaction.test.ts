import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createAccount } from "../../../tests/factories";
import {
  backends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";

const count = async (db: TestDatabase, query: string) =>
  Number((await db.database.owner.execute<{ n: number }>(sql.raw(query))).rows[0]!.n);

describe.each(backends)("A11 one transaction over global and tenant rows on %s", (backend) => {
  let db: TestDatabase;
  let accountId: string;
  let other: string;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
    accountId = (await createAccount(db.database)).accountId;
    other = (await createAccount(db.database)).accountId;
  });
  afterAll(() => db?.dispose());

  const insertUser = (id: string) =>
    sql`insert into users (id, name, email) values (${id}, 'Span', ${`${id}@example.test`})`;

  test("A11 ownerThenAccount commits the global and the tenant part together, or neither", async () => {
    await expect(
      db.database.ownerThenAccount(async (tx, enterAccount) => {
        await tx.execute(insertUser("span-fails"));
        await enterAccount(accountId);
        throw new Error("the tenant part fails");
      }),
    ).rejects.toThrow("the tenant part fails");
    expect(await count(db, "select count(*)::int as n from users where id = 'span-fails'")).toBe(0);

    const scope = await db.database.ownerThenAccount(async (tx, enterAccount) => {
      await tx.execute(insertUser("span-commits"));
      await enterAccount(accountId);
      const [row] = (
        await tx.execute<{ account: string; role: string }>(
          sql`select current_setting('app.account_id', true) as account, current_user as role`,
        )
      ).rows;
      return row;
    });
    expect(scope).toEqual({ account: accountId, role: "lyceum_app" });
    expect(await count(db, "select count(*)::int as n from users where id = 'span-commits'")).toBe(
      1,
    );
  });

  test("A11 after enterAccount the transaction has the app role's rights only, for one account", async () => {
    const seen = await db.database.ownerThenAccount(async (tx, enterAccount) => {
      await enterAccount(accountId);
      const roles = await tx.execute<{ account_id: string }>(
        sql`select distinct account_id from roles`,
      );
      return roles.rows.map((row) => row.account_id);
    });
    expect(seen).toEqual([accountId]);
    expect(seen).not.toContain(other);

    // The auth tables belong to the owner: a scoped transaction cannot write them.
    await expect(
      db.database.ownerThenAccount(async (tx, enterAccount) => {
        await enterAccount(accountId);
        await tx.execute(insertUser("span-as-app"));
      }),
    ).rejects.toThrow();
    await expect(
      db.database.ownerThenAccount(async (_tx, enterAccount) => {
        await enterAccount(accountId);
        await enterAccount(other);
      }),
    ).rejects.toThrow("once");
    // The session is back to the owner and no account afterwards (PGlite is one session).
    const after = await db.database.owner.execute<{ account: string | null; role: string }>(
      sql`select nullif(current_setting('app.account_id', true), '') as account, current_user as role`,
    );
    expect(after.rows[0]!.account).toBeNull();
    expect(after.rows[0]!.role).not.toBe("lyceum_app");
  });
});
