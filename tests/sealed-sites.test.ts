import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sessions, users } from "~/features/auth/tables.server";
import { buildWorld, type World } from "./support/access-matrix";
import { databaseDigest } from "./support/database-digest";
import { createClient } from "./support/http-client";
import { backends, createTestDatabase, type TestDatabase } from "./support/test-database";
import { createTestAppWithPages } from "./support/test-server";

const superAdminEmail = "root@platform.test";
const password = "Matrix-Harbour-Quartz-88";
let ip = 0;
const nextIp = () => `10.97.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

describe.each(backends)("A11 sealed sites on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  let world: World;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = (await createTestAppWithPages(db.database, { SUPER_ADMIN_EMAILS: superAdminEmail })).app;
    world = await buildWorld(db.database, superAdminEmail);
  });
  afterAll(() => db?.dispose());

  async function signedIn(host: string, email: string) {
    const client = createClient(app, { host, ip: nextIp() });
    const res = await client.post("/api/auth/sign-in/email", { email, password });
    expect(res.status).toBe(200);
    return client;
  }

  /** The same cookies, sent to another host (as a script or a copied cookie would). */
  function carried(from: ReturnType<typeof createClient>, host: string) {
    const client = createClient(app, { host, ip: nextIp() });
    for (const [name, value] of from.jar) client.jar.set(name, value);
    return client;
  }

  const tokensOf = async (userId: string) =>
    (await db.database.owner.select().from(sessions).where(eq(sessions.userId, userId))).map(
      (row) => row.token,
    );

  test("A11 a session from one site is nobody on another: better-auth, the API and pages", async () => {
    const student = world.people.student;
    const home = await signedIn(world.demo.host, student.email);
    const session = (await (await home.request("/api/auth/get-session")).json()) as {
      user: { email: string };
      session: Record<string, unknown>;
    };
    expect(session.user.email).toBe(student.email);
    expect(session.session).not.toHaveProperty("token");

    for (const host of [world.acme.host, "localhost"]) {
      const away = carried(home, host);
      const got = await away.request("/api/auth/get-session");
      expect(got.status).toBe(200);
      expect(await got.json()).toBeNull();
      expect((await away.post("/api/auth/update-user", { name: "Hijacked" })).status).toBe(401);
      expect((await away.request("/api/auth/list-sessions")).status).toBe(404);
      expect((await away.request("/api/account/me")).status).toBe(401);
      expect((await away.request("/api/account/sessions")).status).toBe(401);
      if (host !== "localhost") {
        expect((await away.request("/dashboard/profile")).status).toBe(302);
        const data = await away.request("/dashboard/profile.data");
        expect(await data.text()).not.toContain(student.email);
      }
    }
    const [row] = await db.database.owner.select().from(users).where(eq(users.id, student.userId));
    expect(row!.name).toBe("student");
  });

  test("A11 each site lists and ends only its own sessions, and never shows a token", async () => {
    const person = world.people.instructor;
    const demo = await signedIn(world.demo.host, person.email);
    const acme = await signedIn(world.acme.host, person.email);
    const tokens = await tokensOf(person.userId);
    expect(tokens.length).toBeGreaterThanOrEqual(2);

    const list = async (client: typeof demo) => {
      const res = await client.request("/api/account/sessions");
      const text = await res.text();
      for (const token of tokens) expect(text).not.toContain(token);
      return (JSON.parse(text) as { sessions: Array<{ id: string; current: boolean }> }).sessions;
    };
    const onDemo = await list(demo);
    const onAcme = await list(acme);
    expect(onDemo).toHaveLength(1);
    expect(onAcme).toHaveLength(1);
    expect(onDemo[0]!.current).toBe(true);
    expect(onDemo[0]!.id).not.toBe(onAcme[0]!.id);

    // demo cannot end acme's session by id, by token, or all at once.
    const acmeToken = acme.sessionCookie()!.split(".")[0]!;
    expect((await demo.post("/api/account/sessions/revoke", { id: onAcme[0]!.id })).status).toBe(
      404,
    );
    expect((await demo.post("/api/auth/revoke-session", { token: acmeToken })).status).toBe(404);
    expect((await demo.post("/api/auth/revoke-sessions", {})).status).toBe(404);
    for (const spelling of [
      "/api/auth/list-sessions/",
      "/api/auth/LIST-SESSIONS",
      "/api/auth//list-sessions",
    ])
      expect((await demo.request(spelling)).status, spelling).toBe(404);
    expect((await demo.post("/api/auth/revoke-other-sessions", {})).status).toBe(404);
    expect((await demo.post("/api/account/sessions/revoke", { others: true })).status).toBe(200);
    expect((await acme.request("/api/account/me")).status).toBe(200);

    // Signing out of demo leaves acme signed in.
    expect((await demo.post("/api/auth/sign-out", {})).status).toBe(200);
    expect((await demo.request("/api/account/me")).status).toBe(401);
    expect((await acme.request("/api/account/me")).status).toBe(200);
  });

  test("A11 better-auth's answers carry no session token, not even sign-in's", async () => {
    const client = createClient(app, { host: world.demo.host, ip: nextIp() });
    const res = await client.post("/api/auth/sign-in/email", {
      email: world.people.owner.email,
      password,
    });
    const text = await res.text();
    const token = client.sessionCookie()!.split(".")[0]!;
    expect(token.length).toBeGreaterThan(10);
    expect(text).not.toContain(token);
    expect(JSON.parse(text)).not.toHaveProperty("token");
  });

  test("A11 the profile page's session actions answer a clear error for any body", async () => {
    const owner = await signedIn(world.demo.host, world.people.owner.email);
    const bodies: Array<{ type?: string; body: string }> = [
      { type: "application/json", body: '{"intent":"revokeSession"}' },
      { type: "application/json", body: "null" },
      { type: "text/plain", body: "intent=revokeSession" },
      { type: "application/x-www-form-urlencoded", body: "intent=revokeSession" },
      { type: "application/x-www-form-urlencoded", body: "intent=nothing&sessionId=1" },
      { type: "multipart/form-data; boundary=x", body: "--x\r\nbroken" },
      { body: "" },
    ];
    for (const { type, body } of bodies) {
      const res = await app.request(
        `http://${world.demo.host}/dashboard/profile`,
        {
          method: "POST",
          headers: {
            host: world.demo.host,
            origin: `http://${world.demo.host}`,
            cookie: [...owner.jar].map(([k, v]) => `${k}=${v}`).join("; "),
            ...(type ? { "content-type": type } : {}),
          },
          body: body || undefined,
        },
        { incoming: { socket: { remoteAddress: nextIp() } } },
      );
      expect(res.status, `${type} ${body}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${type} ${body}`).toBeLessThan(500);
    }
  });

  test("A11 the cache refresh GETs take a manager's own-site call or the account's signed token", async () => {
    const owner = await signedIn(world.demo.host, world.people.owner.email);
    const issued = await owner.post("/api/site/cache-token", { days: 1 });
    expect(issued.status).toBe(200);
    const { token } = (await issued.json()) as { token: string };
    const path = `/api/site/revalidateCache?site=${world.demo.accountId}&path=blog`;
    const call = (host: string, headers: Record<string, string>) =>
      app.request(
        `http://${host}${path.replace(world.demo.accountId, host === world.demo.host ? world.demo.accountId : world.acme.accountId)}`,
        {
          headers: { host, ...headers },
        },
      );
    expect((await call(world.demo.host, { authorization: `Bearer ${token}` })).status).toBe(200);
    expect((await call(world.acme.host, { authorization: `Bearer ${token}` })).status).toBe(403);
    expect((await call(world.demo.host, { authorization: `Bearer ${token}x` })).status).toBe(403);
    expect((await call(world.demo.host, {})).status).toBe(401);
    const cookie = [...owner.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    expect((await call(world.demo.host, { cookie, "sec-fetch-site": "same-origin" })).status).toBe(
      200,
    );
    // A link or an image on a sister site carries the Lax cookie: refused.
    expect((await call(world.demo.host, { cookie, "sec-fetch-site": "same-site" })).status).toBe(
      403,
    );
  });

  test("A11 bodies past the route's limit are refused before anything stores them", async () => {
    const owner = await signedIn(world.demo.host, world.people.owner.email);
    const cookie = [...owner.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const before = await databaseDigest(db.database);
    const huge = JSON.stringify({ scripts: "x".repeat(20 * 1024 * 1024) });
    const send = (body: BodyInit, extra: Record<string, string> = {}) =>
      app.request(
        `http://${world.demo.host}/api/site/options/misc`,
        {
          method: "PUT",
          headers: {
            host: world.demo.host,
            origin: `http://${world.demo.host}`,
            cookie,
            "content-type": "application/json",
            ...extra,
          },
          body,
          duplex: "half",
        } as RequestInit,
        { incoming: { socket: { remoteAddress: nextIp() } } },
      );
    expect((await send(huge)).status).toBe(413);
    // A stream without a length, and one that claims to be small, are cut off all the same.
    const stream = () =>
      new ReadableStream({
        start(controller) {
          for (let i = 0; i < 40; i++)
            controller.enqueue(new TextEncoder().encode("x".repeat(4096)));
          controller.close();
        },
      });
    expect((await send(stream())).status).toBe(413);
    expect((await send(stream(), { "content-length": "10" })).status).toBe(413);
    expect(await databaseDigest(db.database)).toEqual(before);
    // A real option still fits.
    expect((await send(JSON.stringify({ scripts: "<!-- ok -->" }))).status).toBe(200);
  });

  test("A11 NUL, broken Unicode and non-object bodies are 400 request.malformed, not 500", async () => {
    const client = createClient(app, { host: world.demo.host, ip: nextIp() });
    const search = await client.request("/api/search?q=%00");
    expect(search.status).toBe(400);
    expect(await search.json()).toMatchObject({ error: { code: "request.malformed" } });
    for (const body of ["null", "false", "0", "[]", '"x"']) {
      const res = await app.request(
        `http://${world.demo.host}/api/auth/update-user`,
        {
          method: "POST",
          headers: {
            host: world.demo.host,
            origin: `http://${world.demo.host}`,
            "content-type": "application/json",
          },
          body,
        },
        { incoming: { socket: { remoteAddress: nextIp() } } },
      );
      expect(res.status, body).toBe(400);
    }
    const nul = await client.post("/api/account/sign-up", {
      name: "A\u0000B",
      email: "nul@example.test",
      password: "Matrix-Harbour-Quartz-88",
    });
    expect(nul.status).toBe(400);
    const surrogate = await client.request("/api/account/sign-up", {
      method: "POST",
      json: JSON.parse('{"name":"\\ud800","email":"s@example.test","password":"x"}'),
    });
    expect(surrogate.status).toBe(400);
  });

  test("A11 writes from anywhere but the site's own pages are refused and change nothing", async () => {
    const owner = await signedIn(world.demo.host, world.people.owner.email);
    const cookie = [...owner.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const site = `http://${world.demo.host}`;
    const origins: Array<[string, Record<string, string>]> = [
      ["another site", { origin: `http://${world.acme.host}` }],
      ["a sister subdomain", { origin: "http://evil.localhost" }],
      ["the platform", { origin: "http://localhost" }],
      ["null", { origin: "null" }],
      ["https variant", { origin: `https://${world.demo.host}` }],
      ["absent", {}],
      ["absent, cross-site fetch", { "sec-fetch-site": "cross-site" }],
      ["absent, same-site fetch", { "sec-fetch-site": "same-site" }],
      ["absent, foreign referer", { referer: `http://${world.acme.host}/` }],
    ];
    const json = JSON.stringify({ name: "Changed", message: "<b>hi</b>", intent: "revokeOthers" });
    const multipart = new FormData();
    multipart.set("name", "Changed");
    multipart.set("intent", "revokeOthers");
    multipart.set("file", new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])]), "a.png");
    const bodies: Array<[string, () => { body: BodyInit; type?: string }]> = [
      ["json", () => ({ body: json, type: "application/json" })],
      ["text/plain", () => ({ body: json, type: "text/plain" })],
      [
        "form",
        () => ({
          body: "name=Changed&intent=revokeOthers",
          type: "application/x-www-form-urlencoded",
        }),
      ],
      ["multipart", () => ({ body: multipart })],
    ];
    const writes: Array<[string, string]> = [
      ["POST", "/api/account/profile"],
      ["POST", "/api/account/avatar"],
      ["POST", "/api/account/isSiteOwner"],
      ["POST", "/api/users/getUserEmailById"],
      ["POST", "/api/notifications/read"],
      ["POST", "/api/notifications/read-all"],
      ["POST", "/api/notifications/account"],
      ["PUT", "/api/site/options/misc"],
      ["PUT", "/api/account/branding"],
      ["POST", "/api/account/branding/logo"],
      ["POST", "/api/site/cache-token"],
      ["POST", "/api/account/sessions/revoke"],
      ["POST", "/api/account/sign-up"],
      ["POST", "/api/account/sign-up-phone"],
      ["POST", "/api/analytics/collect"],
      ["POST", "/api/funnel/start"],
      ["POST", "/api/auth/update-user"],
      ["POST", "/api/auth/sign-out"],
      ["POST", "/api/auth/sign-in/email"],
      ["POST", "/api/auth/change-password"],
      ["POST", "/api/auth/change-email"],
      ["POST", "/api/auth/two-factor/enable"],
      ["POST", "/api/auth/request-password-reset"],
      ["POST", "/dashboard/profile"],
      ["POST", "/dashboard/manage/site/theme"],
      ["POST", "/dashboard/manage/site/header"],
      ["POST", "/dashboard/manage/site/footer"],
      ["POST", "/dashboard/notifications"],
      ["POST", "/login"],
      ["POST", "/"],
    ];
    const before = await databaseDigest(db.database);
    const accepted: string[] = [];
    for (const [method, path] of writes)
      for (const [from, headers] of origins)
        for (const [kind, make] of bodies) {
          const { body, type } = make();
          const res = await app.request(
            `${site}${path}`,
            {
              method,
              headers: {
                host: world.demo.host,
                cookie,
                ...headers,
                ...(type ? { "content-type": type } : {}),
              },
              body,
            },
            { incoming: { socket: { remoteAddress: nextIp() } } },
          );
          // The API names the catalogue code; pages show the translated refusal.
          const text = await res.text();
          const code = path.startsWith("/api/")
            ? (JSON.parse(text) as { error?: { code?: string } }).error?.code
            : text.includes("Request from another site refused") && "request.crossSite";
          if (res.status !== 403 || code !== "request.crossSite")
            accepted.push(`${method} ${path} from ${from} as ${kind}: ${res.status} ${code ?? ""}`);
        }
    expect(accepted).toEqual([]);
    expect(await databaseDigest(db.database)).toEqual(before);

    // The same write from the site's own page goes through: the rule tells them apart.
    const own = await owner.request("/api/account/profile", {
      method: "POST",
      json: { name: "Changed" },
    });
    expect(own.status).toBe(200);
    expect(await databaseDigest(db.database)).not.toEqual(before);
  });
});
