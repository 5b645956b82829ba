// M8 the platform console in the cross-account HTTP matrix: its three screens, an account's
// drawer, its action, the platform's orders CSV and the owner entry's API route, for each actor
// on its own site and with its cookies presented on another account's; then the platform's own
// host, an unknown host and a suspended site's host.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createClient } from "./support/http-client";
import {
  buildWorld,
  runMatrix,
  type ActorKind,
  type MatrixRoute,
  type Place,
  type World,
} from "./support/access-matrix";
import { createAccount } from "./factories";
import { backends, createTestDatabase, type TestDatabase } from "./support/test-database";
import { createTestAppWithPages } from "./support/test-server";
import { sql } from "drizzle-orm";

const superAdminEmail = "root@platform.test";
const atHome = (actor: ActorKind, place: Place) => actor !== "anonymous" && place === "own";
/** A page of the console: the super-admin at home only; other people signed in are refused. */
const consoleStatus = (actor: ActorKind, place: Place) => {
  if (!atHome(actor, place)) return 302;
  return actor === "superAdmin" ? 200 : 403;
};
/** A well-formed token nobody was given. */
const unknownToken = "A".repeat(43);

const page = (name: string, path: string | ((world: World) => string)): MatrixRoute => ({
  name,
  method: "GET",
  path,
  expect: consoleStatus,
});

const routes: MatrixRoute[] = [
  page("GET /dashboard/accounts", "/dashboard/accounts"),
  page(
    "GET /dashboard/accounts (a search, a page, an order)",
    "/dashboard/accounts?q=demo&status=active&sort=newest&page=2",
  ),
  page(
    "GET /dashboard/accounts (an account's drawer)",
    (w) => `/dashboard/accounts?account=${w.acme.accountId}`,
  ),
  page("GET /dashboard/accounts/owners", "/dashboard/accounts/owners?q=acme"),
  page(
    "GET /dashboard/accounts/audit",
    (w) => `/dashboard/accounts/audit?site=${w.acme.host.split(".")[0]}`,
  ),
  {
    name: "POST /dashboard/accounts restore acme (not suspended: nothing to do)",
    method: "POST",
    path: "/dashboard/accounts",
    body: (w) => ({ intent: "restore", accountId: w.acme.accountId }),
    expect: consoleStatus,
  },
  {
    name: "POST /dashboard/accounts a body that is no command",
    method: "POST",
    path: "/dashboard/accounts",
    body: () => ({ intent: "delete", accountId: "everything" }),
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 302;
      return actor === "superAdmin" ? 400 : 403;
    },
  },
  // Issue 17 scope 7: the console's orders (the platform shop's) as CSV, with the screen's query.
  ...[
    "/dashboard/billing/orders.csv",
    "/dashboard/billing/orders.csv?q=owner&status=paid&provider=stripe&from=2026-01-01&to=2026-12-31",
    "/dashboard/billing/customers.csv",
    "/dashboard/billing/customers.csv?q=owner",
    "/dashboard/billing/subscriptions.csv",
    "/dashboard/billing/subscriptions.csv?q=owner&subscriptionStatus=active",
  ].map((path): MatrixRoute => ({
    name: `GET ${path} (super-admins: a CSV file)`,
    method: "GET",
    path,
    expect: consoleStatus,
    contentType: (actor, place) =>
      actor === "superAdmin" && atHome(actor, place) ? "text/csv" : undefined,
  })),
  {
    name: "GET /api/console/enter (a token nobody was given: the token is the credential)",
    method: "GET",
    path: `/api/console/enter?token=${unknownToken}`,
    expect: () => 410,
  },
];

describe.each(backends)("M8 console HTTP matrix on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  let world: World;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = (await createTestAppWithPages(db.database, { SUPER_ADMIN_EMAILS: superAdminEmail })).app;
    world = await buildWorld(db.database, superAdminEmail);
  }, 120_000);
  afterAll(() => db?.dispose());

  test("M8 only super-admins reach the console's screens and action, on the site they are signed in on", async () => {
    expect(await runMatrix(app, world, routes)).toEqual([]);
  }, 300_000);

  test("M8 the platform's own host and an unknown host have no console", async () => {
    const paths = [
      "/dashboard/accounts",
      "/dashboard/accounts/owners",
      "/dashboard/accounts/audit",
      "/dashboard/billing/orders.csv",
      `/api/console/enter?token=${unknownToken}`,
    ];
    for (const path of paths) {
      const platform = await createClient(app, { host: "localhost", ip: "10.98.0.1" }).request(
        path,
      );
      // Signed out there (sessions belong to a site): the sign-in, or for the API not found.
      expect(platform.status, `localhost ${path}`).toBe(path.startsWith("/api/") ? 404 : 302);
      const unknown = await createClient(app, {
        host: "nowhere.localhost",
        ip: "10.98.0.2",
      }).request(path);
      expect(unknown.status, `unknown host ${path}`).toBe(404);
    }
  });

  test("M8 a suspended site's host answers 503 to every console path, whoever asks", async () => {
    const closed = await createAccount(db.database);
    await db.database.forAccount(closed.accountId, (tx) =>
      tx.execute(
        sql`update accounts set suspended_at = now() where account_id = ${closed.accountId}`,
      ),
    );
    const client = createClient(app, { host: `${closed.slug}.localhost`, ip: "10.98.0.3" });
    for (const path of [
      "/dashboard/accounts",
      "/dashboard/billing/orders.csv",
      `/api/console/enter?token=${unknownToken}`,
    ])
      expect((await client.request(path)).status, path).toBe(503);
    const post = await client.request("/dashboard/accounts", {
      method: "POST",
      json: { intent: "restore", accountId: closed.accountId },
    });
    expect(post.status).toBe(503);
  });
});
