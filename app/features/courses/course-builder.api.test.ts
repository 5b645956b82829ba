import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import { createCourse } from "../../../tests/factories";
import {
  buildWorld,
  runMatrix,
  type ActorKind,
  type MatrixRoute,
  type Place,
  type World,
} from "../../../tests/support/access-matrix";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestAppWithPages } from "../../../tests/support/test-server";
import { courseCategories } from "./tables.server";

/** Signed in and asking on the site the session belongs to (demo; acme for otherOwner). */
const atHome = (actor: ActorKind, place: Place) => actor !== "anonymous" && place === "own";
/** The request went to demo's host. */
const askedOnDemo = (actor: ActorKind, place: Place) =>
  (place === "own") !== (actor === "otherOwner");
const managers = new Set<ActorKind>(["owner", "otherOwner"]);

describe.each(logicBackends)("M1 course builder's HTTP access matrix on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  let world: World;
  const ids = { own: "", others: "", privateSlug: "" };

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await upsertPlanCatalogue(db.database);
    app = (await createTestAppWithPages(db.database)).app;
    world = await buildWorld(db.database, "root@platform.test");
    // Both sites have learning (a plan with lms and no course cap).
    await db.database.owner.execute(
      sql`update accounts set settings = settings || '{"plan":"dedicated"}'::jsonb where account_id in (${world.demo.accountId}, ${world.acme.accountId})`,
    );
    const accountId = world.demo.accountId;
    ids.own = (
      await createCourse(db.database, {
        accountId,
        status: "draft",
        authorId: world.people.instructor.userId,
        lessonTitles: ["One"],
      })
    ).id;
    ids.others = (
      await createCourse(db.database, {
        accountId,
        status: "draft",
        authorId: world.people.owner.userId,
      })
    ).id;
    ids.privateSlug = (await createCourse(db.database, { accountId, status: "private" })).slug;
    await db.database.forAccount(accountId, (tx) =>
      tx.insert(courseCategories).values({ accountId, name: "Design", slug: "design" }),
    );
  });
  afterAll(() => db?.dispose());

  /** A save every teacher's answer can tell apart: a version no course has (a conflict, 400). */
  const staleSave = () => ({
    intent: "save",
    version: 999,
    course: {
      title: "T",
      slug: "t",
      subtitle: "",
      description: "",
      featuredImage: {},
      categoryId: null,
      level: "all",
      language: null,
      price: 0,
      status: "draft",
      durationMinutes: null,
      prerequisiteIds: [],
      instructorIds: [],
      settings: {},
    },
  });

  const teacherScreen = (actor: ActorKind, place: Place, teaches: "own" | "others" | "list") => {
    if (!atHome(actor, place)) return 302;
    if (actor === "student" || actor === "superAdmin") return 403;
    if (actor === "otherOwner") return teaches === "list" ? 200 : 404;
    if (actor === "instructor" && teaches === "others") return 404;
    return 200;
  };

  const routes = (): MatrixRoute[] => [
    {
      name: "GET /dashboard/instructor (M1: teachers)",
      method: "GET",
      path: "/dashboard/instructor",
      expect: (actor, place) => teacherScreen(actor, place, "list"),
    },
    {
      name: "GET /dashboard/course/{own draft} (M1: its instructor and managers)",
      method: "GET",
      path: () => `/dashboard/course/${ids.own}`,
      expect: (actor, place) => teacherScreen(actor, place, "own"),
    },
    {
      name: "GET /dashboard/course/{another's draft} (M1: an instructor finds nothing)",
      method: "GET",
      path: () => `/dashboard/course/${ids.others}`,
      expect: (actor, place) => teacherScreen(actor, place, "others"),
    },
    {
      name: "POST /dashboard/course/{own} stale save (M1: teachers get the conflict)",
      method: "POST",
      path: () => `/dashboard/course/${ids.own}`,
      body: staleSave,
      expect: (actor, place) => {
        const status = teacherScreen(actor, place, "own");
        return status === 200 ? 400 : status;
      },
    },
    {
      name: "POST /dashboard/course/{another's} stale save (M1: an instructor finds nothing)",
      method: "POST",
      path: () => `/dashboard/course/${ids.others}`,
      body: staleSave,
      expect: (actor, place) => {
        const status = teacherScreen(actor, place, "others");
        return status === 200 ? 400 : status;
      },
    },
    {
      name: "POST /dashboard/course/{another's} malformed save (M1: no hint to a non-teacher)",
      method: "POST",
      path: () => `/dashboard/course/${ids.others}`,
      body: () => ({ intent: "save", version: "x" }),
      expect: (actor, place) => {
        const status = teacherScreen(actor, place, "others");
        return status === 200 ? 400 : status;
      },
    },
    {
      name: "POST /dashboard/instructor duplicate another's (M1)",
      method: "POST",
      path: "/dashboard/instructor",
      body: () => ({ intent: "duplicate", id: ids.others }),
      expect: (actor, place) => teacherScreen(actor, place, "others"),
    },
    {
      name: "POST /dashboard/instructor/new (M1: create_courses, the lms switch)",
      method: "POST",
      path: "/dashboard/instructor/new",
      body: () => ({ title: "A course of the matrix" }),
      expect: (actor, place) => teacherScreen(actor, place, "list"),
    },
    {
      name: "GET /dashboard/manage/elearning (M1: managers)",
      method: "GET",
      path: "/dashboard/manage/elearning",
      expect: (actor, place) => {
        if (!atHome(actor, place)) return 302;
        return managers.has(actor) ? 200 : 403;
      },
    },
    {
      name: "GET /dashboard/manage/elearning/caetgory (M1: managers)",
      method: "GET",
      path: "/dashboard/manage/elearning/caetgory",
      expect: (actor, place) => {
        if (!atHome(actor, place)) return 302;
        return managers.has(actor) ? 200 : 403;
      },
    },
    {
      name: "POST /dashboard/manage/elearning/caetgory delete no such (M1: managers)",
      method: "POST",
      path: "/dashboard/manage/elearning/caetgory",
      body: () => ({ intent: "deleteCategory", id: "00000000-0000-4000-8000-000000000000" }),
      expect: (actor, place) => {
        if (!atHome(actor, place)) return 302;
        return managers.has(actor) ? 404 : 403;
      },
    },
    {
      name: "GET /course?category=design (M1: public, demo's category only)",
      method: "GET",
      path: "/course?category=design",
      expect: (actor, place) => (askedOnDemo(actor, place) ? 200 : 404),
    },
    {
      name: "GET /course/{private} (M1: never public)",
      method: "GET",
      path: () => `/course/${ids.privateSlug}`,
      expect: () => 404,
    },
  ];

  test("M1 course builder: every new screen and action answers owner, instructor (own vs another's course), student, anonymous and another site as stated", async () => {
    expect(await runMatrix(app, world, routes())).toEqual([]);
  }, 240_000);
});
