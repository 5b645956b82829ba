import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildWorld, type World } from "../../../tests/support/access-matrix";
import { createClient } from "../../../tests/support/http-client";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestApp } from "../../../tests/support/test-server";
import { couponCheckLimits } from "./api.server";
import { redeemCoupon } from "./coupons.server";

const superAdminEmail = "root-coupons@platform.test";
const password = "Matrix-Harbour-Quartz-88";
let ipCount = 0;
const nextIp = () => `10.83.${Math.floor(ipCount / 250)}.${(ipCount++ % 250) + 1}`;

describe.each(logicBackends)("C2 C3 the coupons API on %s", (backend) => {
  let db: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let world: World;
  let owner: ReturnType<typeof createClient>;

  const signedIn = async (who: "owner" | "student" | "instructor") => {
    const client = createClient(app, { host: world.demo.host, ip: nextIp() });
    const res = await client.post("/api/auth/sign-in/email", {
      email: world.people[who].email,
      password,
    });
    expect(res.status).toBe(200);
    return client;
  };
  const create = async (body: Record<string, unknown>) => {
    const res = await owner.post("/api/coupons", body);
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as { id: string; name: string };
  };

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = createTestApp(db.database, { SUPER_ADMIN_EMAILS: superAdminEmail }).app;
    world = await buildWorld(db.database, superAdminEmail);
    owner = await signedIn("owner");
  }, 120_000);
  afterAll(() => db?.dispose());

  test("C3 check answers valid, unknown (no message), and each refusal with its toast's key", async () => {
    const now = Date.now();
    await create({ name: "SAVE20", discountType: "percentage", amount: 20 });
    await create({ name: "FLAT5", discountType: "flat", amount: 500 });
    await create({ name: "USEDUP", discountType: "flat", amount: 100, usageLimit: 1 });
    await create({
      name: "LATER",
      discountType: "flat",
      amount: 100,
      dateStart: new Date(now + 86_400_000).toISOString(),
    });
    await create({
      name: "GONE",
      discountType: "flat",
      amount: 100,
      dateEnd: new Date(now - 86_400_000).toISOString(),
    });
    const visitor = createClient(app, { host: world.demo.host, ip: nextIp() });
    const ask = async (name: string) => {
      const res = await visitor.post("/api/coupons/check", { name });
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toContain("no-store");
      return res.json();
    };
    expect(await ask("SAVE20")).toEqual({
      status: "valid",
      coupon: { name: "SAVE20", discountType: "percentage", amount: 20, productIds: [] },
    });
    expect(await ask(" FLAT5 ")).toMatchObject({ status: "valid", coupon: { amount: 500 } });
    expect(await ask("save20")).toEqual({ status: "unknown" });
    expect(await ask("LATER")).toEqual({
      status: "unavailable",
      message: "cart.couponUnavailable",
    });
    expect(await ask("GONE")).toEqual({ status: "expired", message: "cart.couponExpired" });
    expect(await ask("USEDUP")).toMatchObject({ status: "valid" });

    // Another site's coupons are unknown here.
    const acme = createClient(app, { host: world.acme.host, ip: nextIp() });
    expect(await (await acme.post("/api/coupons/check", { name: "SAVE20" })).json()).toEqual({
      status: "unknown",
    });
  });

  test("C3 the signed-in viewer's paid orders count against a per-person limit; others are not affected", async () => {
    const row = await create({
      name: `ONCE-${randomUUID().slice(0, 6)}`,
      discountType: "percentage",
      amount: 10,
      perUserLimit: 1,
    });
    const { accountId } = world.demo;
    await db.database.forAccount(accountId, (tx) =>
      redeemCoupon(tx, {
        accountId,
        couponId: row.id,
        orderId: randomUUID(),
        userId: world.people.student.userId,
      }),
    );
    const student = await signedIn("student");
    const instructor = await signedIn("instructor");
    const anonymous = createClient(app, { host: world.demo.host, ip: nextIp() });
    const statusOf = async (client: ReturnType<typeof createClient>) =>
      (await (await client.post("/api/coupons/check", { name: row.name })).json()) as {
        status: string;
        message?: string;
      };
    expect(await statusOf(student)).toEqual({ status: "limit", message: "cart.couponLimit" });
    expect((await statusOf(instructor)).status).toBe("valid");
    expect((await statusOf(anonymous)).status).toBe("valid");
  });

  test("C3 checks are limited per address, so codes cannot be guessed one by one", async () => {
    const guesser = createClient(app, { host: world.demo.host, ip: nextIp() });
    const statuses: number[] = [];
    for (let i = 0; i < couponCheckLimits.points + 2; i++)
      statuses.push((await guesser.post("/api/coupons/check", { name: `GUESS${i}` })).status);
    expect(statuses.slice(0, couponCheckLimits.points).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(couponCheckLimits.points)).toEqual([429, 429]);
    // Even a right code is not told once the address is over its limit.
    const res = await guesser.post("/api/coupons/check", { name: "SAVE20" });
    expect(res.status).toBe(429);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("request.tooMany");
  });

  test("C3 malformed checks are 400, never 500", async () => {
    const visitor = createClient(app, { host: world.demo.host, ip: nextIp() });
    for (const body of [
      {},
      { name: "" },
      { name: 5 },
      { name: "x".repeat(65) },
      { name: "A\u0001" },
      { name: "A", extra: 1 },
    ]) {
      const res = await visitor.post("/api/coupons/check", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const raw = await visitor.request("/api/coupons/check", { method: "POST" });
    expect(raw.status).toBe(400);
  });

  test("C3 the manager's CRUD over HTTP; usage_count is read-only; names unique per site", async () => {
    const made = await create({
      name: "SUMMER",
      discountType: "percentage",
      amount: 25,
      usageLimit: 50,
      perUserLimit: 1,
      dateStart: "2026-07-01T00:00:00.000Z",
      dateEnd: "2026-08-31T23:59:59.999Z",
    });
    const again = await owner.post("/api/coupons", {
      name: "SUMMER",
      discountType: "flat",
      amount: 1,
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe(
      "coupons.nameTaken",
    );

    const listed = (await (await owner.request("/api/coupons")).json()) as {
      coupons: { id: string; name: string; usageCount: number }[];
    };
    expect(listed.coupons.find((c) => c.id === made.id)).toMatchObject({
      name: "SUMMER",
      usageCount: 0,
    });

    const patch = (body: unknown) =>
      owner.request(`/api/coupons/${made.id}`, { method: "PATCH", json: body });
    expect((await patch({ usageCount: 10 })).status).toBe(400);
    expect((await patch({ amount: 101 })).status).toBe(400);
    expect((await patch({})).status).toBe(400);
    const changed = await patch({ amount: 30, name: "SUMMER30" });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ name: "SUMMER30", amount: 30, usageLimit: 50 });

    const missing = `/api/coupons/${randomUUID()}`;
    expect((await owner.request(missing, { method: "PATCH", json: { amount: 2 } })).status).toBe(
      404,
    );
    expect((await owner.request(missing, { method: "DELETE" })).status).toBe(404);
    expect((await owner.request(`/api/coupons/${made.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await owner.request(`/api/coupons/${made.id}`, { method: "DELETE" })).status).toBe(404);

    const student = await signedIn("student");
    expect((await student.request("/api/coupons")).status).toBe(403);
    expect(
      (await student.post("/api/coupons", { name: "MINE", discountType: "flat", amount: 1 }))
        .status,
    ).toBe(403);
    const anonymous = createClient(app, { host: world.demo.host, ip: nextIp() });
    expect((await anonymous.request("/api/coupons")).status).toBe(401);
  });
});
