import { and, eq, or } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { findAccountForSlug } from "~/features/accounts/accounts.server";
import { roles } from "~/features/members/tables.server";
import { readOutbox } from "~/platform/mail/mail.server";
import { createClient, lastMailLink, mailCount } from "../../../tests/support/http-client";
import { logicBackends } from "../../../tests/support/test-database";
import { createTestApp, useTestSite } from "../../../tests/support/test-server";
import { signUpSupport } from "./sign-up-plugin.server";
import { authAccounts, users } from "./tables.server";

const password = "Cobalt-Harvest-Ribbon-83";
let n = 0;
const ip = () => `10.60.${Math.floor(n / 250)}.${(n++ % 250) + 1}`;
const email = () => `one-tx-${Date.now().toString(36)}-${n++}@example.test`;
const phone = () => `+3362${String(Date.now()).slice(-6)}${String(n++ % 100).padStart(2, "0")}`;

describe.each(logicBackends)("A11 a sign-up is one transaction on %s", (backend) => {
  const site = useTestSite(backend, { slugs: ["demo", "broken"] });

  /** The site `broken` loses its default role, so a membership there fails inside the transaction. */
  async function setDefaultRole(isDefault: boolean) {
    const { accountId } = (await findAccountForSlug(site.db.database, "broken"))!;
    await site.db.database.forAccount(accountId, (tx) =>
      tx
        .update(roles)
        .set({ isDefault })
        .where(and(eq(roles.accountId, accountId), eq(roles.name, "student"))),
    );
  }
  beforeAll(() => setDefaultRole(false));

  async function people(key: string) {
    const found = await site.db.database.owner
      .select({ id: users.id })
      .from(users)
      .where(or(eq(users.email, key), eq(users.phoneNumber, key)));
    const credentials = await site.db.database.owner
      .select({ id: authAccounts.id })
      .from(authAccounts)
      .innerJoin(users, eq(users.id, authAccounts.userId))
      .where(or(eq(users.email, key), eq(users.phoneNumber, key)));
    return { users: found.length, credentials: credentials.length };
  }

  /** The code in the newest text to a number, once it has had more than `after`. */
  async function codeSentTo(number: string, after = 0): Promise<string> {
    for (let i = 0; i < 30; i++) {
      const texts = await readOutbox(site.db.database, { to: number });
      const code = texts.length > after && /\b(\d{6})\b/.exec(texts[0]!.textBody)?.[1];
      if (code) return code;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no code sent to ${number}`);
  }

  test("A11 an e-mail sign-up that fails inside its transaction (no default role) leaves no person and sends nothing", async () => {
    const address = email();
    const res = await createClient(site.app, { host: "broken.localhost", ip: ip() }).post(
      "/api/account/sign-up",
      { name: "Half Written", email: address, password },
    );
    expect(res.status).toBe(500);
    expect(await people(address)).toEqual({ users: 0, credentials: 0 });
    expect(await mailCount(site.db.database, address)).toBe(0);
  });

  test("A11 a phone sign-up that fails inside its transaction leaves no person, and its code stays good", async () => {
    const number = phone();
    const browser = createClient(site.app, { host: "broken.localhost", ip: ip() });
    const started = await browser.post("/api/account/sign-up-phone", {
      name: "Half Written",
      phone: number,
      password,
    });
    expect(started.status).toBe(202);
    const code = await codeSentTo(number);
    const failed = await browser.post("/api/account/sign-up-phone/verify", { phone: number, code });
    expect(failed.status).toBe(500);
    expect(await people(number)).toEqual({ users: 0, credentials: 0 });

    // The spent code was rolled back with the rest: once the site is repaired, it still works.
    await setDefaultRole(true);
    try {
      const done = await browser.post("/api/account/sign-up-phone/verify", { phone: number, code });
      expect(done.status).toBe(200);
      const me = await (await browser.request("/api/account/me")).json();
      expect(me.membership).toMatchObject({ name: "Half Written", role: "student" });
      expect(await people(number)).toEqual({ users: 1, credentials: 1 });
    } finally {
      await setDefaultRole(false);
    }
  });

  test("A11 a new person is written with better-auth's id format and signs in after the mailed link", async () => {
    const address = email();
    const browser = createClient(site.app, { host: "demo.localhost", ip: ip() });
    const res = await browser.post("/api/account/sign-up", {
      name: "Whole",
      email: address,
      password,
    });
    expect(res.status).toBe(202);
    const [user] = await site.db.database.owner
      .select({ id: users.id, emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.email, address));
    expect(user).toEqual({ id: expect.stringMatching(/^[A-Za-z0-9]{32}$/), emailVerified: false });
    const link = new URL(await lastMailLink(site.db.database, address));
    expect(link.host).toBe("demo.localhost");
    expect((await browser.request(link.pathname + link.search)).status).toBe(302);
    const me = await (await browser.request("/api/account/me")).json();
    expect(me.membership).toMatchObject({ name: "Whole", role: "student" });
  });

  test("A1 the confirmation link leads back to where the sign-up began (a checkout), never to another site", async () => {
    const browser = createClient(site.app, { host: "demo.localhost", ip: ip() });
    const destination = async (redirectTo: string) => {
      const address = email();
      const res = await browser.post("/api/account/sign-up", {
        name: "Back",
        email: address,
        password,
        redirectTo,
      });
      expect(res.status).toBe(202);
      const link = new URL(await lastMailLink(site.db.database, address));
      return link.searchParams.get("callbackURL");
    };
    expect(await destination("/checkout")).toBe("/checkout");
    expect(await destination("//evil.example/checkout")).toBe("/");
    expect(await destination("https://evil.example/")).toBe("/");
    const address = email();
    await browser.post("/api/account/sign-up", {
      name: "Back",
      email: address,
      password,
      redirectTo: "/checkout",
    });
    const link = new URL(await lastMailLink(site.db.database, address));
    const followed = await browser.request(link.pathname + link.search);
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toMatch(/\/checkout$/);
  });

  test("A11 a texted code works once, dies after three misses, is tried 5 times a minute at most, and better-auth's own verify is closed", async () => {
    const number = phone();
    const browser = createClient(site.app, { host: "demo.localhost", ip: ip() });
    await browser.post("/api/account/sign-up-phone", { name: "Careful", phone: number, password });
    const code = await codeSentTo(number);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 3; i++) {
      const miss = await browser.post("/api/account/sign-up-phone/verify", {
        phone: number,
        code: wrong,
      });
      expect(miss.status).toBe(400);
      expect((await miss.json()).error.code).toBe("auth.invalidCode");
    }
    const late = await browser.post("/api/account/sign-up-phone/verify", { phone: number, code });
    expect(late.status).toBe(400);
    expect(await people(number)).toEqual({ users: 0, credentials: 0 });

    // A new code: good once, then spent.
    await browser.post("/api/account/sign-up-phone", { name: "Careful", phone: number, password });
    const fresh = await codeSentTo(number, 1);
    const direct = await createClient(site.app, { host: "demo.localhost", ip: ip() }).post(
      "/api/auth/phone-number/verify",
      { phoneNumber: number, code: fresh },
    );
    expect(direct.status).toBe(404);
    const ok = await browser.post("/api/account/sign-up-phone/verify", {
      phone: number,
      code: fresh,
    });
    expect(ok.status).toBe(200);
    // Five tries a minute from one address, as better-auth's own limit on its phone endpoints.
    const sixth = await browser.post("/api/account/sign-up-phone/verify", {
      phone: number,
      code: fresh,
    });
    expect(sixth.status).toBe(429);
    const again = await createClient(site.app, { host: "demo.localhost", ip: ip() }).post(
      "/api/account/sign-up-phone/verify",
      { phone: number, code: fresh },
    );
    expect(again.status).toBe(400);
    expect(await people(number)).toEqual({ users: 1, credentials: 1 });
  });

  test("I31-10 one address's sign-ups are counted for the whole deployment: 10 in 10 minutes, wherever they land", async () => {
    const other = createTestApp(site.db.database).app;
    const from = ip();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const app = i % 2 ? other : site.app;
      const res = await createClient(app, { host: "demo.localhost", ip: from }).post(
        "/api/account/sign-up",
        {},
      );
      statuses.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(await res.json()).toMatchObject({ error: { code: "auth.tooManyRequests" } });
      }
    }
    expect(statuses).toEqual([...Array<number>(10).fill(400), 429]);
    // Another address is not slowed by it.
    const elsewhere = createClient(other, { host: "demo.localhost", ip: ip() });
    expect((await elsewhere.post("/api/account/sign-up", {})).status).toBe(400);
  });
});

test("A11 the endpoints that mail a new person or open their session are reachable from server code only", () => {
  for (const endpoint of Object.values(signUpSupport().endpoints)) {
    expect((endpoint as { path?: string }).path).toBeUndefined();
    expect(endpoint.options.metadata).toMatchObject({ SERVER_ONLY: true });
  }
});
