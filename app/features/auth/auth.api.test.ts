import { describe, expect, test } from "vitest";
import { createClient, lastMailLink } from "../../../tests/support/http-client";
import { logicBackends } from "../../../tests/support/test-database";
import { useTestSite } from "../../../tests/support/test-server";

const strong = "Maple-Harbour-Lantern-42";
let counter = 0;
const email = () => `person${Date.now()}${counter++}@example.test`;
/** A fresh client address per simulated person, so rate limits only meet where a test wants them. */
let lastOctet = 1;
const freshIp = () => `10.20.${Math.floor(lastOctet / 250)}.${(lastOctet++ % 250) + 1}`;

describe.each(logicBackends)("identity over HTTP on %s", (backend) => {
  const site = useTestSite(backend, { slugs: ["demo", "acme"] });

  /** Sign up on a site and follow the e-mailed verification link: a signed-in browser. */
  async function signedUp(host = "demo.localhost", address = email(), ip = freshIp()) {
    const browser = createClient(site.app, { host, ip });
    const res = await browser.post("/api/account/sign-up", {
      name: "Ada Lovelace",
      email: address,
      password: strong,
    });
    expect(res.status).toBe(202);
    const link = new URL(await lastMailLink(site.db.database, address));
    const verified = await browser.request(link.pathname + link.search);
    expect(verified.status).toBe(302);
    return { browser, address };
  }

  test("A1 A6 sign-up e-mails a verification link that signs in and makes a student member", async () => {
    const { browser } = await signedUp();
    const me = await browser.request("/api/account/me");
    expect(me.status).toBe(200);
    const body = await me.json();
    expect(body.user.name).toBe("Ada Lovelace");
    expect(body.membership).toMatchObject({
      role: "student",
      caps: [],
      slug: expect.stringMatching(/^ada-lovelace/),
    });
  });

  test("A1 a weak password is refused with reasons", async () => {
    const browser = createClient(site.app, { host: "demo.localhost", ip: freshIp() });
    const res = await browser.post("/api/account/sign-up", {
      name: "Bob",
      email: email(),
      password: "password123",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { code: "auth.weakPassword", details: { reasons: ["common"] } },
    });
    const bad = await browser.post("/api/account/sign-up", {
      name: "Bob",
      email: "not-an-email",
      password: strong,
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.details[0].path).toBe("email");
  });

  test("A6 the same person signs up on another site and gets a separate membership there", async () => {
    const { address } = await signedUp("demo.localhost");
    const acme = createClient(site.app, { host: "acme.localhost", ip: freshIp() });
    const res = await acme.post("/api/account/sign-up", {
      name: "Ada Lovelace",
      email: address,
      password: strong,
    });
    expect(res.status).toBe(200);
    const me = await (await acme.request("/api/account/me")).json();
    expect(me.membership.role).toBe("student");
    const demo = createClient(site.app, { host: "demo.localhost", ip: freshIp() });
    await demo.post("/api/auth/sign-in/email", { email: address, password: strong });
    const demoMe = await (await demo.request("/api/account/me")).json();
    expect(demoMe.membership.memberId).not.toBe(me.membership.memberId);
    expect(demoMe.membership.accountId).not.toBe(me.membership.accountId);
  });

  test("A11 I31-9 enumeration: sign-up, sign-in and reset answer the same for known and unknown people; a wrong password is one catalogue code", async () => {
    const { address } = await signedUp();
    const probe = (ip: string) => createClient(site.app, { host: "demo.localhost", ip });
    const known = await probe(freshIp()).post("/api/account/sign-up", {
      name: "X",
      email: address,
      password: "Another-Strong-Pass-77",
    });
    const unknown = await probe(freshIp()).post("/api/account/sign-up", {
      name: "X",
      email: email(),
      password: "Another-Strong-Pass-77",
    });
    expect([known.status, await known.json()]).toEqual([unknown.status, await unknown.json()]);

    const badKnown = await probe(freshIp()).post("/api/auth/sign-in/email", {
      email: address,
      password: "Wrong-Password-123",
    });
    const badUnknown = await probe(freshIp()).post("/api/auth/sign-in/email", {
      email: email(),
      password: "Wrong-Password-123",
    });
    const refusal = {
      error: { code: "auth.invalidCredentials", message: "The e-mail or password is incorrect." },
    };
    expect([badKnown.status, await badKnown.json()]).toEqual([401, refusal]);
    expect([badUnknown.status, await badUnknown.json()]).toEqual([401, refusal]);

    const resetKnown = await probe(freshIp()).post("/api/auth/request-password-reset", {
      email: address,
      redirectTo: "/login/reset-password",
    });
    const resetUnknown = await probe(freshIp()).post("/api/auth/request-password-reset", {
      email: email(),
      redirectTo: "/login/reset-password",
    });
    expect([resetKnown.status, await resetKnown.json()]).toEqual([
      resetUnknown.status,
      await resetUnknown.json(),
    ]);
  });

  test("A11 brute force: the 4th bad sign-in in 10 s from one address is 429; another address is not locked out", async () => {
    const { address } = await signedUp();
    const attacker = createClient(site.app, { host: "demo.localhost", ip: freshIp() });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (
          await attacker.post("/api/auth/sign-in/email", {
            email: address,
            password: `Wrong-${i}-Password!`,
          })
        ).status,
      );
    }
    expect(statuses.slice(0, 3).every((s) => s === 401)).toBe(true);
    expect(statuses[3]).toBe(429);
    const owner = createClient(site.app, { host: "demo.localhost", ip: freshIp() });
    expect(
      (await owner.post("/api/auth/sign-in/email", { email: address, password: strong })).status,
    ).toBe(200);
  });

  test("A4 A11 sessions: a pre-login cookie is useless, sign-out is 401 at once, sessions stay on their site", async () => {
    const { address } = await signedUp();
    const browser = createClient(site.app, { host: "demo.localhost", ip: freshIp() });
    browser.jar.set("lyceum.session_token", "planted-by-attacker");
    expect((await browser.request("/api/account/me")).status).toBe(401);
    expect(
      (await browser.post("/api/auth/sign-in/email", { email: address, password: strong })).status,
    ).toBe(200);
    const token = browser.sessionCookie();
    expect(token).toBeDefined();
    expect(token).not.toContain("planted-by-attacker");
    expect((await browser.request("/api/account/me")).status).toBe(200);

    // The same cookie presented on another account's host is nobody there.
    const elsewhere = createClient(site.app, { host: "acme.localhost", ip: freshIp() });
    elsewhere.jar.set("lyceum.session_token", token!);
    const foreign = await elsewhere.request("/api/account/me");
    expect(foreign.status).toBe(401);
    expect(await foreign.json()).toEqual({
      error: { code: "not_authenticated", message: "Auth session missing!" },
    });

    const stolen = new Map(browser.jar);
    expect((await browser.post("/api/auth/sign-out", {})).status).toBe(200);
    const replay = createClient(site.app, { host: "demo.localhost", ip: freshIp() });
    for (const [k, v] of stolen) replay.jar.set(k, v);
    expect((await replay.request("/api/account/me")).status).toBe(401);
  });

  test("A2 A11 password reset: the e-mailed link works once, the new password works, every other session ends", async () => {
    const { browser: first, address } = await signedUp();
    const second = createClient(site.app, { host: "demo.localhost", ip: freshIp() });
    expect(
      (await second.post("/api/auth/sign-in/email", { email: address, password: strong })).status,
    ).toBe(200);

    const stranger = createClient(site.app, { host: "demo.localhost", ip: freshIp() });
    expect(
      (
        await stranger.post("/api/auth/request-password-reset", {
          email: address,
          redirectTo: "/login/reset-password",
        })
      ).status,
    ).toBe(200);
    const link = new URL(await lastMailLink(site.db.database, address, { after: 1 }));
    expect(link.pathname).toBe("/login/reset-password");
    const token = link.searchParams.get("token")!;

    const weak = await stranger.post("/api/auth/reset-password", {
      token,
      newPassword: "password1234",
    });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ code: "WEAK_PASSWORD", reasons: ["common"] });

    const newPassword = "Quiet-Orchard-Morning-58";
    expect((await stranger.post("/api/auth/reset-password", { token, newPassword })).status).toBe(
      200,
    );
    expect(
      (
        await stranger.post("/api/auth/reset-password", {
          token,
          newPassword: "Other-Orchard-Morning-59",
        })
      ).status,
    ).toBe(400);

    expect((await first.request("/api/account/me")).status).toBe(401);
    expect((await second.request("/api/account/me")).status).toBe(401);
    const again = createClient(site.app, { host: "demo.localhost", ip: freshIp() });
    expect(
      (await again.post("/api/auth/sign-in/email", { email: address, password: strong })).status,
    ).toBe(401);
    expect(
      (await again.post("/api/auth/sign-in/email", { email: address, password: newPassword }))
        .status,
    ).toBe(200);
  });

  test("I31-5 a newer reset link voids older ones, whichever is used first", async () => {
    const resetLinks = async (address: string, count: number) => {
      const asker = createClient(site.app, { host: "demo.localhost", ip: freshIp() });
      const tokens: string[] = [];
      for (let i = 0; i < count; i++) {
        const asked = await asker.post("/api/auth/request-password-reset", {
          email: address,
          redirectTo: "/login/reset-password",
        });
        expect(asked.status).toBe(200);
        const link = new URL(await lastMailLink(site.db.database, address, { after: i + 1 }));
        tokens.push(link.searchParams.get("token")!);
      }
      return tokens;
    };
    const reset = (token: string, newPassword: string) =>
      createClient(site.app, { host: "demo.localhost", ip: freshIp() }).post(
        "/api/auth/reset-password",
        { token, newPassword },
      );

    // The newer is used: the older fails after it.
    const { address: first } = await signedUp();
    const [older, newer] = await resetLinks(first, 2);
    expect(older).not.toBe(newer);
    expect((await reset(newer!, "Quiet-Orchard-Morning-58")).status).toBe(200);
    const late = await reset(older!, "Other-Orchard-Morning-59");
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ code: "INVALID_TOKEN" });

    // The older is tried first: it no longer works, and the newer still does.
    const { address: second } = await signedUp();
    const [stale, fresh] = await resetLinks(second, 2);
    expect((await reset(stale!, "Other-Orchard-Morning-59")).status).toBe(400);
    expect((await reset(fresh!, "Quiet-Orchard-Morning-58")).status).toBe(200);
    const signIn = (password: string) =>
      createClient(site.app, { host: "demo.localhost", ip: freshIp() }).post(
        "/api/auth/sign-in/email",
        { email: second, password },
      );
    expect((await signIn("Other-Orchard-Morning-59")).status).toBe(401);
    expect((await signIn("Quiet-Orchard-Morning-58")).status).toBe(200);
  });
});

