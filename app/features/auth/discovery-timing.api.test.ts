import { describe, expect, test } from "vitest";
import { createClient, lastMailLink } from "../../../tests/support/http-client";
import { logicBackends } from "../../../tests/support/test-database";
import { useTestSite } from "../../../tests/support/test-server";

const strong = "Maple-Harbour-Lantern-42";
const SAMPLES = 30;
let counter = 0;
const email = () => `timing${Date.now()}${counter++}@example.test`;
/** A new client address per request: the per-address limits stay out of the way. */
let lastOctet = 1;
const freshIp = () => `10.70.${Math.floor(lastOctet / 250)}.${(lastOctet++ % 250) + 1}`;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2
    ? sorted[Math.floor(middle)]!
    : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * Whether two sets of response times could tell their e-mails apart: they must overlap (neither
 * entirely above the other) and their medians must be within 25 % (or 5 ms) of each other.
 */
function expectOverlap(known: number[], unknown: number[], what: string) {
  const [a, b] = [median(known), median(unknown)];
  const detail = `${what}: known median ${a.toFixed(1)} ms, unknown ${b.toFixed(1)} ms`;
  expect(Math.abs(a - b), detail).toBeLessThanOrEqual(Math.max(5, 0.25 * Math.max(a, b)));
  expect(Math.min(...known), detail).toBeLessThan(Math.max(...unknown));
  expect(Math.min(...unknown), detail).toBeLessThan(Math.max(...known));
}

describe.each(logicBackends)("I31-5 account discovery by timing on %s", (backend) => {
  const site = useTestSite(backend, { slugs: ["demo"] });

  async function timed(path: string, body: unknown) {
    const browser = createClient(site.app, { host: "demo.localhost", ip: freshIp() });
    const started = performance.now();
    const res = await browser.post(path, body);
    await res.arrayBuffer();
    return { ms: performance.now() - started, status: res.status };
  }

  /** Known and unknown requests taken in turn, so a slower moment of the machine hits both. */
  async function sample(request: (known: boolean) => Promise<{ ms: number; status: number }>) {
    const known: number[] = [];
    const unknown: number[] = [];
    const statuses = new Set<string>();
    await request(true); // warm the path once
    for (let i = 0; i < SAMPLES; i++) {
      for (const isKnown of [i % 2 === 0, i % 2 !== 0]) {
        const { ms, status } = await request(isKnown);
        (isKnown ? known : unknown).push(ms);
        statuses.add(`${isKnown}:${status}`);
      }
    }
    return { known, unknown, statuses };
  }

  test("I31-5 sign-up, a wrong sign-in and a reset request take the same time for a known and an unknown e-mail", async () => {
    const address = email();
    const browser = createClient(site.app, { host: "demo.localhost", ip: freshIp() });
    expect(
      (
        await browser.post("/api/account/sign-up", {
          name: "Ada Lovelace",
          email: address,
          password: strong,
        })
      ).status,
    ).toBe(202);
    const link = new URL(await lastMailLink(site.db.database, address));
    expect((await browser.request(link.pathname + link.search)).status).toBe(302);
    const stranger = email();

    const signUp = await sample((known) =>
      timed("/api/account/sign-up", {
        name: "Someone",
        email: known ? address : email(),
        password: "Another-Strong-Pass-77",
      }),
    );
    expect([...signUp.statuses].sort()).toEqual(["false:202", "true:202"]);
    expectOverlap(signUp.known, signUp.unknown, "sign-up");

    const signIn = await sample((known) =>
      timed("/api/auth/sign-in/email", {
        email: known ? address : stranger,
        password: "Wrong-Password-123",
      }),
    );
    expect([...signIn.statuses].sort()).toEqual(["false:401", "true:401"]);
    expectOverlap(signIn.known, signIn.unknown, "sign-in");

    const reset = await sample((known) =>
      timed("/api/auth/request-password-reset", {
        email: known ? address : stranger,
        redirectTo: "/login/reset-password",
      }),
    );
    expect([...reset.statuses].sort()).toEqual(["false:200", "true:200"]);
    expectOverlap(reset.known, reset.unknown, "reset request");
  }, 600_000);
});
