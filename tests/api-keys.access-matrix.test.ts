// Issue 37 (decision 086) in the cross-account HTTP matrix: the owner's API keys screen and its
// actions (the site's owner only: acme's owner on acme), and the API description (anyone, on a site's host).
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
import { createTestAppWithPages } from "./support/test-server";

const superAdminEmail = "root@platform.test";
const atHome = (actor: ActorKind, place: Place) => actor !== "anonymous" && place === "own";
/** The owner's rule (sections.ts); a super-admin signed in on a site is what their membership makes them. */
const ownerRule = (ok: number) => (actor: ActorKind, place: Place) => {
  if (!atHome(actor, place)) return 302;
  return actor === "owner" || actor === "otherOwner" ? ok : 403;
};

const routes: MatrixRoute[] = [
  {
    name: "GET /dashboard/manage/site/api-keys",
    method: "GET",
    path: "/dashboard/manage/site/api-keys",
    expect: ownerRule(200),
  },
  {
    name: "POST /dashboard/manage/site/api-keys create",
    method: "POST",
    path: "/dashboard/manage/site/api-keys",
    body: () => ({ intent: "create", name: "Matrix", scopes: ["products:read"] }),
    expect: ownerRule(200),
  },
  {
    name: "POST /dashboard/manage/site/api-keys create with no scope (400 once past the rule)",
    method: "POST",
    path: "/dashboard/manage/site/api-keys",
    body: () => ({ intent: "create", name: "Matrix", scopes: [] }),
    expect: ownerRule(400),
  },
  {
    name: "POST /dashboard/manage/site/api-keys revoke {none}",
    method: "POST",
    path: "/dashboard/manage/site/api-keys",
    body: () => ({ intent: "revoke", id: crypto.randomUUID() }),
    expect: ownerRule(404),
  },
  {
    name: "GET /api/openapi.json (anyone)",
    method: "GET",
    path: "/api/openapi.json",
    expect: () => 200,
  },
];

describe.each(logicBackends)("I37 API keys HTTP matrix on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  let world: World;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = (await createTestAppWithPages(db.database, { SUPER_ADMIN_EMAILS: superAdminEmail })).app;
    world = await buildWorld(db.database, superAdminEmail);
  }, 120_000);
  afterAll(() => db?.dispose());

  test("I37 the API keys screen, its actions and the API description answer each actor, on its own site and another's, as stated", async () => {
    expect(await runMatrix(app, world, routes)).toEqual([]);
  }, 300_000);
});