describe.each(logicBackends)("e-mail change on %s", (backend) => {
  const site = useTestSite(backend);

  test("A6 a new address is confirmed from the old one, verified at the new one, and reaches the membership", async () => {
    const oldAddress = email();
    const newAddress = email();
    const browser = createClient(site.app, { host: "demo.localhost", ip: freshIp() });
    await browser.post("/api/account/sign-up", {
      name: "Ada Lovelace",
      email: oldAddress,
      password: strong,
    });
    const verify = new URL(await lastMailLink(site.db.database, oldAddress));
    await browser.request(verify.pathname + verify.search);

    const asked = await browser.post("/api/auth/change-email", {
      newEmail: newAddress,
      callbackURL: "/dashboard/profile",
    });
    expect(asked.status).toBe(200);
    // Nothing changes until the old address confirms.
    expect((await (await browser.request("/api/account/me")).json()).user.email).toBe(oldAddress);

    const confirm = new URL(await lastMailLink(site.db.database, oldAddress, { after: 1 }));
    expect(confirm.host).toBe("demo.localhost");
    expect((await browser.request(confirm.pathname + confirm.search)).status).toBe(302);
    const verifyNew = new URL(await lastMailLink(site.db.database, newAddress));
    expect((await browser.request(verifyNew.pathname + verifyNew.search)).status).toBe(302);

    const me = await (await browser.request("/api/account/me")).json();
    expect(me.user.email).toBe(newAddress);
    expect(me.membership.email).toBe(newAddress);
    const again = createClient(site.app, { host: "demo.localhost", ip: freshIp() });
    expect(
      (await again.post("/api/auth/sign-in/email", { email: newAddress, password: strong })).status,
    ).toBe(200);
  });
});
