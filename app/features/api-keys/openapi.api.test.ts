import Ajv2020 from "ajv/dist/2020";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createOrder } from "../../../tests/factories/orders";
import { buildWorld, platformHost, type World } from "../../../tests/support/access-matrix";
import { createClient } from "../../../tests/support/http-client";
import { actionData } from "../../../tests/support/route-data";
import {
  createTestDatabase,
  logicBackends,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestAppWithPages } from "../../../tests/support/test-server";
import { apiRoutes } from "./route-registry.server";
import { apiScopes } from "./scopes";

type Operation = {
  operationId: string;
  parameters: { name: string; in: string; required: boolean; schema: object }[];
  requestBody?: { content: { "application/json": { schema: { required?: string[] } } } };
  responses: Record<string, unknown>;
  security: Record<string, string[]>[];
};
type Document = {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
};

const superAdminEmail = "root@platform.test";
const methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

describe.each(logicBackends)("I37 the OpenAPI document on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  let world: World;
  let secret = "";
  let narrow = "";
  const ids = { product: "", coupon: "", order: "" };

  const call = (path: string, key: string | null, method = "GET", json?: unknown, host?: string) =>
    app.request(
      `http://${host ?? world.demo.host}${path}`,
      {
        method,
        headers: {
          host: host ?? world.demo.host,
          ...(key ? { authorization: `Bearer ${key}` } : {}),
          ...(json === undefined ? {} : { "content-type": "application/json" }),
        },
        body: json === undefined ? undefined : JSON.stringify(json),
      },
      { incoming: { socket: { remoteAddress: "10.38.0.1" } } },
    );

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = (await createTestAppWithPages(db.database, { SUPER_ADMIN_EMAILS: superAdminEmail })).app;
    world = await buildWorld(db.database, superAdminEmail);
    const owner = createClient(app, { host: world.demo.host, ip: "10.38.0.2" });
    await owner.post("/api/auth/sign-in/email", {
      email: world.people.owner.email,
      password: "Matrix-Harbour-Quartz-88",
    });
    const make = async (scopes: string[]) => {
      const res = await owner.request("/dashboard/manage/site/api-keys.data", {
        method: "POST",
        json: { intent: "create", name: "Registry", scopes },
      });
      return ((await actionData(res)) as { created: { secret: string } }).created.secret;
    };
    secret = await make([...apiScopes]);
    narrow = await make(["orders:read"]);
    const product = await call("/api/products/draft", secret, "POST", {
      title: "Documented",
      kind: "download",
    });
    ids.product = ((await product.json()) as { id: string }).id;
    const coupon = await call("/api/coupons", secret, "POST", {
      name: "DOC10",
      discountType: "percentage",
      amount: 10,
    });
    ids.coupon = ((await coupon.json()) as { id: string }).id;
    const { order } = await createOrder(db.database, {
      accountId: world.demo.accountId,
      userId: world.people.student.userId,
      email: world.people.student.email,
      status: "paid",
      items: [{ title: "Course", amount: 1000 }],
    });
    ids.order = order.id;
  }, 120_000);
  afterAll(() => db?.dispose());

  test("I37 each site serves its own OpenAPI 3.1 document, to anyone; the base domain has none", async () => {
    const demo = await call("/api/openapi.json", null);
    expect(demo.status).toBe(200);
    const document = (await demo.json()) as Document;
    expect(document.openapi).toBe("3.1.0");
    expect(document.servers).toEqual([{ url: `http://${world.demo.host}` }]);
    const acme = (await (
      await call("/api/openapi.json", null, "GET", undefined, world.acme.host)
    ).json()) as Document;
    expect(acme.servers).toEqual([{ url: `http://${world.acme.host}` }]);
    expect((await call("/api/openapi.json", null, "GET", undefined, platformHost)).status).toBe(
      404,
    );
  });

  test("I37 the document holds together as OpenAPI 3.1: operations, parameters, bearer scopes, JSON Schemas", async () => {
    const document = (await (await call("/api/openapi.json", null)).json()) as Document;
    expect(typeof document.info.title).toBe("string");
    expect(typeof document.info.version).toBe("string");
    expect(document.components.securitySchemes.apiKey).toMatchObject({
      type: "http",
      scheme: "bearer",
    });
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const operationIds = new Set<string>();
    let count = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      expect(path).toMatch(/^\/api\//);
      const declared = [...path.matchAll(/\{([a-zA-Z]+)\}/g)].map(([, name]) => name);
      for (const [method, operation] of Object.entries(item)) {
        count++;
        expect(methods).toContain(method);
        expect(operationIds.has(operation.operationId), operation.operationId).toBe(false);
        operationIds.add(operation.operationId);
        expect(Object.keys(operation.responses).some((status) => /^2\d\d$/.test(status))).toBe(
          true,
        );
        const pathParameters = operation.parameters.filter((p) => p.in === "path");
        expect(pathParameters.map((p) => p.name).sort()).toEqual([...declared].sort());
        expect(pathParameters.every((p) => p.required)).toBe(true);
        for (const parameter of operation.parameters) {
          expect(["path", "query"]).toContain(parameter.in);
          expect(() => ajv.compile(parameter.schema), `${path} ${parameter.name}`).not.toThrow();
        }
        if (operation.requestBody)
          expect(() =>
            ajv.compile(operation.requestBody!.content["application/json"].schema),
          ).not.toThrow();
        for (const requirement of operation.security)
          for (const [scheme, scopes] of Object.entries(requirement)) {
            expect(document.components.securitySchemes).toHaveProperty(scheme);
            for (const scope of scopes) expect(apiScopes).toContain(scope);
          }
      }
    }
    expect(count).toBe(apiRoutes.length);
  });

  test("I37 every route of the registry exists and answers: with its scope, without it, and to what its schema refuses", async () => {
    const document = (await (await call("/api/openapi.json", null)).json()) as Document;
    const idFor: Record<string, string> = {
      "/api/products/{id}": ids.product,
      "/api/coupons/{id}": ids.coupon,
      "/api/orders/{id}": ids.order,
    };
    const bodies: Record<string, unknown> = {
      "post /api/products/draft": { title: "Another", kind: "download" },
      "patch /api/coupons/{id}": { amount: 15 },
    };
    const queries: Record<string, string> = { "get /api/search": "?q=doc" };
    for (const route of apiRoutes) {
      const name = `${route.method} ${route.path}`;
      const path = route.path.replace("{id}", idFor[route.path] ?? "") + (queries[name] ?? "");
      const body = route.body ? (bodies[name] ?? {}) : undefined;
      const res = await call(path, secret, route.method.toUpperCase(), body);
      const answer = (await res.json()) as { error?: { code: string } };
      expect(answer.error?.code, name).not.toBe("route.notFound");
      expect(answer.error?.code, name).not.toBe("apiKey.routeClosed");
      // A body the document says is incomplete is refused by the route itself.
      const required =
        document.paths[route.path]![route.method]!.requestBody?.content["application/json"].schema
          .required ?? [];
      if (route.body && !(name in bodies)) {
        expect(required.length, name).toBeGreaterThan(0);
        expect(res.status, name).toBe(400);
      } else expect(res.status, name).toBe(route.success);
      if (route.scope && route.scope !== "orders:read") {
        const refused = await call(path, narrow, route.method.toUpperCase(), body);
        expect(refused.status, name).toBe(403);
      }
      // Without a key the route is still there: open to anyone, else asking who is calling.
      const anonymous = await call(path, null, route.method.toUpperCase(), body);
      expect([200, 400, 401, 403], name).toContain(anonymous.status);
      if (route.open) expect(anonymous.status, name).toBe(route.success);
    }
  });
});
