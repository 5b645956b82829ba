import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { sql } from "drizzle-orm";
import { readOutbox } from "~/platform/mail/mail.server";
import { ACCOUNT_FAILURES_BEFORE_SLOWING, SLOWED_BY_MS } from "./sign-in-limits.server";
import { createClient, lastMailLink } from "../../../tests/support/http-client";
import { backends, logicTestOn } from "../../../tests/support/test-database";
import { useTestSite } from "../../../tests/support/test-server";

const strong = "Maple-Harbour-Lantern-42";
let counter = 0;
const email = () => `limits${Date.now()}${counter++}@example.test`;
const phone = () =>
  `+3362${String(Date.now()).slice(-6)}${String(counter++ % 100).padStart(2, "0")}`;
/** A new client address each time: the per-address limit (3 in 10 s) stays out of the way. */
let lastOctet = 1;
const freshIp = () => `10.60.${Math.floor(lastOctet / 250)}.${(lastOctet++ % 250) + 1}`;

type Client = ReturnType<typeof createClient>;

describe.each(backends)("A11 sign-in limits per account on %s", (backend) => {
  const logicTest = logicTestOn(backend);
  const site = useTestSite(backend, { slugs: ["demo", "acme"] });
  beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: new Date() }));
  afterEach(() => vi.useRealTimers());

  const stranger = (host = "demo.localhost") => createClient(site.app, { host, ip: freshIp() });
  /** The same browser (its cookies) seen from another address, as when a laptop moves. */
  function elsewhere(browser: Client, host = "demo.localhost") {
    const moved = createClient(site.app, { host, ip: freshIp() });
    for (const [name, value] of browser.jar) moved.jar.set(name, value);
    return moved;
  }
  const signIn = (browser: Client, address: string, password: string) =>
    browser.post("/api/auth/sign-in/email", { email: address, password });

  /** A verified person (signed up, link followed): their address. */
  async function person() {
    const address = email();
    const browser = stranger();
    const res = await browser.post("/api/account/sign-up", {
      name: "Ada Lovelace",
      email: address,
      password: strong,
    });
    expect(res.status).toBe(202);
    const link = new URL(await lastMailLink(site.db.database, address));
    expect((await browser.request(link.pathname + link.search)).status).toBe(302);
    return address;
  }

  /** Wrong passwords for `address`, each from a new address: the statuses answered. */
  async function guess(address: string, count: number, host = "demo.localhost") {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) {
      statuses.push((await signIn(stranger(host), address, `Wrong-${i % 10}-Password!`)).status);
    }
    return statuses;
  }

  /**
   * A sign-in from one fixed client address. better-auth's own limit lets an address try three
   * times in 10 s, so the (fake) clock moves 11 s past every third try from the same address:
   * only the limit per account and address is left to answer.
   */
  const triesFrom = new Map<string, number>();
  function signInFrom(ip: string, address: string, password: string, host = "demo.localhost") {
    const tries = triesFrom.get(ip) ?? 0;
    if (tries > 0 && tries % 3 === 0) vi.setSystemTime(Date.now() + 11_000);
    triesFrom.set(ip, tries + 1);
    return signIn(createClient(site.app, { host, ip }), address, password);
  }
  async function guessFrom(ip: string, address: string, count: number) {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++)
      statuses.push((await signInFrom(ip, address, `Wrong-${i % 10}-Password!`)).status);
    return statuses;
  }

  async function expectLocked(res: Response) {
    expect(res.status).toBe(429);
    const body = await res.json();
    expect(body).toMatchObject({ code: "auth.accountLocked", retryAfter: expect.any(Number) });
    expect(res.headers.get("retry-after")).toBe(String(body.retryAfter));
    expect(res.headers.getSetCookie().join()).not.toContain("session_token");
    return body.retryAfter as number;
  }

  logicTest(
    "I31-6 wrong passwords for one account from 12 addresses lock nobody out: the owner signs in",
    async () => {
      const address = await person();
      const addresses = Array.from({ length: 12 }, freshIp);
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const attacker = createClient(site.app, { host: "demo.localhost", ip: addresses[i] });
        statuses.push((await signIn(attacker, address, `Wrong-${i % 10}-Password!`)).status);
      }
      expect(statuses).toEqual(Array(12).fill(401));
      expect((await signIn(stranger(), address, strong)).status).toBe(200);
    },
    180_000,
  );

  logicTest(
    "I31-6 the limit is per account and address: the attacker's address is refused, the owner's other address is not",
    async () => {
      const address = await person();
      const attacker = freshIp();
      expect(await guessFrom(attacker, address, 6)).toEqual([401, 401, 401, 401, 401, 429]);
      // From the attacker's address the password is not even checked: the right one is refused too.
      expect(await expectLocked(await signInFrom(attacker, address, strong))).toBeLessThanOrEqual(
        30,
      );
      await expectLocked(await signInFrom(attacker, address.toUpperCase(), strong));
      await expectLocked(await signInFrom(attacker, address, strong, "acme.localhost"));

      // The owner, from their own address, gets in with the right password.
      const owner = createClient(site.app, { host: "demo.localhost", ip: freshIp() });
      expect((await signIn(owner, address, strong)).status).toBe(200);
      expect((await owner.request("/api/account/me")).status).toBe(200);
      // Another address's wrong password is judged, not refused; another account from the
      // attacker's address is judged too.
      expect(await guess(address, 1)).toEqual([401]);
      expect(await guessFrom(attacker, await person(), 1)).toEqual([401]);

      // An address nobody has gets exactly the same answers: nothing tells who exists.
      expect(await guessFrom(freshIp(), email(), 7)).toEqual([401, 401, 401, 401, 401, 429, 429]);
    },
    180_000,
  );

  test("A11 I31-6 parallel guesses from one address cannot slip past the limit", async () => {
    const address = await person();
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        signIn(createClient(site.app, { host: "demo.localhost", ip }), address, `Wrong-${i}-P!`),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(
      20 - statuses.filter((s) => s === 401).length,
    );
    expect((await signIn(stranger(), address, strong)).status).toBe(200);
  });

  logicTest(
    "A11 the owner's known device still signs in from an address locked out of the account",
    async () => {
      const address = await person();
      const laptop = stranger();
      const first = await signIn(laptop, address, strong);
      expect(first.status).toBe(200);
      const device = [...laptop.jar.keys()].find((name) => name.endsWith("sign_in_device"));
      expect(device).toBeDefined();
      // Host-only, out of page scripts' reach, never sent with other sites' background requests.
      const issued = first.headers.getSetCookie().find((c) => c.startsWith(`${device}=`))!;
      expect(issued).toMatch(/; HttpOnly/i);
      expect(issued).toMatch(/; SameSite=Lax/i);
      expect(issued).not.toMatch(/; Domain=/i);
      expect((await laptop.post("/api/auth/sign-out", {})).status).toBe(200);

      // A shared address (a café, an office) where someone has been guessing.
      const shared = freshIp();
      expect(await guessFrom(shared, address, 8)).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
      await expectLocked(await signInFrom(shared, address, strong));

      // The owner's browser at that address is judged by its own clean record.
      const back = createClient(site.app, { host: "demo.localhost", ip: shared });
      for (const [name, value] of laptop.jar) back.jar.set(name, value);
      vi.setSystemTime(Date.now() + 11_000);
      expect((await signIn(back, address, strong)).status).toBe(200);
      expect((await back.request("/api/account/me")).status).toBe(200);

      // The device cookie vouches only for the person who earned it, and only untampered.
      const { user } = await (await back.request("/api/account/me")).json();
      const forged = createClient(site.app, { host: "demo.localhost", ip: shared });
      forged.jar.set(device!, encodeURIComponent(`${user.id}!made-up.${"A".repeat(43)}=`));
      await expectLocked(await signIn(forged, address, strong));

      const other = await person();
      const elsewhereIp = freshIp();
      await guessFrom(elsewhereIp, other, 5);
      const otherFromThere = createClient(site.app, { host: "demo.localhost", ip: elsewhereIp });
      for (const [name, value] of back.jar) otherFromThere.jar.set(name, value);
      await expectLocked(await signIn(otherFromThere, other, strong));
      // The device has a limit of its own: five mistakes there, and it waits too.
      const typos: number[] = [];
      for (let i = 0; i < 6; i++)
        typos.push((await signIn(elsewhere(back), address, `Typo-${i}-Password!`)).status);
      expect(typos).toEqual([401, 401, 401, 401, 401, 429]);
    },
  );

  logicTest("A11 the delay grows", async () => {
    const address = await person();
    const ip = freshIp();
    expect(await guessFrom(ip, address, 5)).toEqual([401, 401, 401, 401, 401]);
    const waits = [await expectLocked(await signInFrom(ip, address, strong))];
    for (let round = 0; round < 3; round++) {
      vi.setSystemTime(Date.now() + 31_000 * 2 ** round);
      triesFrom.set(ip, 0);
      expect(await guessFrom(ip, address, 1)).toEqual([401]);
      waits.push(await expectLocked(await signInFrom(ip, address, strong)));
    }
    expect(waits[0]).toBeLessThanOrEqual(30);
    expect(waits.slice(1)).toEqual([60, 120, 240]);
  });

  logicTest("A11 a password reset by e-mail clears the lockout", async () => {
    const address = await person();
    const ip = freshIp();
    await guessFrom(ip, address, 6);
    await expectLocked(await signInFrom(ip, address, strong));

    const owner = stranger();
    const asked = await owner.post("/api/auth/request-password-reset", {
      email: address,
      redirectTo: "/login/reset-password",
    });
    expect(asked.status).toBe(200);
    const token = new URL(await lastMailLink(site.db.database, address, { after: 1 }));
    const newPassword = "Quiet-Orchard-Morning-58";
    const reset = await owner.post("/api/auth/reset-password", {
      token: token.searchParams.get("token"),
      newPassword,
    });
    expect(reset.status).toBe(200);
    expect((await signInFrom(ip, address, newPassword)).status).toBe(200);
  });

  logicTest(
    "I31-6 past many failures from all addresses every attempt is slowed, and the right password still gets in",
    async () => {
      const address = await person();
      const accountKeys = async () => {
        const rows = await site.db.database.owner.execute<{ key: string }>(
          sql`SELECT key FROM sign_in_limits WHERE key NOT LIKE 'account:%:%'`,
        );
        return new Set(rows.rows.map((row) => row.key));
      };
      const before = await accountKeys();
      expect(await guess(address, 1)).toEqual([401]);
      // The account-wide counter (the key without an address part) as if 100 had failed.
      const [key] = [...(await accountKeys())].filter((candidate) => !before.has(candidate));
      await site.db.database.owner.execute(
        sql`UPDATE sign_in_limits SET failures = ${ACCOUNT_FAILURES_BEFORE_SLOWING} WHERE key = ${key!}`,
      );
      vi.useRealTimers();
      const timedSignIn = async (password: string) => {
        const started = performance.now();
        const res = await signIn(stranger(), address, password);
        return { status: res.status, ms: performance.now() - started };
      };
      const wrong = await timedSignIn("Wrong-0-Password!");
      expect(wrong.status).toBe(401);
      expect(wrong.ms).toBeGreaterThanOrEqual(SLOWED_BY_MS);
      const right = await timedSignIn(strong);
      expect(right.status).toBe(200);
      expect(right.ms).toBeGreaterThanOrEqual(SLOWED_BY_MS);
    },
  );

  test("A11 a password reset by text clears the lockout", async () => {
    const number = phone();
    const codeSentTo = async (after: number) => {
      for (let i = 0; i < 30; i++) {
        const texts = await readOutbox(site.db.database, { to: number });
        const code = texts.length > after && /\b(\d{6})\b/.exec(texts[0]!.textBody)?.[1];
        if (code) return code;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no code sent to ${number}`);
    };
    const owner = stranger();
    await owner.post("/api/account/sign-up-phone", {
      name: "Grace",
      phone: number,
      password: strong,
    });
    expect(
      (
        await owner.post("/api/account/sign-up-phone/verify", {
          phone: number,
          code: await codeSentTo(0),
        })
      ).status,
    ).toBe(200);
    const ip = freshIp();
    let tries = 0;
    const byPhone = (password: string) => {
      if (tries > 0 && tries % 3 === 0) vi.setSystemTime(Date.now() + 11_000);
      tries++;
      return createClient(site.app, { host: "demo.localhost", ip }).post(
        "/api/auth/sign-in/phone-number",
        { phoneNumber: number, password },
      );
    };
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await byPhone(`Wrong-${i}-Password!`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    await expectLocked(await byPhone(strong));

    await owner.post("/api/auth/phone-number/request-password-reset", { phoneNumber: number });
    const newPassword = "Lantern-Quarry-Violet-45";
    const reset = await owner.post("/api/auth/phone-number/reset-password", {
      phoneNumber: number,
      otp: await codeSentTo(1),
      newPassword,
    });
    expect(reset.status).toBe(200);
    expect((await byPhone(newPassword)).status).toBe(200);
  });

  logicTest("A11 wrong passwords through sign-up count against the account too", async () => {
    const address = await person();
    const ip = freshIp();
    const mallory = () => createClient(site.app, { host: "demo.localhost", ip });
    for (let i = 0; i < 5; i++) {
      if (i === 3) vi.setSystemTime(Date.now() + 11_000);
      const res = await mallory().post("/api/account/sign-up", {
        name: "Mallory",
        email: address,
        password: `Guessed-${i}-Harbour-Lantern`,
      });
      expect(res.status).toBe(202);
    }
    vi.setSystemTime(Date.now() + 11_000);
    await expectLocked(await signIn(mallory(), address, strong));
    // Locked, the address still answers sign-up exactly as an unknown one: no enumeration.
    for (const email of [address, `nobody-${Date.now()}@example.test`]) {
      const res = await mallory().post("/api/account/sign-up", {
        name: "Mallory",
        email,
        password: "Guessed-9-Harbour-Lantern",
      });
      expect(res.status, email).toBe(202);
      expect(await res.json()).toEqual({ status: "verify_email" });
    }
  });

  logicTest("A11 the per-address limit still holds beside the account limit", async () => {
    const attacker = stranger();
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 4; i++) {
      last = await signIn(attacker, email(), "Wrong-Password-123!");
      statuses.push(last.status);
    }
    // Four different accounts, none limited yet: only the address limit can refuse the fourth.
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await last!.json()).code).not.toBe("auth.accountLocked");
  });
});
