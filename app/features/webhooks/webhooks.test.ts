// Issue 37 outgoing webhooks (decision 085): events reach a real HTTP receiver on 127.0.0.1,
// signed (the receiver checks the signature by computing it again), retried after a 500, failed
// after the last attempt, filtered by type, never another site's, never a disabled endpoint's.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { emitDomainEvent, type DomainEvent } from "~/features/events/events.server";
import { resolveHost } from "~/platform/dns.server";
import { signWebhook } from "~/platform/webhook-signing.server";
import { createAccount, viewerWith } from "../../../tests/factories";
import {
  backends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestApp } from "../../../tests/support/test-server";
import { MAX_ATTEMPTS, type WebhookServices } from "./webhook-delivery.server";
import { commandWebhooks, listWebhookEndpoints } from "./webhook-endpoints.server";
import { MAX_ENDPOINTS } from "./webhook-shapes";
import { webhookDeliveries } from "./tables.server";

const owner = viewerWith({ id: "owner-1", name: "Owner", email: "owner@example.com" }, [
  "manage_options",
]);

type Call = { path: string; headers: http.IncomingHttpHeaders; body: string; verified: boolean };

/**
 * The receiver: keeps every call, checks its signature with the secret its path was given, and
 * answers what its path is told to (a list of statuses, then 200).
 */
