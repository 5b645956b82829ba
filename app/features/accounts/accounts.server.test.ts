import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createAccount } from "../../../tests/factories";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTenantResolver, hostnameOf } from "./accounts.server";

test("hostnameOf drops the port, the trailing dot and the case", () => {
  expect(hostnameOf("Demo.LocalHost:3000")).toBe("demo.localhost");
  expect(hostnameOf("example.com.")).toBe("example.com");
  expect(hostnameOf("[::1]:3000")).toBe("::1");
});

describe.each(logicBackends)("P2 tenant from host on %s", (backend) => {
  let db: TestDatabase;
  let demoId: string;
  let shopId: string;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    demoId = (await createAccount(db.database, { slug: "demo" })).accountId;
    shopId = (await createAccount(db.database, { slug: "shop", domain: "shop.example.com" }))
      .accountId;
    await createAccount(db.database, { slug: "broken", domain: "not_a_domain" });
  });
  afterAll(() => db?.dispose());

  const resolver = () => createTenantResolver({ database: db.database, baseDomain: "localhost" });

  test("P2 the base domain is the platform; {slug}.{base} is that account", async () => {
    const tenants = resolver();
    expect(await tenants.resolve("localhost:3000")).toEqual({ kind: "platform" });
    expect(await tenants.resolve("www.localhost")).toEqual({ kind: "platform" });
    const demo = await tenants.resolve("demo.localhost:3000");
    expect(demo.kind === "account" && demo.account.accountId).toBe(demoId);
  });

  test("P2 a custom domain counts only when it matches the domain pattern", async () => {
    const tenants = resolver();
    const shop = await tenants.resolve("shop.example.com");
    expect(shop.kind === "account" && shop.account.accountId).toBe(shopId);
    expect((await tenants.resolve("not_a_domain")).kind).toBe("unknown");
  });

  test("P2 unknown hosts are unknown, never another account", async () => {
    const tenants = resolver();
    for (const host of [
      "nowhere.localhost",
      "a.demo.localhost",
      "evil.com",
      "",
      "127.0.0.1:3000",
    ]) {
      expect((await tenants.resolve(host)).kind, host).toBe("unknown");
    }
  });

  test("answers are cached until invalidated", async () => {
    const tenants = resolver();
    expect((await tenants.resolve("late.localhost")).kind).toBe("unknown");
    const late = await createAccount(db.database, { slug: "late" });
    tenants.invalidate(late.accountId);
    expect((await tenants.resolve("late.localhost")).kind).toBe("account");

    await db.database.forAccount(late.accountId, (tx) =>
      tx.execute(sql`update accounts set slug = 'renamed' where account_id = ${late.accountId}`),
    );
    expect((await tenants.resolve("late.localhost")).kind).toBe("account");
    tenants.invalidate(late.accountId);
    expect((await tenants.resolve("late.localhost")).kind).toBe("unknown");
    expect((await tenants.resolve("renamed.localhost")).kind).toBe("account");
  });
});
