// M9 in the cross-account HTTP matrix: `POST /api/log` takes anyone's report on a site, signed in
// or not, naming that site's account or none; another site's account_id is refused with 400.
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
/** The request went to demo's host (otherOwner's own site is acme, its "other" is demo). */
const askedOnDemo = (actor: ActorKind, place: Place) =>
  (place === "own") !== (actor === "otherOwner");

const routes: MatrixRoute[] = [
  {
    name: "POST /api/log naming demo's account (M9: anyone on demo's site; 400 on another's)",
    method: "POST",
    path: "/api/log",
    body: (world: World) => ({ message: "TypeError: matrix", account_id: world.demo.accountId }),
    expect: (actor, place) => (askedOnDemo(actor, place) ? 204 : 400),
  },
  {
    name: "POST /api/log without account_id (M9: anyone, on any site)",
    method: "POST",
    path: "/api/log",
    body: () => ({ message: "TypeError: matrix without account" }),
    expect: () => 204,
  },
];

describe.each(logicBackends)("M9 client error reports HTTP matrix on %s", (backend) => {
  let db: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let world: World;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = createTestApp(db.database, { SUPER_ADMIN_EMAILS: superAdminEmail }).app;
    world = await buildWorld(db.database, superAdminEmail);
  });
  afterAll(() => db?.dispose());

  test("M9 every actor, on its own site and on another's, gets the stated answer", async () => {
    expect(await runMatrix(app, world, routes)).toEqual([]);
  });
});