async function startReceiver() {
  const calls: Call[] = [];
  const secrets = new Map<string, string>();
  const answers = new Map<string, number[]>();
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      const path = request.url ?? "";
      const id = String(request.headers["webhook-id"]);
      const timestamp = Number(request.headers["webhook-timestamp"]);
      const secret = secrets.get(path);
      const verified =
        secret !== undefined &&
        request.headers["webhook-signature"] === signWebhook(secret, { id, timestamp, body });
      calls.push({ path, headers: request.headers, body, verified });
      response.statusCode = answers.get(path)?.shift() ?? 200;
      response.end(response.statusCode === 200 ? "ok" : "not now");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    calls,
    secrets,
    answers,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    callsTo: (path: string) => calls.filter((call) => call.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(backends)("I37 outgoing webhooks on %s", (backend) => {
  let db: TestDatabase;
  let built: ReturnType<typeof createTestApp>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let services: WebhookServices;
  let accountId: string;
  let otherAccountId: string;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    // The receiver listens on 127.0.0.1; retries come at once on the test clock.
    built = createTestApp(db.database, {
      AUTOMATION_PRIVATE_WEBHOOKS: "true",
      WEBHOOK_RETRY_SCALE: "0",
    });
    await built.services.jobs.start();
    receiver = await startReceiver();
    services = {
      database: db.database,
      jobs: built.services.jobs,
      secretBox: built.services.secretBox,
      allowPrivate: true,
      resolve: resolveHost,
    };
    accountId = (await createAccount(db.database)).accountId;
    otherAccountId = (await createAccount(db.database)).accountId;
  });
  afterAll(async () => {
    await receiver?.close();
    await db?.dispose();
  });

  async function until<T>(done: () => Promise<T | null | undefined | false>, seconds = 60) {
    const end = Date.now() + seconds * 1000;
    for (;;) {
      await built.services.events.drain();
      await built.services.jobs.drain();
      const value = await done();
      if (value) return value;
      if (Date.now() > end) throw new Error("timed out");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function addEndpoint(
    path: string,
    { site = accountId, eventTypes = null as DomainEvent["type"][] | null } = {},
  ) {
    const answer = await commandWebhooks(services, {
      accountId: site,
      viewer: owner,
      body: { intent: "create", url: receiver.url(path), description: path, eventTypes },
    });
    receiver.secrets.set(path, answer.secret!);
    return answer.id;
  }

  const emit = (site: string, event: DomainEvent) =>
    db.database.forAccount(site, (tx) => emitDomainEvent(tx, site, event));

  const deliveriesOf = (site: string, endpointId: string) =>
    db.database.forAccount(site, (tx) =>
      tx
        .select()
        .from(webhookDeliveries)
        .where(
          and(eq(webhookDeliveries.accountId, site), eq(webhookDeliveries.endpointId, endpointId)),
        ),
    );

  test("I37 an event reaches its endpoint signed as Standard Webhooks says, with its references", async () => {
    const endpointId = await addEndpoint("/signed");
    const orderId = crypto.randomUUID();
    const eventId = await emit(accountId, {
      type: "order.paid",
      userId: "buyer-1",
      email: "buyer@example.com",
      data: { orderId, amount: 4900, currency: "EUR" },
    });
    const [call] = await until(async () => {
      const calls = receiver.callsTo("/signed");
      return calls.length > 0 && calls;
    });
    expect(call!.verified).toBe(true);
    expect(call!.headers["content-type"]).toBe("application/json");
    const timestamp = Number(call!.headers["webhook-timestamp"]);
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(60);
    const body = JSON.parse(call!.body);
    expect(body).toMatchObject({
      type: "order.paid",
      data: {
        eventId,
        orderId,
        amount: 4900,
        currency: "EUR",
        userId: "buyer-1",
        email: "buyer@example.com",
      },
    });
    expect(Number.isNaN(Date.parse(body.timestamp))).toBe(false);
    const [delivery] = await until(async () => {
      const rows = await deliveriesOf(accountId, endpointId);
      return rows[0]?.status === "delivered" && rows;
    });
    // The delivery's id is the call's id: a receiver drops a repeat by it.
    expect(call!.headers["webhook-id"]).toBe(delivery!.id);
    expect(delivery).toMatchObject({ attempts: 1, lastStatusCode: 200, lastError: "" });
    // The relay handing the same event on again makes no second delivery.
    await emit(accountId, { type: "contact.tagged", data: { tag: "x" } });
    await until(async () => receiver.callsTo("/signed").length === 2);
    expect(await deliveriesOf(accountId, endpointId)).toHaveLength(2);
  });

  test("I37 a 500 is retried with the same webhook-id, then delivered; the screen lists it", async () => {
    const endpointId = await addEndpoint("/flaky", { eventTypes: ["course.enrolled"] });
    receiver.answers.set("/flaky", [500]);
    await emit(accountId, { type: "course.enrolled", data: { courseId: "c-1" } });
    const calls = await until(async () => {
      const got = receiver.callsTo("/flaky");
      return got.length >= 2 && got;
    });
    expect(calls).toHaveLength(2);
    expect(calls[0]!.headers["webhook-id"]).toBe(calls[1]!.headers["webhook-id"]);
    expect(calls.every((call) => call.verified)).toBe(true);
    const [delivery] = await until(async () => {
      const rows = await deliveriesOf(accountId, endpointId);
      return rows[0]?.status === "delivered" && rows;
    });
    expect(delivery).toMatchObject({ attempts: 2, lastStatusCode: 200 });
    const listed = (await listWebhookEndpoints(db.database, { accountId, viewer: owner })).find(
      (endpoint) => endpoint.id === endpointId,
    );
    expect(listed).toMatchObject({ eventTypes: ["course.enrolled"], hasSecret: true });
    expect(listed!.deliveries).toEqual([
      expect.objectContaining({ eventType: "course.enrolled", status: "delivered", attempts: 2 }),
    ]);
    expect(JSON.stringify(listed)).not.toContain("whsec_");
  });

  test("I37 a receiver that never answers 2xx gets every attempt, then the delivery is failed; retry now tries once more", async () => {
    const endpointId = await addEndpoint("/down", { eventTypes: ["quiz.failed"] });
    receiver.answers.set(
      "/down",
      Array.from({ length: MAX_ATTEMPTS }, () => 503),
    );
    await emit(accountId, { type: "quiz.failed", data: { quizId: "q-1" } });
    const [failed] = await until(async () => {
      const rows = await deliveriesOf(accountId, endpointId);
      return rows[0]?.status === "failed" && rows;
    });
    expect(failed).toMatchObject({ attempts: MAX_ATTEMPTS, lastStatusCode: 503 });
    expect(failed!.lastError).toContain("answered 503");
    expect(failed!.nextAttemptAt).toBeNull();
    expect(receiver.callsTo("/down")).toHaveLength(MAX_ATTEMPTS);
    // Nothing more comes by itself.
    await built.services.jobs.drain();
    expect(receiver.callsTo("/down")).toHaveLength(MAX_ATTEMPTS);
    // The receiver is back: "retry now" makes one more attempt, with the same id.
    await commandWebhooks(services, {
      accountId,
      viewer: owner,
      body: { intent: "retry", id: endpointId, deliveryId: failed!.id },
    });
    await until(async () => (await deliveriesOf(accountId, endpointId))[0]?.status === "delivered");
    const calls = receiver.callsTo("/down");
    expect(calls).toHaveLength(MAX_ATTEMPTS + 1);
    expect(calls.at(-1)!.headers["webhook-id"]).toBe(failed!.id);
  });

  test("I37 an endpoint gets only the types it chose; a disabled one gets nothing; another site's never", async () => {
    const picky = await addEndpoint("/picky", { eventTypes: ["form.submitted"] });
    const off = await addEndpoint("/off");
    await commandWebhooks(services, {
      accountId,
      viewer: owner,
      body: { intent: "setEnabled", id: off, enabled: false },
    });
    const theirs = await addEndpoint("/theirs", { site: otherAccountId });
    await emit(accountId, { type: "contact.subscribed", email: "a@example.com" });
    await emit(accountId, { type: "form.submitted", data: { formId: "f-1" } });
    await until(async () => receiver.callsTo("/picky").length === 1);
    // Everything of this site is handed on and sent before looking at what did not come.
    await until(async () => (await deliveriesOf(accountId, picky)).length === 1);
    await built.services.jobs.drain();
    expect(JSON.parse(receiver.callsTo("/picky")[0]!.body).type).toBe("form.submitted");
    expect(receiver.callsTo("/off")).toHaveLength(0);
    expect(await deliveriesOf(accountId, off)).toHaveLength(0);
    expect(receiver.callsTo("/theirs")).toHaveLength(0);
    expect(await deliveriesOf(otherAccountId, theirs)).toHaveLength(0);
    // Their own events do reach them.
    await emit(otherAccountId, { type: "form.submitted", data: { formId: "f-2" } });
    await until(async () => receiver.callsTo("/theirs").length === 1);
    expect(receiver.callsTo("/picky")).toHaveLength(1);
    // Their endpoint is not this site's to change, test or list.
    await expect(
      commandWebhooks(services, {
        accountId,
        viewer: owner,
        body: { intent: "test", id: theirs },
      }),
    ).rejects.toMatchObject({ code: "webhooks.notFound" });
    const listed = await listWebhookEndpoints(db.database, { accountId, viewer: owner });
    expect(listed.map((endpoint) => endpoint.id)).not.toContain(theirs);
  });

  test("I37 the test event and a rolled secret: the receiver checks calls with the new secret", async () => {
    const endpointId = await addEndpoint("/rolled");
    const rolled = await commandWebhooks(services, {
      accountId,
      viewer: owner,
      body: { intent: "rollSecret", id: endpointId },
    });
    expect(rolled.secret).toMatch(/^whsec_/);
    expect(rolled.secret).not.toBe(receiver.secrets.get("/rolled"));
    receiver.secrets.set("/rolled", rolled.secret!);
    await commandWebhooks(services, {
      accountId,
      viewer: owner,
      body: { intent: "test", id: endpointId },
    });
    const [call] = await until(async () => {
      const calls = receiver.callsTo("/rolled");
      return calls.length > 0 && calls;
    });
    expect(call!.verified).toBe(true);
    expect(JSON.parse(call!.body)).toMatchObject({ type: "webhook.test" });
    // Deleted: its deliveries go with it.
    await commandWebhooks(services, {
      accountId,
      viewer: owner,
      body: { intent: "delete", id: endpointId },
    });
    expect(await deliveriesOf(accountId, endpointId)).toHaveLength(0);
  });

  test("I37 only the site's managers may list or change endpoints", async () => {
    const student = viewerWith({ id: "student-1", name: "S", email: "s@example.com" }, []);
    await expect(
      commandWebhooks(services, {
        accountId,
        viewer: student,
        body: { intent: "create", url: receiver.url("/x"), description: "", eventTypes: null },
      }),
    ).rejects.toMatchObject({ code: "auth.forbidden" });
    await expect(
      listWebhookEndpoints(db.database, { accountId, viewer: null }),
    ).rejects.toMatchObject({ code: "not_authenticated" });
  });

  test("I37 20 concurrent additions past the cap: the site keeps at most its endpoints' number", async () => {
    const site = (await createAccount(db.database)).accountId;
    for (let n = 0; n < MAX_ENDPOINTS - 5; n++) await addEndpoint(`/cap-${n}`, { site });
    const answers = await Promise.allSettled(
      Array.from({ length: 20 }, (_, n) =>
        commandWebhooks(services, {
          accountId: site,
          viewer: owner,
          body: {
            intent: "create",
            url: receiver.url(`/more-${n}`),
            description: "",
            eventTypes: null,
          },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === "fulfilled")).toHaveLength(5);
    expect(
      answers.filter(
        (answer) =>
          answer.status === "rejected" &&
          (answer.reason as { code?: string }).code === "webhooks.tooMany",
      ),
    ).toHaveLength(15);
    expect(
      await listWebhookEndpoints(db.database, { accountId: site, viewer: owner }),
    ).toHaveLength(MAX_ENDPOINTS);
  });
});
