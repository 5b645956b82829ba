// Issue 16 payments in the cross-account HTTP matrix: the managers' provider settings and the
// providers' webhook endpoint (no keys stored in this world: every webhook is "not found").
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  buildWorld,
  runMatrix,
  type ActorKind,
  type MatrixRoute,
  type Place,
  type World,
} from "./support/access-matrix";
import { logicBackends, createTestDatabase, type TestDatabase } from "./support/test-database";
import { createTestApp } from "./support/test-server";

const superAdminEmail = "root@platform.test";
const atHome = (actor: ActorKind, place: Place) => actor !== "anonymous" && place === "own";

/**
 * The host's managers (acme's owner on acme); members 403 (a super-admin too: on a site they
 * are what their membership makes them, decision 037); others 401.
 */
const manager = (actor: ActorKind, place: Place) => {
  if (!atHome(actor, place)) return 401;
  return actor === "owner" || actor === "otherOwner" ? 200 : 403;
};
/** The platform's own (`?scope=platform`): the super-admin on the base domain only. */
const platformOnly = (ok: number) => (actor: ActorKind, place: Place) => {
  if (place === "platform") return actor === "superAdmin" ? ok : 401;
  return atHome(actor, place) ? 403 : 401;
};

const routes: MatrixRoute[] = [
  {
    name: "GET /api/payments/providers (managers)",
    method: "GET",
    path: "/api/payments/providers",
    expect: manager,
  },
  {
    name: "PUT /api/payments/providers (managers)",
    method: "PUT",
    path: "/api/payments/providers",
    body: () => ({ provider: "offline", enabled: false, instructions: "Bank transfer" }),
    expect: manager,
  },
  {
    name: "PUT /api/payments/providers enabling without keys (managers: 409)",
    method: "PUT",
    path: "/api/payments/providers",
    body: () => ({ provider: "stripe", enabled: true }),
    expect: (actor, place) => (manager(actor, place) === 200 ? 409 : manager(actor, place)),
  },
  {
    name: "GET /api/payments/providers?scope=platform (the platform's own: super-admins only)",
    method: "GET",
    path: "/api/payments/providers?scope=platform",
    expect: platformOnly(200),
  },
  {
    name: "PUT /api/payments/providers?scope=platform (super-admins only)",
    method: "PUT",
    path: "/api/payments/providers?scope=platform",
    body: () => ({ provider: "offline", enabled: false, instructions: "Wire to the platform" }),
    expect: platformOnly(200),
  },
  {
    name: "POST /api/payments/webhooks/stripe (no keys on the site: 404 for anyone)",
    method: "POST",
    path: "/api/payments/webhooks/stripe",
    body: () => ({ id: "evt_1", type: "checkout.session.completed" }),
    expect: () => 404,
  },
  {
    name: "POST /api/payments/webhooks/bitcoin (no such provider)",
    method: "POST",
    path: "/api/payments/webhooks/bitcoin",
    body: () => ({}),
    expect: () => 404,
  },
  {
    name: "POST /api/payments/webhooks/offline (offline has no webhooks)",
    method: "POST",
    path: "/api/payments/webhooks/offline",
    body: () => ({}),
    expect: () => 404,
  },
];

describe.each(logicBackends)("issue 16 payments HTTP matrix on %s", (backend) => {
  let db: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let world: World;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = createTestApp(db.database, { SUPER_ADMIN_EMAILS: superAdminEmail }).app;
    world = await buildWorld(db.database, superAdminEmail);
  });
  afterAll(() => db?.dispose());

  test("A11 every payments route answers each actor as stated", async () => {
    expect(await runMatrix(app, world, routes)).toEqual([]);
    // The platform's own routes, on the base domain too (decision 037).
    const platformRoutes = routes.filter((route) => /scope=platform/.test(route.name));
    expect(await runMatrix(app, world, platformRoutes, { places: ["platform"] })).toEqual([]);
  });
});
