import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { AppError } from "~/platform/errors";
import { createAccount } from "../tests/factories";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../tests/support/test-database";
import { createTestApp } from "../tests/support/test-server";
import { createApp } from "./app";
import type { AppEnv, ServerServices } from "./app-env";
import { handleError } from "./error-handler";

describe.each(logicBackends)("HTTP surface on %s", (backend) => {
  let db: TestDatabase;
  let services: ServerServices;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await createAccount(db.database, { slug: "demo" });
    services = createTestApp(db.database).services;
  });
  afterAll(() => db?.dispose());

  const request = (path: string, host = "localhost:3000") =>
    createApp({ services }).request(path, { headers: { host } });

  test("GET /api/health answers on any host", async () => {
    const res = await request("/api/health", "nowhere.localhost");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: "ok",
      eventLoop: { windowSeconds: 10, p50Ms: expect.any(Number), p99Ms: expect.any(Number) },
    });
  });

  test("GET /api/ready checks the database and migrations, and says 503 while shutting down", async () => {
    const ready = await request("/api/ready");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: "ready",
      migrations: services.migrationsExpected,
    });

    services.migrationsExpected += 1;
    const pending = await request("/api/ready");
    expect(pending.status).toBe(503);
    expect(await pending.json()).toMatchObject({ status: "migrations_pending" });
    services.migrationsExpected -= 1;

    services.lifecycle.shuttingDown = true;
    const stopping = await request("/api/ready");
    services.lifecycle.shuttingDown = false;
    expect(stopping.status).toBe(503);
  });

  test("I37 GET /api/tls/allowed lets a TLS proxy issue certificates only for hosts it serves", async () => {
    const allowed = async (domain: string) => {
      const res = await request(`/api/tls/allowed?domain=${encodeURIComponent(domain)}`);
      return res.status;
    };
    expect(await allowed("localhost")).toBe(200);
    expect(await allowed("www.localhost")).toBe(200);
    expect(await allowed("demo.localhost")).toBe(200);
    expect(await allowed("Demo.LocalHost")).toBe(200);
    expect(await allowed("nowhere.localhost")).toBe(404);
    expect(await allowed("a.demo.localhost")).toBe(404);
    expect(await allowed("attacker.example")).toBe(404);
    expect(await allowed("")).toBe(400);
    expect(await allowed("x".repeat(254))).toBe(400);
    expect(await allowed("demo.localhost/../x")).toBe(400);
  });

  test("P2 an unknown host gets a styled 'no such site' page with status 404", async () => {
    const res = await request("/", "nowhere.localhost:3000");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("No such site");
    expect(html).toContain("<style>");
    expect(html).toContain('href="http://localhost:3000/"');
  });

  test("P2 the API on an unknown host answers the catalogue's code", async () => {
    const res = await request("/api/anything", "nowhere.localhost");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: { code: "tenant.notFound", message: "No such site" },
    });
  });

  test("an unknown API route on a known host is route.notFound", async () => {
    const res = await request("/api/nope", "demo.localhost:3000");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: "route.notFound" } });
  });

  test("every response carries a request id", async () => {
    const res = await request("/api/health");
    expect(res.headers.get("x-request-id")).toMatch(/.+/);
  });
});

describe("error handler", () => {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.get("/api/boom", () => {
    throw new Error("secret connection string postgres://admin:hunter2@db");
  });
  app.get("/api/forbidden", () => {
    throw new AppError({ code: "auth.forbidden" });
  });
  app.get("/api/invalid", (c) => c.json(z.object({ email: z.email() }).parse({ email: "nope" })));
  app.get("/boom", () => {
    throw new Error("kaboom at /srv/app.ts:12");
  });

  test("A5 a failure is a 500 with the catalogue code and no internals", async () => {
    const res = await app.request("/api/boom");
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: "server.internal", message: "Something went wrong" },
    });
    expect(text).not.toMatch(/hunter2|stack|at /);
  });

  test("an AppError keeps its code and status", async () => {
    const res = await app.request("/api/forbidden");
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: "auth.forbidden" } });
  });

  test("invalid input is a 400 naming the field", async () => {
    const res = await app.request("/api/invalid");
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe("request.invalid");
    expect(body.error.details[0].path).toBe("email");
  });

  test("a page failure is a styled page without the stack", async () => {
    const res = await app.request("/boom");
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(html).toContain("Something went wrong");
    expect(html).not.toContain("kaboom");
  });
});
