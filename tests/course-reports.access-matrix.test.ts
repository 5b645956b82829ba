// Issue 15 scopes 5 and 6 in the cross-account HTTP matrix: the gradebook, its CSV and the
// stats of a course (its instructor vs another's course), a member's certificates, the owner's
// certificate template, the public verification page and the PDF.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { accounts } from "~/features/accounts/tables.server";
import { issueCertificate } from "~/features/certificates/certificates.server";
import { enrolments } from "~/features/learning/tables.server";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import { createCourse } from "./factories";
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

type Fixture = { ownCourse: string; othersCourse: string; code: string };
let fixture: Fixture;

/** A report page of a course: teachers with manage_stats of that course, managers of every one. */
const reportPage = (name: string, path: (course: string) => string, whose: "own" | "others") => ({
  name,
  method: "GET" as const,
  path: () => path(whose === "own" ? fixture.ownCourse : fixture.othersCourse),
  expect: (actor: ActorKind, place: Place) => {
    if (!atHome(actor, place)) return 302;
    if (actor === "otherOwner") return 404; // acme: learning is off there, the course is demo's
    if (actor === "student" || actor === "superAdmin") return 403; // no teaching role on demo
    if (actor === "instructor") return whose === "own" ? 200 : 404;
    return 200; // the owner manages every course
  },
});

const routes: MatrixRoute[] = [
  reportPage(
    "GET /dashboard/course/:id/gradebook (own course)",
    (c) => `/dashboard/course/${c}/gradebook`,
    "own",
  ),
  reportPage(
    "GET /dashboard/course/:id/gradebook (another's course)",
    (c) => `/dashboard/course/${c}/gradebook`,
    "others",
  ),
  reportPage(
    "GET /dashboard/course/:id/gradebook.csv (own course)",
    (c) => `/dashboard/course/${c}/gradebook.csv`,
    "own",
  ),
  reportPage(
    "GET /dashboard/course/:id/gradebook.csv (another's course)",
    (c) => `/dashboard/course/${c}/gradebook.csv`,
    "others",
  ),
  reportPage(
    "GET /dashboard/course/:id/stats (own course)",
    (c) => `/dashboard/course/${c}/stats`,
    "own",
  ),
  reportPage(
    "GET /dashboard/course/:id/stats (another's course)",
    (c) => `/dashboard/course/${c}/stats`,
    "others",
  ),
  {
    name: "GET /dashboard/certificates (a member's own, with lms)",
    method: "GET",
    path: "/dashboard/certificates",
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 302;
      return actor === "otherOwner" ? 403 : 200; // acme has no lms
    },
  },
  {
    name: "GET /dashboard/manage/elearning/certificates (managers)",
    method: "GET",
    path: "/dashboard/manage/elearning/certificates",
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 302;
      return actor === "owner" || actor === "otherOwner" ? 200 : 403;
    },
  },
  {
    name: "POST /dashboard/manage/elearning/certificates (managers save the template)",
    method: "POST",
    path: "/dashboard/manage/elearning/certificates",
    body: () => ({
      part: "certificateTemplate",
      value: { title: "Diploma", accent: "#2f9e44", signatureName: "Olivia Owner" },
    }),
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 302;
      return actor === "owner" || actor === "otherOwner" ? 200 : 403;
    },
  },
  {
    name: "POST /dashboard/manage/elearning/certificates (a colour that is not a colour)",
    method: "POST",
    path: "/dashboard/manage/elearning/certificates",
    body: () => ({ part: "certificateTemplate", value: { accent: "red; x" } }),
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 302;
      return actor === "owner" || actor === "otherOwner" ? 400 : 403;
    },
  },
  {
    name: "GET /certificates/:code (anyone; unknown on another site is still a page)",
    method: "GET",
    path: () => `/certificates/${fixture.code}`,
    expect: () => 200,
  },
  {
    name: "GET /api/certificates/:code/pdf (its owner and demo's managers)",
    method: "GET",
    path: () => `/api/certificates/${fixture.code}/pdf`,
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 401;
      if (actor === "student" || actor === "owner") return 200;
      return 404; // the instructor, and acme's owner on acme (no such certificate there)
    },
  },
];

describe.each(logicBackends)("issue 15 scopes 5–6 HTTP matrix on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  let world: World;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = (await createTestAppWithPages(db.database, { SUPER_ADMIN_EMAILS: superAdminEmail })).app;
    world = await buildWorld(db.database, superAdminEmail);
    await upsertPlanCatalogue(db.database);
    const [demo] = await db.database.owner
      .select({ settings: accounts.settings })
      .from(accounts)
      .where(eq(accounts.accountId, world.demo.accountId));
    await db.database.owner
      .update(accounts)
      .set({ settings: { ...demo!.settings, plan: "professional", features: ["lms"] } })
      .where(eq(accounts.accountId, world.demo.accountId));
    const { accountId } = world.demo;
    const ownCourse = await createCourse(db.database, {
      accountId,
      authorId: world.people.instructor.userId,
      settings: { certificate: true },
    });
    const othersCourse = await createCourse(db.database, {
      accountId,
      authorId: world.people.owner.userId,
    });
    await db.database.forAccount(accountId, (tx) =>
      tx.insert(enrolments).values({
        accountId,
        courseId: ownCourse.id,
        userId: world.people.student.userId,
        source: "free",
        status: "completed",
        completedAt: new Date(),
        progressPercent: 100,
      }),
    );
    const certificate = await issueCertificate(db.database, {
      accountId,
      courseId: ownCourse.id,
      userId: world.people.student.userId,
    });
    fixture = { ownCourse: ownCourse.id, othersCourse: othersCourse.id, code: certificate.code };
  }, 120_000);
  afterAll(() => db?.dispose());

  test("M1 the gradebook, stats and certificates answer each actor, on its own site and another's, as stated", async () => {
    expect(await runMatrix(app, world, routes)).toEqual([]);
  }, 300_000);
});
