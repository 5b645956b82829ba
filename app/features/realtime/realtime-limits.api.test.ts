// Issue 31 point 9: the realtime handshake is limited per signed-in person, with a looser cap per
// client address before any work (decision 039). An owner moving through the dashboard keeps
// getting their socket even when others at the same address flood it; the flood is refused.
import { randomBytes } from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import { createLogger } from "~/platform/logger.server";
import { createRateLimits } from "~/platform/rate-limits/rate-limits.server";
import { createAccount, createMember, createUserWithPassword } from "../../../tests/factories";
import { createClient } from "../../../tests/support/http-client";
import { openSocket, upgradeStatus } from "../../../tests/support/realtime-client";
import { listenWithRealtime } from "../../../tests/support/realtime-server";
import {
  backends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestApp } from "../../../tests/support/test-server";
import { realtimeLimits } from "./connection.server";
import { REALTIME_PATH } from "./protocol";
import { createRealtimeHub } from "./realtime.server";

const password = "Socket-Harbour-Lilac-58";
/** Smaller than production's so the test stays short; the shape is production's. */
const limits = {
  ...realtimeLimits,
  upgradePerPerson: { points: 30, duration: 60 },
  upgradePerAddress: { points: 120, duration: 60 },
};

describe.each(backends)("I31-9 realtime handshake limits on %s", (backend) => {
  let db: TestDatabase;
  let port: number;
  let stop: () => Promise<void>;
  let host: string;
  const cookies = {} as Record<"owner" | "student", string>;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await upsertPlanCatalogue(db.database);
    const { app, services } = createTestApp(db.database);
    services.realtime = createRealtimeHub({
      pubsub: services.pubsub,
      database: db.database,
      logger: services.logger,
      rateLimits: createRateLimits({
        database: db.database,
        logger: createLogger({ level: "silent" }),
      }),
      limits,
    });
    const account = await createAccount(db.database, { slug: `rtlimits${backend}` });
    ({ port, stop } = await listenWithRealtime(app, services));
    host = `${account.slug}.localhost:${port}`;
    for (const [who, roleName] of [
      ["owner", "site_owner"],
      ["student", "student"],
    ] as const) {
      const email = `${who}-limits-${backend}@rt.test`;
      const user = await createUserWithPassword(db.database, { email, name: who, password });
      await createMember(db.database, { accountId: account.accountId, roleName, user });
      const client = createClient(app, { host, ip: "10.63.0.1" });
      expect((await client.post("/api/auth/sign-in/email", { email, password })).status).toBe(200);
      cookies[who] = [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    }
  }, 180_000);

  afterAll(async () => {
    await stop?.();
    await db?.dispose();
  });

  /** One page load of the dashboard: its socket opens, then the page is left. */
  async function navigate(cookie: string): Promise<number> {
    try {
      const socket = await openSocket({ port, host, cookie });
      socket.close();
      await socket.closed;
      return 101;
    } catch (error) {
      return (error as { status?: number }).status ?? 0;
    }
  }

  /** A handshake as a browser sends it, for the refusal's headers. */
  function handshake(cookie: string): Promise<{ status: number; retryAfter?: string }> {
    return new Promise((resolve, reject) => {
      const request = http.request({
        port,
        host: "127.0.0.1",
        path: REALTIME_PATH,
        headers: {
          host,
          origin: `http://${host}`,
          cookie,
          connection: "Upgrade",
          upgrade: "websocket",
          "sec-websocket-version": "13",
          "sec-websocket-key": randomBytes(16).toString("base64"),
        },
      });
      request.on("response", (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, retryAfter: response.headers["retry-after"] });
      });
      request.on("upgrade", (_response, socket) => {
        socket.destroy();
        resolve({ status: 101 });
      });
      request.on("error", reject);
      request.end();
    });
  }

  test("I31-9 30 navigations in a minute by one owner all get their socket, though others at the address used 80 handshakes first", async () => {
    // Before: 60 handshakes per address per minute, spent by whoever shares the address.
    const flood = await Promise.all(
      Array.from({ length: 80 }, () => upgradeStatus({ port, host })),
    );
    expect(flood.every((status) => status === 401)).toBe(true);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push(await navigate(cookies.owner));
    expect(statuses).toEqual(Array<number>(30).fill(101));
  });

  test("I31-9 past their own budget a person is refused with Retry-After; another person at the address still gets in", async () => {
    const refused = await handshake(cookies.owner);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
    expect(await navigate(cookies.student)).toBe(101);
  });

  test("I31-9 a flood from one address is refused once past the address's cap, whoever it is", async () => {
    const statuses = await Promise.all(
      Array.from({ length: limits.upgradePerAddress.points }, () => upgradeStatus({ port, host })),
    );
    expect(statuses).toContain(429);
    expect(await navigate(cookies.student)).toBe(429);
  });
});
