// Issue 17 scope 6 in the cross-account HTTP matrix: the owner's /dashboard/tickets and a thread,
// the site's ticket API (its owner only), the platform desk's API (super-admins only, on the base
// domain: decision 037) and an attachment's download (the site's owner, and super-admins on the
// base domain; 404 to anyone else, 401 without a session). Each actor signs in on its own site's
// host; the same cookies on another site's host or the base domain are no session there. On a
// site, a super-admin is what their membership makes them (a student of demo here).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openTicket } from "~/features/tickets/tickets.server";
import {
  buildWorld,
  runMatrix,
  type ActorKind,
  type MatrixRoute,
  type Place,
  type World,
} from "./support/access-matrix";
import { samples } from "./support/media-samples";
import { logicBackends, createTestDatabase, type TestDatabase } from "./support/test-database";
import { createTestAppWithPages } from "./support/test-server";
import { ticketReplies } from "~/features/tickets/tables.server";
import { eq } from "drizzle-orm";

const superAdminEmail = "root-tickets-matrix@platform.test";
const atHome = (actor: ActorKind, place: Place) => actor !== "anonymous" && place === "own";

type Fixture = { demoTicket: string; acmeTicket: string; fileId: string };
let fixture: Fixture;

/** What the super-admin signed in on the base domain gets (the others are signed out there). */
type OnPlatform = { platform: number };

/** A page of the dashboard: a redirect to sign in without a session. */
const page = (
  name: string,
  path: () => string,
  status: (actor: ActorKind) => number,
  { platform }: OnPlatform,
) => ({
  name,
  method: "GET" as const,
  path,
  expect: (actor: ActorKind, place: Place) => {
    if (place === "platform") return actor === "superAdmin" ? platform : 302;
    return atHome(actor, place) ? status(actor) : 302;
  },
});
/** An API call: 401 without a session (another site's cookies are none). */
const api = (
  route: Omit<MatrixRoute, "expect">,
  status: (actor: ActorKind) => number,
  { platform }: OnPlatform,
): MatrixRoute => ({
  ...route,
  expect: (actor, place) => {
    if (place === "platform") return actor === "superAdmin" ? platform : 401;
    return atHome(actor, place) ? status(actor) : 401;
  },
});

const owners = (actor: ActorKind) => actor === "owner" || actor === "otherOwner";
/** The desk's: nobody on a site (403), the super-admin on the base domain. */
const deskOnly = () => 403;
/** The site's own API: not on the base domain. */
const noSite = { platform: 404 };

