import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { accounts } from "~/features/accounts/tables.server";
import { lessons } from "~/features/courses/tables.server";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import { createCourse, createMember, createUserWithPassword } from "../../../tests/factories";
import {
  buildWorld,
  runMatrix,
  type ActorKind,
  type MatrixRoute,
  type Place,
  type World,
} from "../../../tests/support/access-matrix";
import { createClient } from "../../../tests/support/http-client";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestAppWithPages } from "../../../tests/support/test-server";
import { enrolments, parentLinks } from "./tables.server";

/** The request went to demo's host (otherOwner's own site is acme, its "other" is demo). */
const askedOnDemo = (actor: ActorKind, place: Place) =>
  (place === "own") !== (actor === "otherOwner");

const superAdminEmail = "root@platform.test";
const password = "Matrix-Harbour-Quartz-88";

/** Signed in and asking on demo, the site the session belongs to (otherOwner's is acme). */
const onDemo = (actor: ActorKind, place: Place) =>
  actor !== "anonymous" && actor !== "otherOwner" && place === "own";

describe.each(logicBackends)("issue 15 learning's HTTP access matrix on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  let world: World;
  // The instructor's course (they teach it; the student is enrolled) and the owner's.
  const own = { id: "", slug: "", lessonId: "", freeLessonId: "" };
  const others = { id: "", slug: "" };

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = (await createTestAppWithPages(db.database, { SUPER_ADMIN_EMAILS: superAdminEmail })).app;
    world = await buildWorld(db.database, superAdminEmail);
    await upsertPlanCatalogue(db.database);
    for (const site of [world.demo]) {
      const [row] = await db.database.owner
        .select({ settings: accounts.settings })
        .from(accounts)
        .where(eq(accounts.accountId, site.accountId));
      await db.database.owner
        .update(accounts)
        .set({ settings: { ...row!.settings, plan: "professional", features: ["lms"] } })
        .where(eq(accounts.accountId, site.accountId));
    }
    const accountId = world.demo.accountId;
    const course = await createCourse(db.database, {
      accountId,
      slug: "own-course",
      authorId: world.people.instructor.userId,
      sections: [
        {
          title: "S",
          lessons: [
            { title: "Free", type: "text", freePreview: true, content: { html: "<p>Free</p>" } },
            { title: "Paid", type: "text", content: { html: "<p>Members only</p>" } },
          ],
        },
      ],
    });
    own.id = course.id;
    own.slug = course.slug;
    const rows = await db.database.forAccount(accountId, (tx) =>
      tx
        .select({ id: lessons.id, title: lessons.title })
        .from(lessons)
        .where(and(eq(lessons.accountId, accountId), eq(lessons.courseId, course.id))),
    );
    own.freeLessonId = rows.find((row) => row.title === "Free")!.id;
    own.lessonId = rows.find((row) => row.title === "Paid")!.id;
    const other = await createCourse(db.database, {
      accountId,
      slug: "others-course",
      authorId: world.people.owner.userId,
      lessonTitles: ["One"],
    });
    others.id = other.id;
    others.slug = other.slug;
    await db.database.forAccount(accountId, (tx) =>
      tx.insert(enrolments).values({
        accountId,
        courseId: own.id,
        userId: world.people.student.userId,
        source: "manual",
      }),
    );
  });
  afterAll(() => db?.dispose());

  const routes = (): MatrixRoute[] => [
    {
      name: "GET /course/{slug}/learn/{lesson} (player page; a closed lesson shows its lock)",
      method: "GET",
      path: () => `/course/${own.slug}/learn/${own.lessonId}`,
      expect: (actor, place) => (askedOnDemo(actor, place) ? 200 : 404),
    },
    {
      name: "GET /course/{slug}/learn (continue: redirects to the lesson)",
      method: "GET",
      path: () => `/course/${own.slug}/learn`,
      expect: (actor, place) => (askedOnDemo(actor, place) ? 302 : 404),
    },
    {
      name: "POST /api/learning/…/complete (enrolled students only)",
      method: "POST",
      path: () => `/api/learning/courses/${own.id}/lessons/${own.lessonId}/complete`,
      body: () => ({}),
      expect: (actor, place) => {
        if (actor === "anonymous") return 401;
        if (!onDemo(actor, place)) return actor === "otherOwner" && place === "own" ? 404 : 401;
        return actor === "student" ? 200 : 403;
      },
    },
    {
      name: "PUT /api/learning/…/note (enrolled students only)",
      method: "PUT",
      path: () => `/api/learning/courses/${own.id}/lessons/${own.lessonId}/note`,
      body: () => ({ body: "A note" }),
      expect: (actor, place) => {
        if (actor === "anonymous") return 401;
        if (!onDemo(actor, place)) return actor === "otherOwner" && place === "own" ? 404 : 401;
        return actor === "student" ? 200 : 403;
      },
    },
    {
      name: "POST /api/learning/…/enrol (members of the site, free published course)",
      method: "POST",
      path: () => `/api/learning/courses/${others.id}/enrol`,
      body: () => ({}),
      expect: (actor, place) => {
        if (actor === "anonymous") return 401;
        if (!onDemo(actor, place)) return actor === "otherOwner" && place === "own" ? 404 : 401;
        // A super-admin counts as a member of every site.
        return 200;
      },
    },
    {
      name: "GET /dashboard/courses (page: members, lms on)",
      method: "GET",
      path: "/dashboard/courses",
      expect: (actor, place) => {
        if (actor === "anonymous" || (place === "other" && actor !== "otherOwner")) return 302;
        if (actor === "otherOwner") return place === "own" ? 403 : 302;
        return 200;
      },
    },
    {
      name: "GET /dashboard/course/{own}/students (page: the course's teachers with manage_students)",
      method: "GET",
      path: () => `/dashboard/course/${own.id}/students`,
      expect: (actor, place) => {
        if (actor === "anonymous" || (place === "other" && actor !== "otherOwner")) return 302;
        if (actor === "otherOwner") return place === "own" ? 404 : 302;
        // A super-admin signed in on a site is what their membership makes them (decision 037).
        return actor === "student" || actor === "superAdmin" ? 404 : 200;
      },
    },
    {
      name: "GET /dashboard/course/{other's}/students (an instructor of another course: not found)",
      method: "GET",
      path: () => `/dashboard/course/${others.id}/students`,
      expect: (actor, place) => {
        if (actor === "anonymous" || (place === "other" && actor !== "otherOwner")) return 302;
        if (actor === "otherOwner") return place === "own" ? 404 : 302;
        return actor === "owner" ? 200 : 404;
      },
    },
    {
      name: "POST /dashboard/course/{own}/students enrol (page action)",
      method: "POST",
      path: () => `/dashboard/course/${own.id}/students`,
      body: (w) => ({ intent: "enrol", emails: w.people.student.email }),
      expect: (actor, place) => {
        if (actor === "anonymous" || (place === "other" && actor !== "otherOwner")) return 302;
        if (actor === "otherOwner") return place === "own" ? 404 : 302;
        // A super-admin signed in on a site is what their membership makes them (decision 037).
        return actor === "student" || actor === "superAdmin" ? 404 : 200;
      },
    },
  ];

  test("M1 A11 every learning route answers owner, instructor (own and other's course), students, anonymous and another site as stated", async () => {
    expect(await runMatrix(app, world, routes())).toEqual([]);
  });

  const signedIn = async (email: string, ip: string) => {
    const client = createClient(app, { host: world.demo.host, ip });
    const res = await client.post("/api/auth/sign-in/email", { email, password });
    expect(res.status).toBe(200);
    return client;
  };

  test("M1 parents: a linked parent sees the student's courses read-only, and may not act for them", async () => {
    const accountId = world.demo.accountId;
    const parent = await createUserWithPassword(db.database, {
      email: `parent-${accountId.slice(0, 8)}@example.test`,
      name: "Pat Parent",
      password,
    });
    await createMember(db.database, { accountId, roleName: "parent", user: parent });
    await db.database.forAccount(accountId, (tx) =>
      tx.insert(parentLinks).values({
        accountId,
        parentUserId: parent.id,
        studentUserId: world.people.student.userId,
      }),
    );
    const client = await signedIn(parent.email, "10.97.0.1");
    const view = await client.request("/dashboard/courses.data");
    expect(view.status).toBe(200);
    const text = await view.text();
    expect(text).toContain("own-course");
    expect(text).toContain(world.people.student.userId);
    const students = await client.request(`/dashboard/course/${own.id}/students`);
    expect(students.status).toBe(404);
    const complete = await client.post(
      `/api/learning/courses/${own.id}/lessons/${own.lessonId}/complete`,
      {},
    );
    expect(complete.status).toBe(403);
  });

  test("M1 player: a visitor's page carries a free preview's content and never a closed lesson's", async () => {
    const visitor = createClient(app, { host: world.demo.host, ip: "10.97.0.2" });
    const free = await visitor.request(`/course/${own.slug}/learn/${own.freeLessonId}`);
    expect(await free.text()).toContain("<p>Free</p>");
    const closed = await visitor.request(`/course/${own.slug}/learn/${own.lessonId}`);
    const html = await closed.text();
    expect(closed.status).toBe(200);
    expect(html).not.toContain("Members only");
  });

  test("A11 malformed input to the learning routes answers 400, never 500", async () => {
    const student = await signedIn(world.people.student.email, "10.97.0.3");
    const base = `/api/learning/courses/${own.id}/lessons/${own.lessonId}`;
    const cases: [string, string, unknown][] = [
      ["POST", `${base}/complete`, [1]],
      ["POST", `${base}/complete`, "text"],
      ["PUT", `${base}/note`, { body: 5 }],
      ["PUT", `${base}/note`, { body: "x".repeat(20_001) }],
      ["PUT", `${base}/note`, null],
    ];
    for (const [method, path, json] of cases) {
      const res = await student.request(path, { method, json });
      expect(res.status, `${method} ${path} ${JSON.stringify(json).slice(0, 40)}`).toBe(400);
    }
    const owner = await signedIn(world.people.owner.email, "10.97.0.4");
    for (const json of [
      { intent: "enrol", emails: 7 },
      { intent: "nope" },
      [],
      { intent: "expiry", userId: "x", expiresAt: "soon" },
    ]) {
      const res = await owner.request(`/dashboard/course/${own.id}/students`, {
        method: "POST",
        json,
      });
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
  });
});
