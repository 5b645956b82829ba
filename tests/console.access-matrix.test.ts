// M8 the platform console in the cross-account HTTP matrix: its screens, an account's drawer,
// its action, the platform's orders CSV and the owner entry's API route, for each actor on its
// own site, with its cookies presented on another account's, and on the base domain, where only
// the super-admin can be signed in (decision 037); then an unknown host and a suspended site's.
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
import { logicBackends, createTestDatabase, type TestDatabase } from "./support/test-database";
import { createTestAppWithPages } from "./support/test-server";
import { sql } from "drizzle-orm";

const superAdminEmail = "root@platform.test";
/** Signed in where asked: on their own site, or the super-admin on the base domain. */
const signedInThere = (actor: ActorKind, place: Place) =>
  actor !== "anonymous" && (place === "own" || (place === "platform" && actor === "superAdmin"));
/**
 * A page of the console: the super-admin on the base domain only. On a site it does not exist
 * (404 to whoever is signed in there, the super-admin included); signed out, the sign-in.
 */
const consoleStatus = (actor: ActorKind, place: Place, ok = 200) => {
  if (!signedInThere(actor, place)) return 302;
  return place === "platform" ? ok : 404;
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
    expect: (actor, place) => consoleStatus(actor, place, 400),
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
    contentType: (actor, place) => (consoleStatus(actor, place) === 200 ? "text/csv" : undefined),
  })),
  {
    name: "POST /dashboard/maintenance/crons retry (a run that does not exist: nothing runs)",
    method: "POST",
    path: "/dashboard/maintenance/crons",
    body: () => ({ intent: "retry", jobId: "00000000-0000-4000-8000-000000000000" }),
    expect: consoleStatus,
  },
  {
    name: "POST /dashboard/docs reorderDocs",
    method: "POST",
    path: "/dashboard/docs",
    body: () => ({ intent: "reorderDocs", docs: [] }),
    expect: consoleStatus,
  },
  {
    name: "POST /dashboard/docs trash (no platform doc has this id)",
    method: "POST",
    path: "/dashboard/docs",
    body: () => ({ id: "00000000-0000-4000-8000-000000000000", intent: "trash" }),
    expect: (actor, place) => consoleStatus(actor, place, 404),
  },
  {
    name: "GET /api/console/enter (a token nobody was given: the token is the credential)",
    method: "GET",
    path: `/api/console/enter?token=${unknownToken}`,
    // A site's own host redeems entries; the base domain has none to redeem.
    expect: (_actor, place) => (place === "platform" ? 404 : 410),
  },
];

/** The console's other screens (each a route module of its own) and the site-only screens. */
const consoleScreens = [
  "/dashboard/docs",
  "/dashboard/docs/new",
  "/dashboard/billing/customers",
  "/dashboard/billing/subscriptions",
  "/dashboard/billing/products",
  "/dashboard/billing/orders",
  "/dashboard/maintenance/crons",
  "/dashboard/maintenance/outbox",
];
const siteScreens = [
  "/dashboard/courses",
  "/dashboard/billing",
  "/dashboard/setup",
  "/dashboard/media",
  "/dashboard/manage/site",
  "/dashboard/posts/comments",
  "/dashboard/reports.csv",
];

describe.each(logicBackends)("M8 console HTTP matrix on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  let world: World;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = (await createTestAppWithPages(db.database, { SUPER_ADMIN_EMAILS: superAdminEmail })).app;
    world = await buildWorld(db.database, superAdminEmail);
  }, 120_000);
  afterAll(() => db?.dispose());

  test("M8 only super-admins reach the console, on the base domain only: every route, each role, each host", async () => {
    const page = (path: string, expect: MatrixRoute["expect"]): MatrixRoute => ({
      name: `GET ${path}`,
      method: "GET",
      path,
      expect,
    });
    const consoleRoutes = [...routes, ...consoleScreens.map((path) => page(path, consoleStatus))];
    expect(
      await runMatrix(app, world, consoleRoutes, { places: ["own", "other", "platform"] }),
    ).toEqual([]);
    // A site's screens are the main matrix's on sites (tests/access-matrix.test.ts); on the base
    // domain they do not exist, for the super-admin too.
    const siteOnly = siteScreens.map((path) =>
      page(path, (actor, place) => (signedInThere(actor, place) ? 404 : 302)),
    );
    expect(await runMatrix(app, world, siteOnly, { places: ["platform"] })).toEqual([]);
    // Open on both: pages and posts (a site's own, on the base domain the platform's, decision
    // 029), the tickets (the desk there), notifications, the console's home and the profile.
    const platformPages = [
      "/dashboard",
      "/dashboard/profile",
      "/dashboard/notifications",
      "/dashboard/tickets",
      "/dashboard/pages",
      "/dashboard/pages/new",
      "/dashboard/posts",
      "/dashboard/post",
    ].map((path) => page(path, (actor, place) => (signedInThere(actor, place) ? 200 : 302)));
    expect(await runMatrix(app, world, platformPages, { places: ["platform"] })).toEqual([]);
  }, 300_000);

  test("M8 the console's sign-in: signed out on the base domain, a console page leads to the staff's sign-in", async () => {
    const res = await createClient(app, { host: "localhost", ip: "10.98.0.9" }).request(
      "/dashboard/accounts?q=acme",
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(
      `/login?staff=1&redirectedFrom=${encodeURIComponent("/dashboard/accounts?q=acme")}`,
    );
  });

  test("M8 an unknown host has no console", async () => {
    const paths = [
      "/dashboard/accounts",
      "/dashboard/accounts/owners",
      "/dashboard/accounts/audit",
      "/dashboard/billing/orders.csv",
      `/api/console/enter?token=${unknownToken}`,
    ];
    for (const path of paths) {
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
