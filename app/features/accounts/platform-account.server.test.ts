import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTenantResolver } from "./accounts.server";
import {
  asPlatformAccount,
  isPlatformAccount,
  PLATFORM_ACCOUNT_ID,
  platformAccount,
  platformOrigin,
} from "./platform-account.server";
import { reservedSlugs } from "./validation";

test("I14 only a super-admin runs work as the platform account", () => {
  const work = ({ accountId }: { accountId: string }) => accountId;
  expect(() => asPlatformAccount(null, work)).toThrow(
    expect.objectContaining({ code: "not_authenticated" }),
  );
  // A site's owner or manager is nobody here.
  expect(() => asPlatformAccount({ isSuperAdmin: false }, work)).toThrow(
    expect.objectContaining({ code: "auth.forbidden" }),
  );
  expect(asPlatformAccount({ isSuperAdmin: true }, work)).toBe(PLATFORM_ACCOUNT_ID);
  expect(isPlatformAccount(PLATFORM_ACCOUNT_ID)).toBe(true);
  expect(isPlatformAccount("00000000-0000-4000-8000-000000000002")).toBe(false);
});

test("I14 the platform's address keeps the request's scheme and port", () => {
  expect(platformOrigin({ baseDomain: "localhost", like: "http://demo.localhost:3000/x" })).toBe(
    "http://localhost:3000",
  );
  expect(platformOrigin({ baseDomain: "lyceum.app", like: "https://a.lyceum.app/" })).toBe(
    "https://lyceum.app",
  );
});

describe.each(logicBackends)("I14 the platform account on %s", (backend) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(() => db?.dispose());

  test("I14 the migrations make the platform account: its fixed id, the reserved slug", async () => {
    const rows = await db.database.asApp((tx) =>
      tx.execute<{ account_id: string; slug: string; domain: string | null }>(
        sql`select account_id, slug, domain from accounts where slug = 'platform'`,
      ),
    );
    expect(rows.rows).toEqual([
      { account_id: PLATFORM_ACCOUNT_ID, slug: "platform", domain: null },
    ]);
    expect(platformAccount.slug).toBe("platform");
    expect(reservedSlugs.has(platformAccount.slug)).toBe(true);
  });

  test("I14 no host resolves to the platform account: platform.{base} and its domain stay unknown", async () => {
    const tenants = createTenantResolver({ database: db.database, baseDomain: "localhost" });
    expect(await tenants.resolve("platform.localhost:3000")).toEqual({
      kind: "unknown",
      host: "platform.localhost",
    });
    // Even a custom domain set on the row (by hand, say) does not open it.
    await db.database.forAccount(PLATFORM_ACCOUNT_ID, (tx) =>
      tx.execute(
        sql`update accounts set domain = 'docs.example.com' where account_id = ${PLATFORM_ACCOUNT_ID}`,
      ),
    );
    tenants.invalidate();
    expect((await tenants.resolve("docs.example.com")).kind).toBe("unknown");
    expect(await tenants.resolve("localhost")).toEqual({ kind: "platform" });
    await db.database.forAccount(PLATFORM_ACCOUNT_ID, (tx) =>
      tx.execute(sql`update accounts set domain = null where account_id = ${PLATFORM_ACCOUNT_ID}`),
    );
  });
});
