// Issue 37 the Webhooks screen as a browser reaches it (the production build): managers only,
// every command's bad input answered 400, bad and private addresses refused, and — with the
// operator's default (public addresses only) — a name that resolves to 127.0.0.1 refused when
// the call is made, the receiver never reached.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import { resolveHost } from "~/platform/dns.server";
import { createAccount, createMember, createUserWithPassword } from "../../../tests/factories";
import { createClient } from "../../../tests/support/http-client";
import {
  backends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestAppWithPages } from "../../../tests/support/test-server";
import { commandWebhooks } from "./webhook-endpoints.server";
import { webhookDeliveries, webhookEndpoints } from "./tables.server";

const password = "Webhooks-Lantern-Copper-37";
const screen = "/dashboard/manage/site/webhooks";

describe.each(backends)("I37 the Webhooks screen's pages on %s", (backend) => {
  let db: TestDatabase;
  let built: Awaited<ReturnType<typeof createTestAppWithPages>>;
  let host = "";
  let accountId = "";
  let ip = 0;
  let calls = 0;
  let receiver: http.Server;
  let port = 0;
  const emails = {
    owner: `owner-${backend}@webhooks.test`,
    student: `student-${backend}@webhooks.test`,
  };

  async function signedIn(email: string) {
    const client = createClient(built.app, { host, ip: `10.37.0.${++ip}` });
    const res = await client.post("/api/auth/sign-in/email", { email, password });
    expect(res.status, email).toBe(200);
    return client;
  }

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await upsertPlanCatalogue(db.database);
    built = await createTestAppWithPages(db.database);
    const account = await createAccount(db.database, { slug: `hooks${backend}` });
    accountId = account.accountId;
    host = `${account.slug}.localhost`;
    for (const [who, roleName] of [
      ["owner", "site_owner"],
      ["student", "student"],
    ] as const) {
      const user = await createUserWithPassword(db.database, {
        email: emails[who],
        name: who,
        password,
      });
      await createMember(db.database, { accountId, roleName, user });
    }
    receiver = http.createServer((_request, response) => {
      calls++;
      response.end("ok");
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    port = (receiver.address() as AddressInfo).port;
  }, 120_000);
  afterAll(async () => {
    await new Promise((resolve) => receiver?.close(resolve));
    await db?.dispose();
  });

  test("I37 the screen and its commands are the site managers' only", async () => {
    const owner = await signedIn(emails.owner);
    const student = await signedIn(emails.student);
    const page = await owner.request(screen);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('data-testid="webhooks-screen"');
    expect((await student.request(screen)).status).toBe(403);
    const create = {
      intent: "create",
      url: "https://hooks.example.com/in",
      description: "",
      eventTypes: null,
    };
    expect((await student.post(screen, create)).status).toBe(403);
    expect((await owner.post(screen, create)).status).toBe(200);
    const [endpoint] = await db.database.forAccount(accountId, (tx) =>
      tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.accountId, accountId)),
    );
    expect(endpoint!.url).toBe("https://hooks.example.com/in");
    // Sealed: the stored secret is not the one a receiver holds.
    expect(endpoint!.secretSealed).toMatch(/^v1\./);
    for (const body of [
      { intent: "setEnabled", id: endpoint!.id, enabled: false },
      { intent: "rollSecret", id: endpoint!.id },
      { intent: "test", id: endpoint!.id },
      { intent: "delete", id: endpoint!.id },
    ])
      expect((await student.post(screen, body)).status, body.intent).toBe(403);
    expect(await (await owner.request(screen)).text()).toContain("hooks.example.com/in");
    expect((await owner.post(screen, { intent: "delete", id: endpoint!.id })).status).toBe(200);
  });

  test("I37 malformed input to every command is a 400, an unknown endpoint a 404", async () => {
    const owner = await signedIn(emails.owner);
    const id = crypto.randomUUID();
    const ok = {
      intent: "create",
      url: "https://a.example.com/",
      description: "",
      eventTypes: null,
    };
    for (const body of [
      {},
      { intent: "nope" },
      { ...ok, url: undefined },
      { ...ok, url: 42 },
      { ...ok, url: "x".repeat(2001) },
      { ...ok, description: "d".repeat(201) },
      { ...ok, eventTypes: ["order.shipped"] },
      { ...ok, eventTypes: [] },
      { ...ok, extra: true },
      { intent: "setEnabled", id, enabled: "yes" },
      { intent: "setEnabled", id: "not-a-uuid", enabled: true },
      { intent: "rollSecret" },
      { intent: "delete", id: 123 },
      { intent: "test", id: null },
      { intent: "retry", id },
      { intent: "retry", id, deliveryId: "1" },
      [1, 2],
    ])
      expect((await owner.post(screen, body)).status, JSON.stringify(body)).toBe(400);
    // Not JSON at all.
    const form = await owner.request(screen, { method: "POST", form: { intent: "delete", id } });
    expect(form.status).toBe(400);
    for (const url of [
      "not a url",
      "ftp://files.example.com/in",
      "javascript:alert(1)",
      "https://user:secret@hooks.example.com/in",
    ])
      expect((await owner.post(screen, { ...ok, url })).status, url).toBe(400);
    for (const url of [
      `http://127.0.0.1:${port}/in`,
      "http://localhost/in",
      "http://[::1]/in",
      "http://10.1.2.3/in",
      "http://169.254.169.254/latest/meta-data",
      "http://[::ffff:127.0.0.1]/in",
    ])
      expect((await owner.post(screen, { ...ok, url })).status, url).toBe(400);
    for (const body of [
      { intent: "setEnabled", id, enabled: true },
      { intent: "rollSecret", id },
      { intent: "delete", id },
      { intent: "test", id },
      { intent: "retry", id, deliveryId: crypto.randomUUID() },
    ])
      expect((await owner.post(screen, body)).status, body.intent).toBe(404);
    const endpoints = await db.database.forAccount(accountId, (tx) =>
      tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.accountId, accountId)),
    );
    expect(endpoints).toEqual([]);
  });

  test("I37 a name that resolves to 127.0.0.1 is refused when the call is made", async () => {
    // Made while the operator allowed private addresses; they no longer do.
    const made = await commandWebhooks(
      {
        database: db.database,
        jobs: built.services.jobs,
        secretBox: built.services.secretBox,
        allowPrivate: true,
        resolve: resolveHost,
      },
      {
        accountId,
        viewer: {
          user: { id: "x", name: "x", email: "x@example.com", image: null },
          membership: { role: "site_owner", caps: ["manage_options"] },
          isSuperAdmin: false,
        } as unknown as Parameters<typeof commandWebhooks>[1]["viewer"],
        body: {
          intent: "create",
          url: `http://localhost:${port}/in`,
          description: "",
          eventTypes: null,
        },
      },
    );
    const owner = await signedIn(emails.owner);
    expect((await owner.post(screen, { intent: "test", id: made.id })).status).toBe(200);
    const deliveryOf = async () =>
      (
        await db.database.forAccount(accountId, (tx) =>
          tx
            .select()
            .from(webhookDeliveries)
            .where(
              and(
                eq(webhookDeliveries.accountId, accountId),
                eq(webhookDeliveries.endpointId, made.id),
              ),
            ),
        )
      )[0];
    for (let i = 0; i < 100 && (await deliveryOf())?.status === "queued"; i++) {
      await built.services.jobs.drain();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const delivery = await deliveryOf();
    expect(delivery).toMatchObject({ status: "failed", attempts: 1, lastStatusCode: null });
    expect(delivery!.lastError).toContain("private address");
    expect(calls).toBe(0);
    // The screen lists it, failed.
    const html = await (await owner.request(screen)).text();
    expect(html).toContain('data-status="failed"');
    // Calls asked for by hand are limited per site: 30 a minute (the earlier tests' asks count).
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++)
      statuses.push((await owner.post(screen, { intent: "test", id: made.id })).status);
    const allowed = statuses.indexOf(429);
    expect(allowed).toBeGreaterThan(20);
    expect(statuses.slice(0, allowed).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(allowed).every((status) => status === 429)).toBe(true);
  });
});