const routes: MatrixRoute[] = [
  page(
    "GET /dashboard/tickets (each owner their site's; the super-admin the desk)",
    () => "/dashboard/tickets",
    (actor) => (owners(actor) ? 200 : 403),
    { platform: 200 },
  ),
  page(
    "GET /dashboard/tickets?view=desk&status=unresolved (an owner stays on their own)",
    () => "/dashboard/tickets?view=desk&status=unresolved&assigned=none",
    (actor) => (owners(actor) ? 200 : 403),
    { platform: 200 },
  ),
  page(
    "GET /dashboard/tickets/:id demo's ticket (demo's owner, the desk)",
    () => `/dashboard/tickets/${fixture.demoTicket}`,
    (actor) => {
      if (actor === "owner") return 200;
      return actor === "otherOwner" ? 404 : 403;
    },
    { platform: 200 },
  ),
  page(
    "GET /dashboard/tickets/:id acme's ticket (acme's owner, the desk; never demo's owner)",
    () => `/dashboard/tickets/${fixture.acmeTicket}?view=desk`,
    (actor) => {
      if (actor === "otherOwner") return 200;
      return actor === "owner" ? 404 : 403;
    },
    { platform: 200 },
  ),
  api(
    {
      name: "POST /api/tickets a new ticket (the host site's owner)",
      method: "POST",
      path: "/api/tickets",
      form: () => ({ subject: "Matrix", category: "bug", body: "From the matrix" }),
    },
    (actor) => (owners(actor) ? 201 : 403),
    noSite,
  ),
  api(
    {
      name: "POST /api/tickets/:id/replies to demo's ticket (demo's owner)",
      method: "POST",
      path: () => `/api/tickets/${fixture.demoTicket}/replies`,
      form: () => ({ body: "More from the matrix" }),
    },
    (actor) => {
      if (actor === "owner") return 201;
      return actor === "otherOwner" ? 404 : 403;
    },
    noSite,
  ),
  api(
    {
      name: "POST /api/tickets/:id/resolve demo's ticket (demo's owner)",
      method: "POST",
      path: () => `/api/tickets/${fixture.demoTicket}/resolve`,
      body: () => ({}),
    },
    (actor) => {
      if (actor === "owner") return 200;
      return actor === "otherOwner" ? 404 : 403;
    },
    noSite,
  ),
  api(
    {
      name: "POST /api/desk/tickets/:id/replies to acme's ticket (super-admins, on the base domain)",
      method: "POST",
      path: () => `/api/desk/tickets/${fixture.acmeTicket}/replies`,
      form: () => ({ body: "The desk answers" }),
    },
    deskOnly,
    { platform: 201 },
  ),
  api(
    {
      name: "POST /api/desk/tickets/:id/status (super-admins)",
      method: "POST",
      path: () => `/api/desk/tickets/${fixture.acmeTicket}/status`,
      body: () => ({ status: "awaited" }),
    },
    deskOnly,
    { platform: 200 },
  ),
  api(
    {
      name: "POST /api/desk/tickets/:id/assign (super-admins)",
      method: "POST",
      path: () => `/api/desk/tickets/${fixture.acmeTicket}/assign`,
      body: (world: World) => ({ assigneeId: world.people.superAdmin.userId }),
    },
    deskOnly,
    { platform: 200 },
  ),
  api(
    {
      name: "GET /api/tickets/:id/files/:fileId demo's attachment (demo's owner, super-admins)",
      method: "GET",
      path: () => `/api/tickets/${fixture.demoTicket}/files/${fixture.fileId}`,
    },
    (actor) => (actor === "owner" ? 200 : 404),
    { platform: 200 },
  ),
];

describe.each(logicBackends)("issue 17 scope 6 tickets HTTP matrix on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  let world: World;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const made = await createTestAppWithPages(db.database, {
      SUPER_ADMIN_EMAILS: superAdminEmail,
    });
    app = made.app;
    const { services } = made;
    await services.jobs.start();
    world = await buildWorld(db.database, superAdminEmail);
    const deps = { database: db.database, storage: services.storage, jobs: services.jobs };
    const owner = (actor: "owner" | "otherOwner", accountId: string) => ({
      user: {
        id: world.people[actor].userId,
        name: actor,
        email: world.people[actor].email,
        image: null,
      },
      membership: {
        memberId: "m",
        accountId,
        name: actor,
        slug: actor,
        email: world.people[actor].email,
        avatar: null,
        role: "site_owner",
        caps: [],
      },
      isSuperAdmin: false,
    });
    const demo = await openTicket(deps, {
      viewer: owner("owner", world.demo.accountId),
      accountId: world.demo.accountId,
      input: { subject: "Demo's bug", category: "bug", body: "On demo" },
      files: [{ name: "screen.png", bytes: await samples.png(20, 20) }],
    });
    const acme = await openTicket(deps, {
      viewer: owner("otherOwner", world.acme.accountId),
      accountId: world.acme.accountId,
      input: { subject: "Acme's question", category: "setup", body: "On acme" },
      files: [],
    });
    const [reply] = await db.database.forAccount(world.demo.accountId, (tx) =>
      tx.select().from(ticketReplies).where(eq(ticketReplies.ticketId, demo.id)),
    );
    fixture = {
      demoTicket: demo.id,
      acmeTicket: acme.id,
      fileId: reply!.attachments[0]!.key.split("/").pop()!,
    };
  }, 120_000);
  afterAll(() => db?.dispose());

  test("M7 M8 tickets: the screens, the site's API, the desk's API and the downloads answer each actor, on its own site and another's, as stated", async () => {
    expect(await runMatrix(app, world, routes, { places: ["own", "other", "platform"] })).toEqual(
      [],
    );
  }, 300_000);
});
