import { afterEach, describe, expect, test, vi } from "vitest";
import { readOutbox } from "~/platform/mail/mail.server";
import { createClient, lastMailLink } from "../../../tests/support/http-client";
import { backends } from "../../../tests/support/test-database";
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
  const site = useTestSite(backend, { slugs: ["demo", "acme"] });
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

  async function expectLocked(res: Response) {
    expect(res.status).toBe(429);
    const body = await res.json();
    expect(body).toMatchObject({ code: "auth.accountLocked", retryAfter: expect.any(Number) });
    expect(res.headers.get("retry-after")).toBe(String(body.retryAfter));
    expect(res.headers.getSetCookie().join()).not.toContain("session_token");
    return body.retryAfter as number;
  }

  test("A11 wrong passwords for one account from 20 addresses are refused after the limit", async () => {
    const address = await person();
    const addresses = Array.from({ length: 20 }, freshIp);
    const statuses: number[] = [];
    const codes = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const attacker = createClient(site.app, { host: "demo.localhost", ip: addresses[i % 20] });
      const res = await signIn(attacker, address, `Wrong-${i % 10}-Password!`);
      statuses.push(res.status);
      if (res.status === 429) codes.add((await res.json()).code);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual(Array(35).fill(429));
    expect([...codes]).toEqual(["auth.accountLocked"]);

    // While locked the password is not even checked: the right one is refused too, on any site.
    expect(await expectLocked(await signIn(stranger(), address, strong))).toBeLessThanOrEqual(30);
    await expectLocked(await signIn(stranger("acme.localhost"), address, strong));
    await expectLocked(await signIn(stranger(), address.toUpperCase(), strong));

    // An address nobody has gets exactly the same answers: nothing tells who exists.
    const nobody = email();
    expect(await guess(nobody, 7)).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  test("A11 parallel guesses cannot slip past the limit", async () => {
    const address = await person();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn(stranger(), address, `Wrong-${i}-Password!`)),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  test("A11 the owner's known device still signs in while the account is locked for strangers", async () => {
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

    expect(await guess(address, 8)).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    await expectLocked(await signIn(stranger(), address, strong));

    // The owner's browser, even from another network, is judged by its own clean record.
    const back = elsewhere(laptop);
    expect((await signIn(back, address, strong)).status).toBe(200);
    expect((await back.request("/api/account/me")).status).toBe(200);

    // The device cookie vouches only for the person who earned it, and only untampered.
    const other = await person();
    await guess(other, 5);
    await expectLocked(await signIn(elsewhere(back), other, strong));
    const { user } = await (await back.request("/api/account/me")).json();
    const forged = stranger();
    forged.jar.set(device!, encodeURIComponent(`${user.id}!made-up.${"A".repeat(43)}=`));
    await expectLocked(await signIn(forged, address, strong));

    // The device has a limit of its own: five mistakes there, and it waits too.
    const typos: number[] = [];
    for (let i = 0; i < 6; i++)
      typos.push((await signIn(elsewhere(back), address, `Typo-${i}-Password!`)).status);
    expect(typos).toEqual([401, 401, 401, 401, 401, 429]);
  });

  test("A11 the delay grows", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date() });
    const address = await person();
    expect(await guess(address, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(await expectLocked(await signIn(stranger(), address, strong))).toBe(30);
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      vi.setSystemTime(Date.now() + 31_000 * 2 ** round);
      expect(await guess(address, 1)).toEqual([401]);
      waits.push(await expectLocked(await signIn(stranger(), address, strong)));
    }
    expect(waits).toEqual([60, 120, 240]);
  });

  test("A11 a password reset by e-mail clears the lockout", async () => {
    const address = await person();
    await guess(address, 6);
    await expectLocked(await signIn(stranger(), address, strong));

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
    expect((await signIn(stranger(), address, newPassword)).status).toBe(200);
  });

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
    const byPhone = (password: string) =>
      stranger().post("/api/auth/sign-in/phone-number", { phoneNumber: number, password });
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

  test("A11 wrong passwords through sign-up count against the account too", async () => {
    const address = await person();
    for (let i = 0; i < 5; i++) {
      const res = await stranger().post("/api/account/sign-up", {
        name: "Mallory",
        email: address,
        password: `Guessed-${i}-Harbour-Lantern`,
      });
      expect(res.status).toBe(202);
    }
    await expectLocked(await signIn(stranger(), address, strong));
    // Locked, the address still answers sign-up exactly as an unknown one: no enumeration.
    for (const email of [address, `nobody-${Date.now()}@example.test`]) {
      const res = await stranger().post("/api/account/sign-up", {
        name: "Mallory",
        email,
        password: "Guessed-9-Harbour-Lantern",
      });
      expect(res.status, email).toBe(202);
      expect(await res.json()).toEqual({ status: "verify_email" });
    }
  });

  test("A11 the per-address limit still holds beside the account limit", async () => {
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
