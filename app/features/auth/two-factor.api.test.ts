import { describe, expect, test } from "vitest";
import { createClient, lastMailLink } from "../../../tests/support/http-client";
import { logicBackends } from "../../../tests/support/test-database";
import { useTestSite } from "../../../tests/support/test-server";
import { secretOf, totpCode } from "../../../tests/support/totp";
import { twoFactors } from "./tables.server";

const password = "Velvet-Compass-Thunder-19";
let n = 0;
const ip = () => `10.30.${Math.floor(n / 250)}.${(n++ % 250) + 1}`;

describe.each(logicBackends)("two-factor on %s", (backend) => {
  const site = useTestSite(backend);

  /** A verified person with two-factor on; returns their TOTP secret and backup codes. */
  async function enrolled() {
    const email = `twofa${Date.now()}${n}@example.test`;
    const browser = createClient(site.app, { host: "demo.localhost", ip: ip() });
    expect(
      (await browser.post("/api/account/sign-up", { name: "Grace Hopper", email, password }))
        .status,
    ).toBe(202);
    const link = new URL(await lastMailLink(site.db.database, email));
    await browser.request(link.pathname + link.search);
    const enable = await browser.post("/api/auth/two-factor/enable", { password });
    expect(enable.status).toBe(200);
    const { totpURI, backupCodes } = (await enable.json()) as {
      totpURI: string;
      backupCodes: string[];
    };
    const secret = secretOf(totpURI);
    expect(
      (await browser.post("/api/auth/two-factor/verify-totp", { code: totpCode(secret) })).status,
    ).toBe(200);
    return { email, secret, backupCodes };
  }

  async function passwordStep(email: string) {
    const browser = createClient(site.app, { host: "demo.localhost", ip: ip() });
    const res = await browser.post("/api/auth/sign-in/email", { email, password });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ twoFactorRedirect: true });
    // Password alone gives no session.
    expect((await browser.request("/api/account/me")).status).toBe(401);
    return browser;
  }

  test("A3 once enrolled, sign-in asks for the code and a code opens a new session", async () => {
    const { email, secret } = await enrolled();
    const browser = await passwordStep(email);
    const before = browser.sessionCookie();
    const next = totpCode(secret, Date.now() + 30_000);
    const res = await browser.post("/api/auth/two-factor/verify-totp", { code: next });
    expect(res.status).toBe(200);
    expect(browser.sessionCookie()).toBeDefined();
    expect(browser.sessionCookie()).not.toBe(before);
    expect((await browser.request("/api/account/me")).status).toBe(200);
  });

  test("A3 A11 a used code cannot be replayed, even in another sign-in", async () => {
    const { email, secret } = await enrolled();
    // The next window's code: enrolment used this window's, and the next one stays accepted
    // however long the sign-in below takes on a busy machine (the previous window's did not,
    // once the clock crossed a window's edge before it was sent).
    const code = totpCode(secret, Date.now() + 30_000);
    const first = await passwordStep(email);
    expect((await first.post("/api/auth/two-factor/verify-totp", { code })).status).toBe(200);
    const second = await passwordStep(email);
    const replay = await second.post("/api/auth/two-factor/verify-totp", { code });
    expect(replay.status).toBe(401);
    expect((await second.request("/api/account/me")).status).toBe(401);
  });

  test("A3 A11 a backup code works once", async () => {
    const { email, backupCodes } = await enrolled();
    const [backup] = backupCodes;
    // Stored as keyed hashes only: a database dump reveals no usable code.
    const stored = await site.db.database.owner
      .select({ codes: twoFactors.backupCodes })
      .from(twoFactors);
    const all = stored.flatMap((row) => JSON.parse(row.codes) as string[]);
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((code) => code.startsWith("hmac:"))).toBe(true);
    expect(all).not.toContain(backup);
    const first = await passwordStep(email);
    expect(
      (await first.post("/api/auth/two-factor/verify-backup-code", { code: backup })).status,
    ).toBe(200);
    expect((await first.request("/api/account/me")).status).toBe(200);
    const second = await passwordStep(email);
    expect(
      (await second.post("/api/auth/two-factor/verify-backup-code", { code: backup })).status,
    ).toBe(401);
    expect((await second.request("/api/account/me")).status).toBe(401);
  });
});
