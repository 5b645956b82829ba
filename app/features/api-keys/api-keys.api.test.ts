import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createMember, createUserWithPassword } from "../../../tests/factories";
import { createOrder } from "../../../tests/factories/orders";
import { buildWorld, type World } from "../../../tests/support/access-matrix";
import { createClient } from "../../../tests/support/http-client";
import { actionData } from "../../../tests/support/route-data";
import {
  backends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestAppWithPages } from "../../../tests/support/test-server";
import { apiKeyLimits } from "./api.server";
import { listApiKeys } from "./api-keys.server";
import type { ApiKeyRow, ApiScope } from "./scopes";
import { apiKeys } from "./tables.server";

const superAdminEmail = "root@platform.test";
const password = "Matrix-Harbour-Quartz-88";
const screen = "/dashboard/manage/site/api-keys";
let ipCounter = 0;
const nextIp = () => `10.37.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

// Both databases: row-level security finds a key on its own site only, and revocations, uses and
// the bound on keys race on real locks (decision 047).
describe.each(backends)("I37 API keys on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  let world: World;
  let owner: ReturnType<typeof createClient>;
  let orderId = "";

  async function signedIn(email: string, host = world.demo.host) {
    const client = createClient(app, { host, ip: nextIp() });
    const res = await client.post("/api/auth/sign-in/email", { email, password });
    expect(res.status).toBe(200);
    return client;
  }

  /** Made on the owner's screen, as its fetcher sends it: the secret is in the answer, once. */
  async function makeKey(
    scopes: ApiScope[],
    { by = owner, expiresInDays = null as number | null } = {},
  ): Promise<{ key: ApiKeyRow; secret: string }> {
    const res = await by.request(`${screen}.data`, {
      method: "POST",
      json: { intent: "create", name: `Key ${scopes.length} ${nextIp()}`, scopes, expiresInDays },
    });
    expect(res.status).toBe(200);
    const answer = (await actionData(res)) as { created: { key: ApiKeyRow; secret: string } };
    return answer.created;
  }

  /** A program's call: no cookie, no Origin, just the key. */
  function call(
    path: string,
    authorization: string | null,
    {
      method = "GET",
      json,
      host = world.demo.host,
      cookie,
    }: {
      method?: string;
      json?: unknown;
      host?: string;
      cookie?: string;
    } = {},
  ) {
    const headers = new Headers({ host });
    if (authorization !== null) headers.set("authorization", authorization);
    if (json !== undefined) headers.set("content-type", "application/json");
    if (cookie) {
      headers.set("cookie", cookie);
      headers.set("origin", `http://${host}`);
    }
    return app.request(
      `http://${host}${path}`,
      { method, headers, body: json === undefined ? undefined : JSON.stringify(json) },
      { incoming: { socket: { remoteAddress: nextIp() } } },
    );
  }
  const bearer = (secret: string) => `Bearer ${secret}`;
  const codeOf = async (res: Response) =>
    ((await res.json()) as { error?: { code: string } }).error?.code;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = (await createTestAppWithPages(db.database, { SUPER_ADMIN_EMAILS: superAdminEmail })).app;
    world = await buildWorld(db.database, superAdminEmail);
    owner = await signedIn(world.people.owner.email);
    const { order } = await createOrder(db.database, {
      accountId: world.demo.accountId,
      userId: world.people.student.userId,
      email: world.people.student.email,
      status: "paid",
      items: [{ title: "Course", amount: 1000 }],
    });
    orderId = order.id;
  }, 120_000);
  afterAll(() => db?.dispose());

  test("I37 a key shown once reads what its scope opens, as JSON, and nothing else", async () => {
    const { key, secret } = await makeKey(["products:read", "orders:read"]);
    expect(secret).toMatch(/^lyk_[A-Za-z0-9_-]{32}$/);
    expect(key.prefix).toBe(secret.slice(0, 12));
    // Only the hash is stored; the list never answers the secret.
    const [row] = await db.database.owner.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(secret);
    const page = await owner.request(screen);
    expect(await page.text()).not.toContain(secret);

    const products = await call("/api/products", bearer(secret));
    expect(products.status).toBe(200);
    expect(await products.json()).toHaveProperty("rows");
    expect((await call(`/api/orders/${orderId}`, bearer(secret))).status).toBe(200);
    expect((await call("/api/search?q=matrix", bearer(secret))).status).toBe(200);

    const coupons = await call("/api/coupons", bearer(secret));
    expect(coupons.status).toBe(403);
    expect(await codeOf(coupons)).toBe("apiKey.scopeMissing");
    const write = await call("/api/products/draft", bearer(secret), {
      method: "POST",
      json: { title: "Not allowed", kind: "download" },
    });
    expect(write.status).toBe(403);
    expect(await codeOf(write)).toBe("apiKey.scopeMissing");
    const stats = await call("/api/analytics/summary", bearer(secret));
    expect(stats.status).toBe(403);
  });

  test("I37 a write key writes without cookies or Origin; bad input is a 400, not a 500", async () => {
    const { secret } = await makeKey(["products:write", "coupons:write", "coupons:read"]);
    const made = await call("/api/products/draft", bearer(secret), {
      method: "POST",
      json: { title: "Made by a program", kind: "download" },
    });
    expect(made.status).toBe(201);
    const coupon = await call("/api/coupons", bearer(secret), {
      method: "POST",
      json: { name: "KEY10", discountType: "percentage", amount: 10 },
    });
    expect(coupon.status).toBe(201);
    const bad = await call("/api/coupons", bearer(secret), {
      method: "POST",
      json: { name: "KEY11", discountType: "percentage", amount: 500 },
    });
    expect(bad.status).toBe(400);
    expect(await codeOf(bad)).toBe("request.invalid");
    expect((await call("/api/coupons", bearer(secret))).status).toBe(200);
  });

  test("I37 revoked, expired and other sites' keys are 401; so is every malformed header", async () => {
    const revoked = await makeKey(["products:read"]);
    expect((await call("/api/products", bearer(revoked.secret))).status).toBe(200);
    const res = await owner.request(`${screen}.data`, {
      method: "POST",
      json: { intent: "revoke", id: revoked.key.id },
    });
    expect(res.status).toBe(200);
    const after = await call("/api/products", bearer(revoked.secret));
    expect(after.status).toBe(401);
    expect(await codeOf(after)).toBe("apiKey.invalid");

    const expiring = await makeKey(["products:read"], { expiresInDays: 7 });
    expect(expiring.key.expiresAt).not.toBeNull();
    expect((await call("/api/products", bearer(expiring.secret))).status).toBe(200);
    // Seven days pass.
    await db.database.owner
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, expiring.key.id));
    expect((await call("/api/products", bearer(expiring.secret))).status).toBe(401);

    // acme's owner's own key works on acme only.
    const acmeOwner = await signedIn(world.people.otherOwner.email, world.acme.host);
    const acme = await makeKey(["products:read"], { by: acmeOwner });
    expect(
      (await call("/api/products", bearer(acme.secret), { host: world.acme.host })).status,
    ).toBe(200);
    const elsewhere = await call("/api/products", bearer(acme.secret));
    expect(elsewhere.status).toBe(401);
    expect(await codeOf(elsewhere)).toBe("apiKey.invalid");

    const live = await makeKey(["products:read"]);
    const malformed = [
      "Bearer lyk_",
      "Bearer lyk_short",
      `Bearer ${live.secret} extra`,
      `Bearer ${live.secret}x`,
      `bearer   lyk_${"A".repeat(32)}`,
      `Bearer lyk_${"é".repeat(32)}`,
      `Bearer lyk_${"A".repeat(8000)}`,
      `Bearer lyk_${"A".repeat(31)}\t`,
    ];
    for (const header of malformed) {
      const answer = await call("/api/products", header);
      expect(answer.status, header.slice(0, 40)).toBe(401);
      expect(await codeOf(answer), header.slice(0, 40)).toBe("apiKey.invalid");
    }
    // Not ours to read: the route answers as to anyone without a session.
    for (const header of ["Bearer", "Basic Zm9vOmJhcg==", "Bearer someone-elses-token", ""])
      expect((await call("/api/products", header)).status, header).toBe(401);
    // The same secret, well formed, still works: case and spacing of the scheme are free.
    expect((await call("/api/products", `bearer  ${live.secret}`)).status).toBe(200);
  });

  test("I37 a key whose maker is demoted or removed stops working; its maker's role never widens it", async () => {
    const coOwnerEmail = `co-owner-${Date.now()}@example.test`;
    const user = await createUserWithPassword(db.database, {
      email: coOwnerEmail,
      name: "Co Owner",
      password,
    });
    await createMember(db.database, {
      accountId: world.demo.accountId,
      roleName: "site_owner",
      user,
    });
    const coOwner = await signedIn(coOwnerEmail);
    const { secret } = await makeKey(["products:read", "analytics:read"], { by: coOwner });
    expect((await call("/api/products", bearer(secret))).status).toBe(200);
    expect((await call("/api/analytics/summary", bearer(secret))).status).toBe(200);

    // The owner makes them an instructor (manage_stats, no manage_options) on the members screen.
    const demoted = await owner.request(`/dashboard/manage/user.data?id=${user.id}`, {
      method: "POST",
      json: { intent: "setRole", userId: user.id, role: "instructor" },
    });
    expect(demoted.status).toBe(200);
    const refused = await call("/api/analytics/summary", bearer(secret));
    expect(refused.status).toBe(401);
    expect(await codeOf(refused)).toBe("apiKey.invalid");

    // Made an owner again, the key works again; removed, it does not.
    await owner.request(`/dashboard/manage/user.data?id=${user.id}`, {
      method: "POST",
      json: { intent: "setRole", userId: user.id, role: "site_owner" },
    });
    expect((await call("/api/products", bearer(secret))).status).toBe(200);
    await owner.request(`/dashboard/manage/user.data?id=${user.id}`, {
      method: "POST",
      json: { intent: "remove", userId: user.id },
    });
    expect((await call("/api/products", bearer(secret))).status).toBe(401);
  });

  test("I37 no key reaches key management, sessions, passwords, profiles or account deletion", async () => {
    const { secret } = await makeKey([
      "products:read",
      "products:write",
      "coupons:read",
      "coupons:write",
      "orders:read",
      "analytics:read",
    ]);
    const closed: [string, string, unknown?][] = [
      ["GET", "/api/account/sessions"],
      ["POST", "/api/account/sessions/revoke", {}],
      [
        "POST",
        "/api/auth/change-password",
        { currentPassword: password, newPassword: "Another-Long-Pass-99" },
      ],
      ["POST", "/api/auth/delete-user", { password }],
      ["POST", "/api/auth/change-email", { newEmail: "taken@example.test" }],
      ["GET", "/api/account/me"],
      ["GET", "/api/account/my-data"],
      ["POST", "/api/account/profile", { name: "Renamed" }],
      ["PUT", "/api/payments/providers", {}],
      ["PUT", "/api/site/options/general", {}],
      ["POST", "/api/orders/" + orderId + "/refund", { amount: 1 }],
    ];
    for (const [method, path, json] of closed) {
      const res = await call(path, bearer(secret), { method, json });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await codeOf(res), path).toBe("apiKey.routeClosed");
    }
    // With the owner's own cookies beside it, the key still decides (and the session does not).
    const cookie = [...owner.jar].map(([name, value]) => `${name}=${value}`).join("; ");
    const both = await call("/api/account/sessions", bearer(secret), { cookie });
    expect(both.status).toBe(403);
    // The keys screen is a page: a key is no session there, so nothing is made.
    const before = (await listApiKeys(db.database, world.demo.accountId)).length;
    const page = await call(`${screen}.data`, bearer(secret), {
      method: "POST",
      json: { intent: "create", name: "Sneaky", scopes: ["products:read"] },
    });
    expect(page.status).not.toBe(200);
    expect((await listApiKeys(db.database, world.demo.accountId)).length).toBe(before);
    // The owner's password still opens their session.
    expect((await signedIn(world.people.owner.email)).sessionCookie()).toBeTruthy();
  });

  test("I37 last used is written once a minute; 20 uses and revocations at once answer 200 or 401, never more", async () => {
    const { key, secret } = await makeKey(["products:read"]);
    const uses = await Promise.all(
      Array.from({ length: 20 }, () => call("/api/products", bearer(secret))),
    );
    expect(uses.map((res) => res.status)).toEqual(Array(20).fill(200));
    const first = (await listApiKeys(db.database, world.demo.accountId)).find(
      (row) => row.id === key.id,
    )!;
    expect(first.lastUsedAt).not.toBeNull();
    expect((await call("/api/products", bearer(secret))).status).toBe(200);
    const second = (await listApiKeys(db.database, world.demo.accountId)).find(
      (row) => row.id === key.id,
    )!;
    expect(second.lastUsedAt).toBe(first.lastUsedAt);

    const racing = await makeKey(["products:read"]);
    const mixed = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? owner.request(`${screen}.data`, {
              method: "POST",
              json: { intent: "revoke", id: racing.key.id },
            })
          : call("/api/products", bearer(racing.secret)),
      ),
    );
    mixed.forEach((res, i) => expect([200, 401], String(i)).toContain(res.status));
    expect(mixed.filter((_, i) => i % 2 === 0).every((res) => res.status === 200)).toBe(true);
    expect((await call("/api/products", bearer(racing.secret))).status).toBe(401);
    const [row] = await db.database.owner
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.id, racing.key.id));
    expect(row!.revokedAt).not.toBeNull();
  });

  test("I37 twenty keys made at once stop at the site's bound; each key has its own rate limit", async () => {
    const { secret } = await makeKey(["products:read"]);
    let last = 0;
    for (let i = 0; i <= apiKeyLimits.points; i++)
      last = (await call("/api/openapi.json", bearer(secret))).status;
    expect(last).toBe(429);
    const other = await makeKey(["products:read"]);
    expect((await call("/api/openapi.json", bearer(other.secret))).status).toBe(200);

    const live = (await listApiKeys(db.database, world.demo.accountId)).filter(
      (row) => !row.revokedAt,
    ).length;
    const room = 50 - live;
    const answers = await Promise.all(
      Array.from({ length: room + 20 }, (_, i) =>
        owner.request(`${screen}.data`, {
          method: "POST",
          json: { intent: "create", name: `Bulk ${i}`, scopes: ["products:read"] },
        }),
      ),
    );
    expect(answers.filter((res) => res.status === 200)).toHaveLength(room);
    expect(answers.filter((res) => res.status === 409)).toHaveLength(20);
  });
});
