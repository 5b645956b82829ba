// Issue 17 scope 5 in the cross-account HTTP matrix: /dashboard/reports and its CSV answer the
// account's owner and super-admins only (403 to its other members), on the owner's own site
// only (a session shown to another site is no session there: sign-in).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seedReportActivity } from "./factories/reports";
import {
  buildWorld,
  runMatrix,
  type ActorKind,
  type MatrixRoute,
  type Place,
  type World,
} from "./support/access-matrix";
import { logicBackends, createTestDatabase, type TestDatabase } from "./support/test-database";
import { createTestAppWithPages } from "./support/test-server";

const superAdminEmail = "root@platform.test";
const atHome = (actor: ActorKind, place: Place) => actor !== "anonymous" && place === "own";
// A super-admin signed in on a site is what their membership makes them there (decision 037).
const owner = (actor: ActorKind) => actor === "owner" || actor === "otherOwner";

const ownerOnly = (name: string, path: string, ownerStatus = 200): MatrixRoute => ({
  name,
  method: "GET",
  path,
  expect: (actor, place) => {
    if (!atHome(actor, place)) return 302;
    return owner(actor) ? ownerStatus : 403;
  },
});

const routes: MatrixRoute[] = [
  ownerOnly("GET /dashboard/reports (the owner and super-admins)", "/dashboard/reports"),
  ownerOnly("GET /dashboard/reports?period=12m", "/dashboard/reports?period=12m"),
  ownerOnly(
    "GET /dashboard/reports a custom range",
    "/dashboard/reports?from=2026-01-01&to=2026-03-31",
  ),
  ownerOnly(
    "GET /dashboard/reports.csv (the owner and super-admins)",
    "/dashboard/reports.csv?from=2026-01-01&to=2026-01-31",
  ),
  ownerOnly(
    "GET /dashboard/reports.csv a period it cannot read (400 once let in)",
    "/dashboard/reports.csv?from=2026-02-01&to=2026-01-01",
    400,
  ),
];

describe.each(logicBackends)("M7 reports HTTP matrix on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  let world: World;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = (await createTestAppWithPages(db.database, { SUPER_ADMIN_EMAILS: superAdminEmail })).app;
    world = await buildWorld(db.database, superAdminEmail);
    for (const site of [world.demo, world.acme])
      await seedReportActivity(db.database, {
        accountId: site.accountId,
        now: new Date("2026-02-15T12:00:00Z"),
        days: 20,
      });
  }, 120_000);
  afterAll(() => db?.dispose());

  test("M7 reports the screen and its CSV answer each actor, on its own site and another's, as stated", async () => {
    expect(await runMatrix(app, world, routes)).toEqual([]);
  }, 300_000);
});
