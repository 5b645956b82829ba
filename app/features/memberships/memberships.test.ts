import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { AccountSummary } from "~/features/accounts/accounts";
import { enrolments } from "~/features/learning/tables.server";
import type { Viewer } from "~/features/members/members.server";
import {
  createAccount,
  createCourse,
  createMember,
  createPage,
  createPost,
} from "../../../tests/factories";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import {
  canAccess,
  closedForViewer,
  commandLevel,
  contentGate,
  listLevelMembers,
  loadMembershipsScreen,
  openCourseThroughMembership,
  restrictedResources,
  saveLevel,
  type Resource,
} from "./memberships.server";
import type { LevelInput } from "./validation";

const viewerOf = (
  user: { id: string; name: string; email: string },
  accountId: string,
  caps: string[],
): Viewer =>
  ({
    user: { ...user, image: null },
    membership: { accountId, role: "x", caps },
    isSuperAdmin: false,
  }) as unknown as Viewer;

const DAY = 86_400_000;

describe.each(logicBackends)("issue 16 memberships and the access engine on %s", (backend) => {
  let db: TestDatabase;
  let account: AccountSummary;
  let manager: Viewer;
  let holder: Viewer;
  let other: Viewer;
  let writer: Viewer;
  const ids = {
    course: "",
    page: "",
    post: "",
    doc: "",
    tagged: "",
    free: "",
    group: crypto.randomUUID(),
  };
  let goldId = "";

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    account = await createAccount(db.database);
    const accountId = account.accountId;
    // One after another: people of the same name take the next free member slug.
    const people = [];
    for (const roleName of ["site_owner", undefined, undefined, undefined])
      people.push(await createMember(db.database, { accountId, roleName }));
    manager = viewerOf(people[0]!.user, accountId, ["manage_options"]);
    holder = viewerOf(people[1]!.user, accountId, []);
    other = viewerOf(people[2]!.user, accountId, []);
    writer = viewerOf(people[3]!.user, accountId, ["edit_posts"]);
    ids.course = (
      await createCourse(db.database, { accountId, slug: "gold-course", price: 5000 })
    ).id;
    ids.page = (await createPage(db.database, { accountId, slug: "gold-page" })).id;
    ids.doc = (await createPage(db.database, { accountId, slug: "gold-doc", kind: "doc" })).id;
    ids.post = (await createPost(db.database, { accountId, slug: "gold-post" })).id;
    ids.tagged = (
      await createPost(db.database, { accountId, slug: "tagged", tags: ["Premium"] })
    ).id;
    ids.free = (await createPost(db.database, { accountId, slug: "free", tags: ["news"] })).id;
  });
  afterAll(() => db?.dispose());

  const as = (viewer: Viewer | null) => ({ database: db.database, account, viewer });
  const level = (extra: Partial<LevelInput> = {}): LevelInput => ({
    name: "Gold",
    slug: "gold",
    description: "The best",
    durationDays: null,
    status: "active",
    position: 0,
    rules: [
      { resource: "course", targetId: ids.course },
      { resource: "page", targetId: ids.page },
      { resource: "post", targetId: ids.post },
      { resource: "doc", targetId: ids.doc },
      { resource: "group", targetId: ids.group },
      { resource: "post_tag", tag: "premium" },
    ],
    ...extra,
  });
  const resources = (): Record<string, Resource> => ({
    course: { type: "course", id: ids.course },
    page: { type: "page", id: ids.page },
    post: { type: "post", id: ids.post },
    doc: { type: "doc", id: ids.doc },
    group: { type: "group", id: ids.group },
    post_tag: { type: "post", id: ids.tagged },
  });
  const can = (viewer: Viewer | null, resource: Resource, now?: Date) =>
    db.database.forAccount(account.accountId, (tx) =>
      canAccess(tx, {
        accountId: account.accountId,
        userId: viewer?.user.id ?? null,
        resource,
        now,
      }),
    );

  test("C6 a manager keeps levels with their rules; a rule names something of the site; others may not", async () => {
    const saved = await saveLevel(as(manager), null, level());
    expect(saved).toMatchObject({ ok: true });
    goldId = (saved as { id: string }).id;
    expect(await saveLevel(as(manager), null, level())).toMatchObject({
      ok: false,
      code: "memberships.slugTaken",
    });
    expect(
      await saveLevel(
        as(manager),
        null,
        level({ slug: "x", rules: [{ resource: "page", targetId: ids.doc }] }),
      ),
    ).toMatchObject({ ok: false, code: "request.invalid", field: "rules.0" });
    const screen = await loadMembershipsScreen(as(manager));
    const gold = screen.levels.find((row) => row.id === goldId)!;
    expect(gold.rules.map((rule) => rule.resource).sort()).toEqual([
      "course",
      "doc",
      "group",
      "page",
      "post",
      "post_tag",
    ]);
    expect([...screen.options.tags].sort()).toEqual(["Premium", "news"].sort());
    await expect(saveLevel(as(holder), null, level({ slug: "y" }))).rejects.toMatchObject({
      code: "auth.forbidden",
    });
    await expect(loadMembershipsScreen(as(null))).rejects.toMatchObject({
      code: "not_authenticated",
    });
  });

  test("C6 access per rule kind: course, page, post, doc, group and post tag open to holders only", async () => {
    for (const [kind, resource] of Object.entries(resources())) {
      expect(await can(holder, resource), `${kind} before`).toBe(false);
      expect(await can(null, resource), `${kind} visitor`).toBe(false);
    }
    expect(await can(null, { type: "post", id: ids.free })).toBe(true);
    const given = await commandLevel(as(manager), {
      intent: "grantMember",
      id: goldId,
      email: holder.user.email.toUpperCase(),
      expiresAt: null,
    });
    expect(given).toMatchObject({ ok: true });
    for (const [kind, resource] of Object.entries(resources())) {
      expect(await can(holder, resource), `${kind} holder`).toBe(true);
      expect(await can(other, resource), `${kind} other`).toBe(false);
    }
    // A post given with its tags is judged by them: "PREMIUM " is the tag "premium".
    expect(await can(other, { type: "post", id: crypto.randomUUID(), tags: ["PREMIUM "] })).toBe(
      false,
    );
    const closed = await db.database.forAccount(account.accountId, (tx) =>
      restrictedResources(tx, {
        accountId: account.accountId,
        userId: other.user.id,
        resources: [...Object.values(resources()), { type: "post", id: ids.free }],
      }),
    );
    expect([...closed].sort()).toEqual(
      Object.values(resources())
        .map((r) => r.id)
        .sort(),
    );
    expect(
      await closedForViewer(db.database, {
        accountId: account.accountId,
        viewer: writer,
        resources: Object.values(resources()),
      }),
    ).toEqual(new Set());
    const gate = await contentGate(db.database, {
      accountId: account.accountId,
      viewer: other,
      resource: { type: "post", id: ids.tagged },
    });
    expect(gate).toEqual({ open: false, levels: [{ id: goldId, name: "Gold" }] });
    expect(
      (
        await contentGate(db.database, {
          accountId: account.accountId,
          viewer: holder,
          resource: resources().page!,
        })
      ).open,
    ).toBe(true);
    const listed = await listLevelMembers(as(manager), goldId, { q: holder.user.email });
    expect(listed.rows).toMatchObject([
      { userId: holder.user.id, source: "manual", status: "active" },
    ]);
  });

  test("C6 a holder's visit to a course enrols them (source membership) until the level ends; removal closes it", async () => {
    const accountId = account.accountId;
    const enrolment = () =>
      db.database.forAccount(
        accountId,
        async (tx) =>
          (
            await tx
              .select()
              .from(enrolments)
              .where(
                and(
                  eq(enrolments.accountId, accountId),
                  eq(enrolments.courseId, ids.course),
                  eq(enrolments.userId, holder.user.id),
                ),
              )
          )[0],
      );
    expect(
      await openCourseThroughMembership(db.database, {
        accountId,
        viewer: other,
        courseId: ids.course,
      }),
    ).toBe(false);
    expect(
      await openCourseThroughMembership(db.database, {
        accountId,
        viewer: holder,
        courseId: ids.course,
      }),
    ).toBe(true);
    expect(await enrolment()).toMatchObject({
      source: "membership",
      status: "active",
      expiresAt: null,
    });
    expect(
      await openCourseThroughMembership(db.database, {
        accountId,
        viewer: holder,
        courseId: ids.course,
      }),
    ).toBe(true);
    expect(
      await commandLevel(as(manager), {
        intent: "removeMember",
        id: goldId,
        userId: holder.user.id,
      }),
    ).toEqual({
      ok: true,
      id: goldId,
    });
    expect((await enrolment())?.status).toBe("cancelled");
    for (const resource of Object.values(resources()))
      expect(await can(holder, resource)).toBe(false);
    await expect(
      commandLevel(as(manager), { intent: "removeMember", id: goldId, userId: holder.user.id }),
    ).rejects.toMatchObject({ code: "route.notFound" });
  });

  test("C6 a hold ends at its date; an archived level opens nothing and closes nothing", async () => {
    const accountId = account.accountId;
    const tomorrow = new Date(Date.now() + DAY).toISOString().slice(0, 10);
    await commandLevel(as(manager), {
      intent: "grantMember",
      id: goldId,
      email: other.user.email,
      expiresAt: tomorrow,
    });
    expect(await can(other, resources().page!)).toBe(true);
    expect(await can(other, resources().page!, new Date(Date.now() + 3 * DAY))).toBe(false);
    expect(
      await commandLevel(as(manager), {
        intent: "grantMember",
        id: goldId,
        email: "nobody@example.test",
        expiresAt: null,
      }),
    ).toMatchObject({ ok: false, code: "memberships.unknownMember" });
    await saveLevel(as(manager), goldId, level({ status: "archived" }));
    expect(await can(null, resources().page!)).toBe(true);
    expect(await can(other, resources().course!)).toBe(false);
    await saveLevel(as(manager), goldId, level());
    // A download opens through what the orders feature answers (paid orders), never by default.
    const file = { type: "download" as const, id: crypto.randomUUID() };
    expect(await can(other, file)).toBe(false);
    const paid = await db.database.forAccount(accountId, (tx) =>
      canAccess(tx, {
        accountId,
        userId: other.user.id,
        resource: file,
        downloads: async () => true,
      }),
    );
    expect(paid).toBe(true);
    expect(await commandLevel(as(manager), { intent: "deleteLevel", id: goldId })).toEqual({
      ok: true,
      id: null,
    });
    expect(await can(null, resources().post!)).toBe(true);
    expect(await commandLevel(as(manager), { intent: "nope" })).toEqual({
      ok: false,
      code: "request.invalid",
    });
  });
});
