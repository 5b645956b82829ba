import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildWorld, type World } from "../../../tests/support/access-matrix";
import { createClient } from "../../../tests/support/http-client";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestApp } from "../../../tests/support/test-server";
import { analyticsLimits } from "./api.server";
import { analyticsEvents, funnelSessions, pageViews } from "./tables.server";

let ipCount = 0;
const ip = () => `10.66.${Math.floor(ipCount / 250)}.${(ipCount++ % 250) + 1}`;
const password = "Matrix-Harbour-Quartz-88";
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const deviceInfo = {
  browser: "Chrome",
  platform: "Android",
  screenWidth: 390,
  screenHeight: 844,
  deviceType: "mobile",
};

describe.each(logicBackends)("P21 P22 first-party analytics API on %s", (backend) => {
  let db: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let world: World;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = createTestApp(db.database).app;
    world = await buildWorld(db.database, "root@platform.test");
  });
  afterAll(() => db?.dispose());

  const funnelBody = (overrides: Record<string, unknown> = {}) => ({
    utm_source: "newsletter",
    utm_medium: "email",
    utm_campaign: "spring",
    initial_page: "/course?utm_source=newsletter&email=someone@example.test",
    account_id: world.demo.accountId,
    deviceInfo,
    ...overrides,
  });

  /** A raw POST as `navigator.sendBeacon` makes it: text/plain, the page's origin. */
  function beacon(
    path: string,
    body: string,
    {
      host = world.demo.host,
      from = ip(),
      origin,
    }: { host?: string; from?: string; origin?: string } = {},
  ) {
    return app.request(
      `http://${host}${path}`,
      {
        method: "POST",
        headers: {
          host,
          origin: origin ?? `http://${host}`,
          "content-type": "text/plain;charset=UTF-8",
        },
        body,
      },
      { incoming: { socket: { remoteAddress: from } } },
    );
  }

  const rows = <T>(accountId: string, work: Parameters<typeof db.database.forAccount<T>>[1]) =>
    db.database.forAccount(accountId, work);

  async function signedIn(person: keyof World["people"], host = world.demo.host) {
    const client = createClient(app, { host, ip: ip() });
    const res = await client.post("/api/auth/sign-in/email", {
      email: world.people[person].email,
      password,
    });
    expect(res.status).toBe(200);
    return client;
  }

  test("P22 funnel start answers a uuid session_id stored for the host's account, without the query string", async () => {
    const visitor = createClient(app, { host: world.demo.host, ip: ip() });
    const res = await visitor.post("/api/funnel/start", {
      ...funnelBody(),
      deviceInfo: { ...deviceInfo, userAgent: "Mozilla/5.0 (secret fingerprint)" },
    });
    expect(res.status).toBe(200);
    const { session_id } = (await res.json()) as { session_id: string };
    expect(session_id).toMatch(uuidPattern);
    const [stored] = await rows(world.demo.accountId, (tx) =>
      tx.select().from(funnelSessions).where(eq(funnelSessions.id, session_id)),
    );
    expect(stored).toMatchObject({
      accountId: world.demo.accountId,
      utmSource: "newsletter",
      utmMedium: "email",
      utmCampaign: "spring",
      initialPage: "/course",
      deviceInfo,
    });
    // Only the listed device facts are kept.
    expect(Object.keys(stored!.deviceInfo).sort()).toEqual(Object.keys(deviceInfo).sort());
    const elsewhere = await rows(world.acme.accountId, (tx) =>
      tx.select().from(funnelSessions).where(eq(funnelSessions.id, session_id)),
    );
    expect(elsewhere).toEqual([]);
  });

  test("P22 funnel start refuses another account's id, a missing utm field and a bad device", async () => {
    const visitor = createClient(app, { host: world.demo.host, ip: ip() });
    const wrong = await visitor.post(
      "/api/funnel/start",
      funnelBody({ account_id: world.acme.accountId }),
    );
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ error: { code: "analytics.accountMismatch" } });
    for (const field of ["utm_source", "utm_medium", "utm_campaign"]) {
      const missing = funnelBody();
      delete (missing as Record<string, unknown>)[field];
      const res = await visitor.post("/api/funnel/start", missing);
      expect(res.status, field).toBe(400);
      expect(await res.json()).toMatchObject({
        error: { code: "request.invalid", details: [{ path: field }] },
      });
      const empty = await visitor.post("/api/funnel/start", funnelBody({ [field]: " " }));
      expect(empty.status, `${field} blank`).toBe(400);
    }
    const tooLong = await visitor.post(
      "/api/funnel/start",
      funnelBody({ utm_campaign: "x".repeat(201) }),
    );
    expect(tooLong.status).toBe(400);
    const badDevice = await visitor.post(
      "/api/funnel/start",
      funnelBody({ deviceInfo: { ...deviceInfo, deviceType: "fridge" } }),
    );
    expect(badDevice.status).toBe(400);
    const count = await rows(world.acme.accountId, (tx) => tx.select().from(funnelSessions));
    expect(count).toEqual([]);
  });

  test("P22 funnel start on the platform's host or an unknown host is 404", async () => {
    const platform = createClient(app, { host: "localhost", ip: ip() });
    const res = await platform.post("/api/funnel/start", funnelBody());
    expect(res.status).toBe(404);
    const nowhere = createClient(app, { host: "nowhere.localhost", ip: ip() });
    const unknown = await nowhere.post("/api/funnel/start", funnelBody());
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: "tenant.notFound" } });
  });

  test("P21 a beacon page view is stored with the host's tenant_id, path without query, referrer host only", async () => {
    const res = await beacon(
      "/api/analytics/collect",
      JSON.stringify({
        name: "page_view",
        tenant_id: world.demo.accountId,
        path: "/login/reset-password?token=secret-token#top",
        referrer: "https://www.search.example/search?q=my+private+question",
        device_type: "tablet",
      }),
    );
    expect(res.status).toBe(204);
    const stored = await rows(world.demo.accountId, (tx) =>
      tx.select().from(pageViews).where(eq(pageViews.path, "/login/reset-password")),
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      accountId: world.demo.accountId,
      referrerHost: "www.search.example",
      deviceType: "tablet",
      funnelSessionId: null,
    });
    expect(JSON.stringify(stored)).not.toContain("secret-token");
    expect(JSON.stringify(stored)).not.toContain("private");
  });

  test("P21 a page view names its tenant: another account's id, a foreign origin and bad JSON are refused", async () => {
    const body = { name: "page_view", tenant_id: world.acme.accountId, path: "/stolen" };
    const wrong = await beacon("/api/analytics/collect", JSON.stringify(body));
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ error: { code: "analytics.accountMismatch" } });
    const foreign = await beacon(
      "/api/analytics/collect",
      JSON.stringify({ ...body, tenant_id: world.demo.accountId }),
      { origin: "https://evil.example" },
    );
    expect(foreign.status).toBe(403);
    expect((await beacon("/api/analytics/collect", "{not json")).status).toBe(400);
    expect(
      (
        await beacon(
          "/api/analytics/collect",
          JSON.stringify({ ...body, tenant_id: world.demo.accountId, path: "no-slash" }),
        )
      ).status,
    ).toBe(400);
    for (const accountId of [world.demo.accountId, world.acme.accountId]) {
      const stolen = await rows(accountId, (tx) =>
        tx.select().from(pageViews).where(eq(pageViews.path, "/stolen")),
      );
      expect(stolen).toEqual([]);
    }
  });

  test("P21 add_to_cart stores currency, value and items, tied to a known funnel session only", async () => {
    const visitor = createClient(app, { host: world.demo.host, ip: ip() });
    const started = await visitor.post("/api/funnel/start", funnelBody());
    const { session_id } = (await started.json()) as { session_id: string };
    const items = [
      { item_id: "course-1", item_name: "Watercolour basics", price: 49, quantity: 1 },
      { item_id: 7, item_name: "Brush set", price: 12.5, quantity: 2 },
    ];
    const res = await visitor.post("/api/analytics/collect", {
      name: "add_to_cart",
      tenant_id: world.demo.accountId,
      session_id,
      path: "/course/watercolour",
      currency: "eur",
      value: 74,
      items,
    });
    expect(res.status).toBe(204);
    const [event] = await rows(world.demo.accountId, (tx) =>
      tx.select().from(analyticsEvents).where(eq(analyticsEvents.funnelSessionId, session_id)),
    );
    expect(event).toMatchObject({
      accountId: world.demo.accountId,
      name: "add_to_cart",
      currency: "EUR",
      path: "/course/watercolour",
    });
    expect(Number(event!.value)).toBe(74);
    expect(event!.items).toEqual([items[0], { ...items[1], item_id: "7" }]);

    // acme's site cannot attach an event to demo's session: the id is dropped, the event kept.
    const acmeVisitor = createClient(app, { host: world.acme.host, ip: ip() });
    const borrowed = await acmeVisitor.post("/api/analytics/collect", {
      name: "page_view",
      tenant_id: world.acme.accountId,
      session_id,
      path: "/borrowed",
    });
    expect(borrowed.status).toBe(204);
    const [view] = await rows(world.acme.accountId, (tx) =>
      tx.select().from(pageViews).where(eq(pageViews.path, "/borrowed")),
    );
    expect(view).toMatchObject({ accountId: world.acme.accountId, funnelSessionId: null });

    for (const bad of [
      { currency: "EURO" },
      { value: -1 },
      { items: [] },
      { items: [{ item_id: "x", item_name: "x", price: 1, quantity: 0 }] },
    ]) {
      const refused = await visitor.post("/api/analytics/collect", {
        name: "add_to_cart",
        tenant_id: world.demo.accountId,
        currency: "USD",
        value: 1,
        items,
        ...bad,
      });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
    }
  });

  test("P21 the summary is for the site's managers: anonymous 401, student 403, owner 200 with the counts", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const query = `/api/analytics/summary?from=${today}&to=${today}`;
    const anonymous = createClient(app, { host: world.demo.host, ip: ip() });
    expect((await anonymous.request(query)).status).toBe(401);
    const student = await signedIn("student");
    expect((await student.request(query)).status).toBe(403);
    const instructor = await signedIn("instructor");
    expect((await instructor.request(query)).status).toBe(403);

    const before = await (await (await signedIn("owner")).request(query)).json();
    for (const path of ["/blog", "/blog", "/blog", "/course"]) {
      const res = await beacon(
        "/api/analytics/collect",
        JSON.stringify({ name: "page_view", tenant_id: world.demo.accountId, path }),
      );
      expect(res.status).toBe(204);
    }
    const owner = await signedIn("owner");
    const res = await owner.request(query);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const summary = await res.json();
    expect(summary.pageViews).toBe(before.pageViews + 4);
    expect(summary.pageViewsByDay).toEqual([{ day: today, count: summary.pageViews }]);
    expect(summary.topPaths[0]).toEqual({ path: "/blog", count: 3 });
    expect(summary.topPaths).toContainEqual({ path: "/course", count: 1 });
    expect(summary.addToCart).toBeGreaterThanOrEqual(1);
    expect(summary.funnelSessions).toBeGreaterThanOrEqual(1);

    // acme's owner, on acme, sees acme's traffic only.
    const otherOwner = await signedIn("otherOwner", world.acme.host);
    const theirs = await (await otherOwner.request(query)).json();
    expect(theirs.topPaths.map((p: { path: string }) => p.path)).not.toContain("/blog");
    expect(theirs.addToCart).toBe(0);

    // A range is whole days, zeros included; a bad range is refused.
    const week = await (
      await owner.request(`/api/analytics/summary?from=2026-01-01&to=2026-01-07`)
    ).json();
    expect(week.pageViewsByDay).toHaveLength(7);
    expect(week.pageViews).toBe(0);
    expect(
      (await owner.request(`/api/analytics/summary?from=2026-02-01&to=2026-01-01`)).status,
    ).toBe(400);
    expect(
      (await owner.request(`/api/analytics/summary?from=2024-01-01&to=2026-01-01`)).status,
    ).toBe(400);
    expect((await owner.request(`/api/analytics/summary?from=yesterday`)).status).toBe(400);
  });

  test("P21 one address is rate limited (429) and a big body is refused (413)", async () => {
    const from = ip();
    const junk = JSON.stringify({ name: "page_view" });
    let status = 0;
    for (let i = 0; i <= analyticsLimits.collect.points; i++) {
      status = (await beacon("/api/analytics/collect", junk, { from })).status;
      if (i < analyticsLimits.collect.points) expect(status).toBe(400);
    }
    expect(status).toBe(429);
    const limited = await beacon("/api/analytics/collect", junk, { from });
    expect(await limited.json()).toMatchObject({ error: { code: "request.tooMany" } });
    // Another address is not affected.
    expect((await beacon("/api/analytics/collect", junk)).status).toBe(400);

    const starter = ip();
    const visitor = createClient(app, { host: world.demo.host, ip: starter });
    for (let i = 0; i < analyticsLimits["funnel-start"].points; i++) {
      expect((await visitor.post("/api/funnel/start", {})).status).toBe(400);
    }
    expect((await visitor.post("/api/funnel/start", funnelBody())).status).toBe(429);

    const huge = JSON.stringify({
      name: "page_view",
      tenant_id: world.demo.accountId,
      path: `/${"a".repeat(20_000)}`,
    });
    const tooBig = await beacon("/api/analytics/collect", huge);
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toMatchObject({ error: { code: "request.tooLarge" } });
  });
});
