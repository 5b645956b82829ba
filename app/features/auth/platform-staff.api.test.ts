// Decision 037: the base domain's sign-in is the platform staff's, to the console. A session
// made there is bound to no site and makes no membership; nobody else gets one, and a refusal
// reads exactly as a wrong password does.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { createAccount, createUserWithPassword } from "../../../tests/factories";
import { createClient } from "../../../tests/support/http-client";
import { logicBackends } from "../../../tests/support/test-database";
import { useTestSite } from "../../../tests/support/test-server";
import { sessions } from "./tables.server";

const password = "Quartz-Harbour-Lantern-42";
/** The test app's SUPER_ADMIN_EMAILS (tests/support/test-server.ts). */
const staffEmail = "root@platform.test";
let lastOctet = 1;
const freshIp = () => `10.31.${Math.floor(lastOctet / 250)}.${(lastOctet++ % 250) + 1}`;

describe.each(logicBackends)("M8 the platform staff's sign-in on %s", (backend) => {
  const site = useTestSite(backend, { slugs: [] });
  let demoHost = "";
  let owner = { id: "", email: "" };
  let staff = { id: "" };

  beforeAll(async () => {
    const demo = await createAccount(site.db.database);
    demoHost = `${demo.slug}.localhost`;
    const email = `owner-${demo.slug}@example.test`;
    owner = { id: (await createUserWithPassword(site.db.database, { email, password })).id, email };
    staff = await createUserWithPassword(site.db.database, { email: staffEmail, password });
  });

  const sessionsOf = (userId: string) =>
    site.db.database.owner.select().from(sessions).where(eq(sessions.userId, userId));
  const membershipsOf = async (userId: string) =>
    (
      await site.db.database.owner.execute<{ n: number }>(
        `select count(*)::int as n from members where user_id = '${userId}'`,
      )
    ).rows[0]!.n;

  test("M8 a super-admin signs in on the base domain: a session of no site, no membership, super-admin there", async () => {
    const browser = createClient(site.app, { host: "localhost", ip: freshIp() });
    const res = await browser.post("/api/auth/sign-in/email", { email: staffEmail, password });
    expect(res.status).toBe(200);
    expect(browser.sessionCookie()).toBeTruthy();
    const me = await (await browser.request("/api/account/me")).json();
    expect(me).toMatchObject({ isSuperAdmin: true, membership: null });
    const rows = await sessionsOf(staff.id);
    expect(rows.map((row) => row.tenantId)).toEqual([null]);
    expect(await membershipsOf(staff.id)).toBe(0);
    // Bound to the platform: presented on a site, it is nobody's session there.
    const elsewhere = createClient(site.app, { host: demoHost, ip: freshIp() });
    for (const [name, value] of browser.jar) elsewhere.jar.set(name, value);
    expect((await elsewhere.request("/api/account/me")).status).toBe(401);
    // And signing out there ends it.
    expect((await browser.post("/api/auth/sign-out", {})).status).toBe(200);
    expect((await browser.request("/api/account/me")).status).toBe(401);
    expect(await sessionsOf(staff.id)).toEqual([]);
  });

  test("M8 anyone else is refused there as a wrong password is, and no session is left behind", async () => {
    const wrong = await createClient(site.app, { host: "localhost", ip: freshIp() }).post(
      "/api/auth/sign-in/email",
      { email: staffEmail, password: "Not-The-Password-1" },
    );
    const stranger = createClient(site.app, { host: "localhost", ip: freshIp() });
    const refused = await stranger.post("/api/auth/sign-in/email", {
      email: owner.email,
      password,
    });
    expect(refused.status).toBe(wrong.status);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual(await wrong.json());
    expect(refused.headers.getSetCookie().filter((c) => c.includes("session_token"))).toEqual([]);
    expect(stranger.sessionCookie()).toBeUndefined();
    expect(await sessionsOf(owner.id)).toEqual([]);
    expect(await membershipsOf(owner.id)).toBe(0);
    // By phone: not offered on the base domain.
    const phone = await stranger.post("/api/auth/sign-in/phone-number", {
      phoneNumber: "+15555550100",
      password,
    });
    expect(phone.status).toBe(401);
    // The same person signs in on a site as ever.
    const home = createClient(site.app, { host: demoHost, ip: freshIp() });
    expect(
      (await home.post("/api/auth/sign-in/email", { email: owner.email, password })).status,
    ).toBe(200);
  });

  test("M8 the base domain's auth API checks the origin: a site's page cannot sign in there", async () => {
    const res = await site.app.request(
      "http://localhost/api/auth/sign-in/email",
      {
        method: "POST",
        headers: {
          host: "localhost",
          origin: `http://${demoHost}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({ email: staffEmail, password }),
      },
      { incoming: { socket: { remoteAddress: freshIp() } } },
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: "request.crossSite" } });
  });
});
