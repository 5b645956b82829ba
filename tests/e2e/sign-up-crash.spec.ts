import fs from "node:fs";
import http from "node:http";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { expect, test } from "./support/test";
import pg from "pg";
import { startFakeTwilio } from "./support/fake-twilio";
import { startServer, tempDataDir, type RunningServer } from "./support/server";

// In order, one at a time (each is a whole server under load), and each runs whatever the other did.
test.describe.configure({ mode: "default" });

/** `SIGNUP_CRASH_ROUNDS` runs more; the suite's 7 are CI's wall time (decision 056). */
const ROUNDS = Number(process.env.SIGNUP_CRASH_ROUNDS ?? 7);
const EMAIL_WORKERS = 5;
const PHONE_WORKERS = 3;
const PLATFORM_WORKERS = 1;
const password = "Quartz-Meadow-Lantern-58";
const run = Date.now().toString(36);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A POST to 127.0.0.1 from a loopback address of our choosing: each simulated person has an
 * address of their own, so per-address limits (ours and better-auth's) never meet.
 */
function post({
  port,
  path,
  json,
  from,
  host = "demo.localhost",
}: {
  port: number;
  path: string;
  json: unknown;
  from: string;
  host?: string;
}): Promise<number> {
  const payload = JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        localAddress: from,
        agent: false,
        headers: { host, origin: `http://${host}`, "content-type": "application/json" },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

type Attempt = {
  kind: "email" | "phone" | "platform";
  round: number;
  /** The person's address or number. */
  key: string;
  name: string;
  /** The site they join (demo) or create, and the role they get there. */
  site: string;
  role: string;
  acknowledged: boolean;
};

type Person = {
  key: string;
  name: string;
  hasCredential: boolean;
  memberships: { slug: string; role: string; name: string }[];
};

/** Every person a sign-up of this run created, with their credential and memberships. */
const peopleQuery = `
  select coalesce(u.phone_number, u.email) as key, u.name,
         exists (select 1 from auth_accounts c
                 where c.user_id = u.id and c.provider_id = 'credential' and c.password is not null)
           as "hasCredential",
         coalesce((select json_agg(json_build_object('slug', a.slug, 'role', r.name, 'name', m.name))
                   from members m
                   join accounts a on a.account_id = m.account_id
                   join roles r on r.account_id = m.account_id and r.role_id = m.role_id
                   where m.user_id = u.id), '[]'::json) as memberships
  from users u
  where u.email like 'a11-${run}-%' or u.phone_number like '+33790%'`;

/** Every site a platform sign-up of this run created, and whether it has its owner. */
const sitesQuery = `
  select a.slug, exists (select 1 from members m
                         join roles r on r.account_id = m.account_id and r.role_id = m.role_id
                         where m.account_id = a.account_id and r.name = 'site_owner') as "hasOwner"
  from accounts a where a.slug like 'a11-${run}-%'`;

function backends() {
  return ["pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])] as const;
}

for (const backend of backends()) {
  test(`A11 kill -9 during sign-ups leaves no half-written person (${backend})`, async () => {
    test.setTimeout(240_000);
    const twilio = await startFakeTwilio();
    const dataDir = tempDataDir("signup-crash");
    const admin =
      backend === "postgres"
        ? new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
        : undefined;
    const dbName = `lyceum_crash_${process.pid}_${Date.now()}`;
    const env: Record<string, string> = { ...twilio.env };
    if (admin) {
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName}`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${dbName}`;
      env.DATABASE_URL = url.toString();
      env.AUTH_SECRET = "e2e-only-secret-0123456789abcdefghij";
    }
    const attempts: Attempt[] = [];
    let phoneSerial = 0;
    let texted = 0;
    let server: RunningServer | undefined;
    try {
      for (let round = 0; round < ROUNDS; round++) {
        server = await startServer({ dataDir, env });
        const port = server.port;
        let alive = true;
        let serial = 0;
        const from = () => `127.${10 + round}.${Math.floor(serial / 250)}.${(serial++ % 250) + 1}`;

        const emailWorker = async (worker: number) => {
          for (let i = 0; alive; i++) {
            const attempt: Attempt = {
              kind: "email",
              round,
              key: `a11-${run}-r${round}w${worker}n${i}@example.test`,
              name: `Crash Tester ${round}-${worker}-${i}`,
              site: "demo",
              role: "student",
              acknowledged: false,
            };
            attempts.push(attempt);
            const status = await post({
              port,
              from: from(),
              path: "/api/account/sign-up",
              json: { name: attempt.name, email: attempt.key, password },
            }).catch(() => 0);
            attempt.acknowledged = status >= 200 && status < 300;
            if (status !== 0 && !attempt.acknowledged)
              throw new Error(`sign-up answered ${status}`);
          }
        };
        const phoneWorker = async () => {
          while (alive) {
            const phone = `+33790${String(phoneSerial++).padStart(6, "0")}`;
            const attempt: Attempt = {
              kind: "phone",
              round,
              key: phone,
              name: `Phone Tester ${phoneSerial}`,
              site: "demo",
              role: "student",
              acknowledged: false,
            };
            attempts.push(attempt);
            const ip = from();
            const started = await post({
              port,
              from: ip,
              path: "/api/account/sign-up-phone",
              json: { name: attempt.name, phone, password },
            }).catch(() => 0);
            if (started !== 202) {
              if (started !== 0) throw new Error(`phone sign-up answered ${started}`);
              continue;
            }
            while (alive && twilio.count(phone) === 0) await sleep(50);
            if (!alive) break;
            texted++;
            const code = await twilio.code(phone);
            const verified = await post({
              port,
              from: ip,
              path: "/api/account/sign-up-phone/verify",
              json: { phone, code },
            }).catch(() => 0);
            attempt.acknowledged = verified === 200;
            if (verified !== 0 && !attempt.acknowledged)
              throw new Error(`phone verification answered ${verified}`);
          }
        };

        // A new site and its owner, on the platform's host.
        const platformWorker = async (worker: number) => {
          for (let i = 0; alive; i++) {
            const id = `a11-${run}-r${round}p${worker}n${i}`;
            const attempt: Attempt = {
              kind: "platform",
              round,
              key: `${id}@example.test`,
              name: `Site Owner ${round}-${worker}-${i}`,
              site: id,
              role: "site_owner",
              acknowledged: false,
            };
            attempts.push(attempt);
            const status = await post({
              port,
              from: from(),
              host: "localhost",
              path: "/api/platform/sign-up",
              json: {
                siteName: `Crash School ${id}`,
                slug: id,
                name: attempt.name,
                email: attempt.key,
                password,
                plan: "professional",
                language: "en",
              },
            }).catch(() => 0);
            attempt.acknowledged = status === 201;
            if (status !== 0 && !attempt.acknowledged)
              throw new Error(`platform sign-up answered ${status}`);
          }
        };

        const workers = [
          ...Array.from({ length: EMAIL_WORKERS }, (_, w) => emailWorker(w)),
          ...Array.from({ length: PHONE_WORKERS }, () => phoneWorker()),
          ...Array.from({ length: PLATFORM_WORKERS }, (_, w) => platformWorker(w)),
        ];
        // A random moment mid-stream: once sign-ups are being answered (however loaded the
        // machine), within the next 3 s, while others are in flight.
        const answered = () => attempts.filter((a) => a.round === round && a.acknowledged).length;
        for (let waited = 0; answered() === 0 && waited < 30_000; waited += 50) await sleep(50);
        await sleep(Math.random() * 3000);
        alive = false;
        await server.stop("SIGKILL");
        server = undefined;
        await Promise.all(workers);
      }

      // One more start recovers the last crash; then the data is read with the server gone.
      server = await startServer({ dataDir, env });
      expect(await server.stop("SIGTERM")).toBe(0);
      server = undefined;
      let people: Person[];
      let sites: { slug: string; hasOwner: boolean }[];
      if (admin) {
        const client = new pg.Client({ connectionString: env.DATABASE_URL });
        await client.connect();
        people = (await client.query<Person>(peopleQuery)).rows;
        sites = (await client.query<(typeof sites)[number]>(sitesQuery)).rows;
        await client.end();
      } else {
        const db = await PGlite.create({ dataDir, extensions: { pg_trgm } });
        people = (await db.query<Person>(peopleQuery)).rows;
        sites = (await db.query<(typeof sites)[number]>(sitesQuery)).rows;
        await db.close();
      }

      const byKey = new Map(people.map((person) => [person.key, person]));
      const wanted = new Map(attempts.map((attempt) => [attempt.key, attempt]));
      // Whole: the name they gave, a password, and the membership their sign-up was creating.
      const whole = (person: Person) => {
        const attempt = wanted.get(person.key);
        const membership = person.memberships.find((m) => m.slug === attempt?.site);
        return (
          person.hasCredential &&
          person.name === attempt?.name &&
          membership?.role === attempt.role &&
          membership.name === person.name
        );
      };
      const halfWritten = people.filter((person) => !whole(person));
      const ownerless = sites.filter((site) => !site.hasOwner);
      const acknowledged = attempts.filter((attempt) => attempt.acknowledged);
      const lost = acknowledged.filter((attempt) => !byKey.has(attempt.key));
      console.log(
        `${backend}: ${attempts.length} sign-ups tried, ${acknowledged.length} acknowledged ` +
          `(${acknowledged.filter((a) => a.kind === "phone").length} by phone, ${texted} codes texted, ` +
          `${acknowledged.filter((a) => a.kind === "platform").length} new sites), ` +
          `${people.length} people found, ${halfWritten.length} half-written ` +
          `(${halfWritten.filter((p) => !p.hasCredential).length} without a credential, ` +
          `${halfWritten.filter((p) => p.memberships.length === 0).length} without a membership), ` +
          `${sites.length} sites (${ownerless.length} without their owner), ${lost.length} lost`,
      );
      expect(acknowledged.length).toBeGreaterThanOrEqual(ROUNDS);
      expect(halfWritten).toEqual([]);
      expect(ownerless).toEqual([]);
      expect(lost).toEqual([]);
    } finally {
      await server?.stop("SIGKILL");
      await twilio.close();
      if (admin) {
        await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await admin.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
