// Issue 35 the owner's Members screen (features/member-admin) and what it changes here: the list
// by search and filters with its counts and CSV, a member's page, role changes that never leave a
// site without an active owner, suspension that cuts access at once (loadMembership), removal and
// what it deletes or is refused for, invitations, and every call refused to non-managers.
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sessions } from "~/features/auth/tables.server";
import { awardPoints } from "~/features/gamification/gamification.server";
import { groupMembers, groupPosts, groups } from "~/features/groups/tables.server";
import { enrolments } from "~/features/learning/tables.server";
import {
  commandMembers,
  listInvites,
  listMembers,
  loadMemberDetail,
  MEMBER_INVITE_JOB,
  membersCsv,
  membersForExport,
  sendMemberInvite,
} from "~/features/member-admin/member-admin.server";
import {
  memberListQueryOf,
  type MemberListQuery,
  type MemberRow,
} from "~/features/member-admin/member-admin";
import { INVITE_DAYS } from "~/features/members/members";
import {
  joinAccount,
  loadMembership,
  MEMBERSHIP_CHANGED,
  type Viewer,
} from "~/features/members/members.server";
import { memberInvites, members } from "~/features/members/tables.server";
import { memberMemberships, memberships } from "~/features/memberships/tables.server";
import { createLogger } from "~/platform/logger.server";
import { createMailer, readOutbox } from "~/platform/mail/mail.server";
import { createLocalPubSub, type BusMessage } from "~/platform/pubsub/pubsub.server";
import { createAccount, createCourse, createMember, createUser } from "../../../tests/factories";
import { createOrder } from "../../../tests/factories/orders";
import {
  backends,
  createTestDatabase,
  logicTestOn,
  type TestDatabase,
} from "../../../tests/support/test-database";

const DAY = 24 * 60 * 60 * 1000;

describe.each(backends)("Issue 35 the Members screen on %s", (backend) => {
  const logicTest = logicTestOn(backend);
  let db: TestDatabase;
  let accountId = "";
  let owner: Viewer;
  let ann: Viewer;
  let bob: Viewer;
  let teacher: Viewer;
  let courseId = "";
  let levelId = "";
  let groupId = "";
  const heard: BusMessage[] = [];
  const pubsub = createLocalPubSub(createLogger({ level: "silent" }));
  pubsub.subscribe((message) => void heard.push(message));
  const queued: { name: string; data: Record<string, unknown> }[] = [];
  const jobs = {
    async send(_tx: unknown, name: string, data: Record<string, unknown>) {
      queued.push({ name, data });
    },
  };
  const query = (search: Record<string, string> = {}): MemberListQuery =>
    memberListQueryOf(new URLSearchParams(search));
  const list = (viewer: Viewer, search: Record<string, string> = {}, site = accountId) =>
    listMembers(db.database, { accountId: site, viewer, query: query(search) });
  const names = async (search: Record<string, string> = {}) =>
    (await list(owner, search)).rows.map((row) => row.name);
  const command = (viewer: Viewer | null, body: unknown, site = accountId) =>
    commandMembers(
      { database: db.database, pubsub, jobs },
      { accountId: site, viewer, body, linkOrigin: "http://school.localhost:3000" },
    );
  /** A member with a name of our choosing, as a viewer holding `caps`. */
  async function person(
    name: string,
    roleName: string,
    caps: string[] = [],
    site = accountId,
  ): Promise<Viewer> {
    const user = await createUser(db.database, {
      name,
      email: `${name.toLowerCase().replace(/\W+/g, ".")}.${randomUUID().slice(0, 8)}@example.test`,
    });
    const { membership } = await createMember(db.database, { accountId: site, roleName, user });
    return {
      user: { ...user, image: null },
      membership: { ...membership, caps },
      isSuperAdmin: false,
    } as Viewer;
  }
  const session = (userId: string, updatedAt: Date, tenantId: string | null = accountId) =>
    db.database.owner.insert(sessions).values({
      id: randomUUID(),
      token: randomUUID(),
      userId,
      tenantId,
      expiresAt: new Date(updatedAt.getTime() + 7 * DAY),
      createdAt: updatedAt,
      updatedAt,
    });

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    accountId = (await createAccount(db.database)).accountId;
    owner = await person("Olive Owner", "site_owner", ["manage_options"]);
    teacher = await person("Tess Teacher", "instructor", ["create_courses"]);
    ann = await person("Ann Archer", "student");
    bob = await person("Bob Baker", "student");
    const course = await createCourse(db.database, {
      accountId,
      title: "Drawing",
      slug: "drawing-members",
    });
    courseId = course.id;
    await db.database.forAccount(accountId, async (tx) => {
      await tx.insert(enrolments).values({
        accountId,
        courseId,
        userId: ann.user.id,
        source: "manual",
        progressPercent: 40,
      });
      const [level] = await tx
        .insert(memberships)
        .values({ accountId, name: "Gold", slug: "gold-members" })
        .returning();
      levelId = level!.id;
      await tx.insert(memberMemberships).values({
        accountId,
        membershipId: levelId,
        userId: bob.user.id,
        source: "manual",
      });
      const [group] = await tx
        .insert(groups)
        .values({ accountId, name: "Sketchers", slug: "sketchers-members" })
        .returning();
      groupId = group!.id;
      await tx.insert(groupMembers).values({ accountId, groupId, userId: ann.user.id });
      await awardPoints(tx, {
        accountId,
        userId: ann.user.id,
        reason: "lesson_completed",
        sourceId: randomUUID(),
      });
    });
  }, 60_000);
  afterAll(() => db?.dispose());

  logicTest(
    "Issue 35 the list finds by name or e-mail and filters by role, course, membership, group and status, newest first",
    async () => {
      expect(await names()).toEqual(["Bob Baker", "Ann Archer", "Tess Teacher", "Olive Owner"]);
      expect(await names({ q: "archer" })).toEqual(["Ann Archer"]);
      expect(await names({ q: bob.user.email.slice(0, 12).toUpperCase() })).toEqual(["Bob Baker"]);
      // A wildcard typed in the box is a character, not a pattern.
      expect(await names({ q: "%" })).toEqual([]);
      expect(await names({ role: "instructor" })).toEqual(["Tess Teacher"]);
      expect(await names({ role: "student", q: "bob" })).toEqual(["Bob Baker"]);
      expect(await names({ course: courseId })).toEqual(["Ann Archer"]);
      expect(await names({ membership: levelId })).toEqual(["Bob Baker"]);
      expect(await names({ group: groupId })).toEqual(["Ann Archer"]);
      expect(await names({ status: "suspended" })).toEqual([]);
      expect(await names({ status: "active" })).toHaveLength(4);
      const page = await list(owner, { role: "student" });
      expect(page).toMatchObject({ total: 2, page: 1, pageSize: 50, counts: { all: 4 } });
      expect(page.options.roles).toContainEqual({ name: "student", count: 2 });
      expect(page.options.courses).toEqual([{ id: courseId, title: "Drawing" }]);
      expect(page.rows[0]).toMatchObject({
        name: "Bob Baker",
        email: bob.user.email,
        role: "student",
        suspended: false,
        lastSeenAt: null,
      });
      // Filters that do not read as filters are dropped, never an error.
      expect(
        query({ course: "nope", seen: "5d", status: "gone", page: "-3", role: "" }),
      ).toMatchObject({ course: null, seen: null, status: null, page: 1, role: null });
    },
  );

  logicTest("Issue 35 the list is paged by 50, newest first", async () => {
    const site = (await createAccount(db.database)).accountId;
    const manager = await person("Mia Manager", "site_owner", ["manage_options"], site);
    for (let n = 1; n <= 55; n++)
      await person(`Pupil ${String(n).padStart(2, "0")}`, "student", [], site);
    const first = await list(manager, {}, site);
    expect(first.total).toBe(56);
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]!.name).toBe("Pupil 55");
    const second = await list(manager, { page: "2" }, site);
    expect(second.rows.map((row) => row.name)).toEqual([
      "Pupil 05",
      "Pupil 04",
      "Pupil 03",
      "Pupil 02",
      "Pupil 01",
      "Mia Manager",
    ]);
  });

  logicTest(
    "Issue 35 last seen is the newest session on this site, kept after its sessions end (decision 074): seen within 7, 30 or 90 days, or never",
    async () => {
      const now = Date.now();
      await session(ann.user.id, new Date(now - 20 * DAY));
      await session(ann.user.id, new Date(now - 2 * DAY));
      // An older session touched after a newer one changes nothing.
      await session(ann.user.id, new Date(now - 30 * DAY));
      await session(bob.user.id, new Date(now - 40 * DAY));
      // A session on another site says nothing of this one.
      await session(teacher.user.id, new Date(now - DAY), null);
      // Every session signed out, lapsed and cleared, or revoked: last seen stays.
      await db.database.owner
        .delete(sessions)
        .where(inArray(sessions.userId, [ann.user.id, bob.user.id]));
      const rows = (await list(owner)).rows;
      const seen = (name: string) => rows.find((row) => row.name === name)!.lastSeenAt;
      expect(Date.parse(seen("Ann Archer")!)).toBe(now - 2 * DAY);
      expect(Date.parse(seen("Bob Baker")!)).toBe(now - 40 * DAY);
      expect(seen("Tess Teacher")).toBeNull();
      expect(await names({ seen: "7d" })).toEqual(["Ann Archer"]);
      expect(await names({ seen: "30d" })).toEqual(["Ann Archer"]);
      expect(await names({ seen: "90d" })).toEqual(["Bob Baker", "Ann Archer"]);
      expect(await names({ seen: "never" })).toEqual(["Tess Teacher", "Olive Owner"]);
      expect(await names({ seen: "never", role: "instructor" })).toEqual(["Tess Teacher"]);
      const detail = await loadMemberDetail(db.database, {
        accountId,
        viewer: owner,
        userId: bob.user.id,
      });
      expect(Date.parse(detail.member.lastSeenAt!)).toBe(now - 40 * DAY);
    },
  );

  logicTest(
    "Issue 35 a session refreshed moves last seen on; one opened before the person joins counts once they do (decision 074)",
    async () => {
      const other = (await createAccount(db.database)).accountId;
      const user = await createUser(db.database, { name: "Sid Signin" });
      const opened = new Date(Date.now() - 3 * DAY);
      // Signing in on a site opens the session first, then makes the membership.
      const [row] = await session(user.id, opened, other).returning({ id: sessions.id });
      await joinAccount(db.database, { accountId: other, user });
      const lastSeen = async () =>
        (
          await db.database.forAccount(other, (tx) =>
            tx
              .select({ at: members.lastSeenAt })
              .from(members)
              .where(and(eq(members.accountId, other), eq(members.userId, user.id))),
          )
        )[0]!.at;
      expect(await lastSeen()).toEqual(opened);
      const refreshed = new Date(Date.now() - DAY);
      await db.database.owner
        .update(sessions)
        .set({ updatedAt: refreshed })
        .where(eq(sessions.id, row!.id));
      expect(await lastSeen()).toEqual(refreshed);
      // The trigger put the transaction's site back: nothing of `other` leaks into later reads.
      await db.database.owner.transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.account_id', ${accountId}, true)`);
        await tx.update(sessions).set({ updatedAt: new Date() }).where(eq(sessions.id, row!.id));
        const { rows } = await tx.execute<{ site: string }>(
          sql`select current_setting('app.account_id', true) as site`,
        );
        expect(rows[0]?.site).toBe(accountId);
      });
    },
  );

  logicTest(
    "Issue 35 a member's page: role, courses with progress, memberships, groups, points and records",
    async () => {
      const { member, roles } = await loadMemberDetail(db.database, {
        accountId,
        viewer: owner,
        userId: ann.user.id,
      });
      expect(member).toMatchObject({
        name: "Ann Archer",
        role: "student",
        suspendedAt: null,
        points: expect.any(Number),
        courses: [{ id: courseId, title: "Drawing", status: "active", progress: 40 }],
        memberships: [],
        groups: [{ id: groupId, title: "Sketchers", role: "member", status: "active" }],
        records: { orders: 0, certificates: 0, quizAttempts: 0 },
        self: false,
        lastOwner: false,
        mayTouch: true,
        viewerOwns: true,
      });
      expect(member.points).toBeGreaterThan(0);
      expect(roles.map((role) => role.name)).toEqual(
        expect.arrayContaining(["student", "instructor", "parent", "site_owner"]),
      );
      const mine = await loadMemberDetail(db.database, {
        accountId,
        viewer: owner,
        userId: owner.user.id,
      });
      expect(mine.member).toMatchObject({ self: true, lastOwner: true });
      await expect(
        loadMemberDetail(db.database, { accountId, viewer: owner, userId: "nobody" }),
      ).rejects.toMatchObject({ code: "members.notFound" });
    },
  );

  test("Issue 35 a suspended member loses the site at once and keeps their row when signing in again", async () => {
    const site = (await createAccount(db.database)).accountId;
    const manager = await person("Sam Manager", "site_owner", ["manage_options"], site);
    const cara = await person("Cara Cook", "student", [], site);
    const key = { accountId: site, userId: cara.user.id };
    // Read once: the 50 s cache now holds her membership.
    expect(await loadMembership(db.database, key)).toMatchObject({ role: "student" });
    heard.length = 0;
    expect(await command(manager, { intent: "suspend", userId: cara.user.id }, site)).toEqual({
      ok: true,
      intent: "suspend",
    });
    expect(await loadMembership(db.database, key)).toBeNull();
    // Every instance hears of it and drops its cached membership.
    expect(heard).toContainEqual({
      topic: MEMBERSHIP_CHANGED,
      accountId: site,
      userId: cara.user.id,
    });
    // Signing in again makes nobody a member twice, and lifts no suspension.
    await joinAccount(db.database, { accountId: site, user: cara.user });
    expect(await loadMembership(db.database, key)).toBeNull();
    expect((await list(manager, { status: "suspended" }, site)).rows).toMatchObject([
      { name: "Cara Cook", suspended: true },
    ]);
    expect(await command(manager, { intent: "reinstate", userId: cara.user.id }, site)).toEqual({
      ok: true,
      intent: "reinstate",
    });
    expect(await loadMembership(db.database, key)).toMatchObject({ role: "student" });
  });

  logicTest(
    "Issue 35 role changes: any role of the site, never one's own, owners by owners only, the last active owner kept",
    async () => {
      const site = (await createAccount(db.database)).accountId;
      const olga = await person("Olga Owner", "site_owner", ["manage_options"], site);
      const dan = await person("Dan Student", "student", [], site);
      const mo = await person("Mo Manager", "instructor", ["manage_options"], site);
      const setRole = (viewer: Viewer, userId: string, role: string) =>
        command(viewer, { intent: "setRole", userId, role }, site);
      expect(await setRole(olga, dan.user.id, "instructor")).toEqual({
        ok: true,
        intent: "setRole",
      });
      expect(
        await loadMembership(db.database, { accountId: site, userId: dan.user.id }),
      ).toMatchObject({ role: "instructor" });
      expect(await setRole(olga, dan.user.id, "wizard")).toEqual({
        ok: false,
        code: "request.invalid",
        issues: [{ path: "role", code: "invalid_value" }],
      });
      await expect(setRole(olga, olga.user.id, "student")).rejects.toMatchObject({
        code: "members.self",
      });
      // A manager who is not an owner neither makes owners nor touches them.
      await expect(setRole(mo, dan.user.id, "site_owner")).rejects.toMatchObject({
        code: "auth.forbidden",
      });
      await expect(setRole(mo, olga.user.id, "student")).rejects.toMatchObject({
        code: "auth.forbidden",
      });
      await expect(
        command(mo, { intent: "suspend", userId: olga.user.id }, site),
      ).rejects.toMatchObject({ code: "auth.forbidden" });
      expect(await setRole(mo, dan.user.id, "parent")).toMatchObject({ ok: true });
      // Two owners; one demotes the other, who (with the page still open) cannot do it back.
      expect(await setRole(olga, dan.user.id, "site_owner")).toMatchObject({ ok: true });
      const danAsOwner = {
        ...dan,
        membership: { ...dan.membership!, role: "site_owner", caps: ["manage_options"] },
      } as Viewer;
      expect(await setRole(olga, dan.user.id, "student")).toMatchObject({ ok: true });
      for (const body of [
        { intent: "setRole", userId: olga.user.id, role: "student" },
        { intent: "suspend", userId: olga.user.id },
        { intent: "remove", userId: olga.user.id },
      ])
        await expect(command(danAsOwner, body, site)).rejects.toMatchObject({
          code: "members.lastOwner",
        });
      expect(
        await loadMembership(db.database, { accountId: site, userId: olga.user.id }),
      ).toMatchObject({ role: "site_owner" });
    },
  );

  test("Issue 35 two owners demoting each other at once leave the site one owner", async () => {
    const site = (await createAccount(db.database)).accountId;
    const one = await person("Una Owner", "site_owner", ["manage_options"], site);
    const two = await person("Tom Owner", "site_owner", ["manage_options"], site);
    const answers = await Promise.allSettled([
      command(one, { intent: "setRole", userId: two.user.id, role: "student" }, site),
      command(two, { intent: "setRole", userId: one.user.id, role: "student" }, site),
    ]);
    expect(answers.filter((answer) => answer.status === "fulfilled")).toHaveLength(1);
    expect(answers.find((answer) => answer.status === "rejected")).toMatchObject({
      reason: { code: "members.lastOwner" },
    });
    const owners = (await list(one, { role: "site_owner" }, site)).rows;
    expect(owners).toHaveLength(1);
  });

  logicTest(
    "Issue 35 removal deletes the membership and what hangs on it, keeps posts, and is refused for a member with orders",
    async () => {
      const site = (await createAccount(db.database)).accountId;
      const manager = await person("Rae Manager", "site_owner", ["manage_options"], site);
      const gus = await person("Gus Green", "student", [], site);
      const pam = await person("Pam Payer", "student", [], site);
      const course = await createCourse(db.database, {
        accountId: site,
        title: "Ink",
        slug: "ink-members",
      });
      const postId = await db.database.forAccount(site, async (tx) => {
        await tx.insert(enrolments).values({
          accountId: site,
          courseId: course.id,
          userId: gus.user.id,
          source: "manual",
        });
        const [group] = await tx
          .insert(groups)
          .values({ accountId: site, name: "Inkers", slug: "inkers" })
          .returning();
        await tx
          .insert(groupMembers)
          .values({ accountId: site, groupId: group!.id, userId: gus.user.id });
        const [post] = await tx
          .insert(groupPosts)
          .values({ accountId: site, groupId: group!.id, authorId: gus.user.id, body: "<p>Hi</p>" })
          .returning();
        return post!.id;
      });
      await createOrder(db.database, {
        accountId: site,
        userId: pam.user.id,
        email: pam.user.email,
        status: "paid",
        items: [{ title: "Ink course", amount: 1000 }],
      });
      const detail = await loadMemberDetail(db.database, {
        accountId: site,
        viewer: manager,
        userId: pam.user.id,
      });
      expect(detail.member.records.orders).toBe(1);
      await expect(
        command(manager, { intent: "remove", userId: pam.user.id }, site),
      ).rejects.toMatchObject({ code: "members.hasOrders" });
      await expect(
        command(manager, { intent: "remove", userId: manager.user.id }, site),
      ).rejects.toMatchObject({ code: "members.self" });

      expect(await command(manager, { intent: "remove", userId: gus.user.id }, site)).toEqual({
        ok: true,
        intent: "remove",
      });
      expect(
        await loadMembership(db.database, { accountId: site, userId: gus.user.id }),
      ).toBeNull();
      const left = await db.database.forAccount(site, async (tx) => ({
        enrolments: await tx
          .select()
          .from(enrolments)
          .where(and(eq(enrolments.accountId, site), eq(enrolments.userId, gus.user.id))),
        groups: await tx
          .select()
          .from(groupMembers)
          .where(and(eq(groupMembers.accountId, site), eq(groupMembers.userId, gus.user.id))),
        posts: await tx
          .select()
          .from(groupPosts)
          .where(and(eq(groupPosts.accountId, site), eq(groupPosts.id, postId))),
      }));
      expect(left).toMatchObject({
        enrolments: [],
        groups: [],
        posts: [{ authorId: gus.user.id }],
      });
      await expect(
        command(manager, { intent: "remove", userId: gus.user.id }, site),
      ).rejects.toMatchObject({ code: "members.notFound" });
    },
  );

  logicTest(
    "Issue 35 invitations mail the site's sign-up link to addresses that are not members, and say which are",
    async () => {
      queued.length = 0;
      const fresh = `new.${randomUUID().slice(0, 8)}@example.test`;
      const refused = await command(owner, {
        intent: "invite",
        emails: [fresh, "not-an-address"],
      });
      expect(refused).toMatchObject({
        ok: false,
        code: "request.invalid",
        issues: [expect.objectContaining({ path: "emails.1" })],
      });
      expect(queued).toEqual([]);
      const answer = await command(owner, {
        intent: "invite",
        emails: [fresh.toUpperCase(), ann.user.email.toUpperCase(), fresh],
      });
      expect(answer).toEqual({
        ok: true,
        intent: "invite",
        invited: [fresh],
        already: [ann.user.email.toLowerCase()],
      });
      expect(queued).toEqual([
        {
          name: MEMBER_INVITE_JOB,
          data: { accountId, email: fresh, origin: "http://school.localhost:3000" },
        },
      ]);
      const mailer = createMailer({ from: "Lyceum <mail@lyceum.test>", database: db.database });
      const deps = {
        database: db.database,
        mailer,
        siteAddress: { baseDomain: "localhost", like: "http://localhost:3000" },
      };
      expect(
        await sendMemberInvite(deps, queued[0]!.data as { accountId: string; email: string }),
      ).toBe(true);
      const [mail] = await readOutbox(db.database, { to: fresh });
      expect(mail?.textBody).toContain("http://school.localhost:3000/signup");
      expect(mail?.subject).toContain("invited");
      // Joined meanwhile: nothing more is sent.
      const user = await createUser(db.database, { email: fresh, name: "Newcomer" });
      await joinAccount(db.database, { accountId, user });
      expect(await sendMemberInvite(deps, { accountId, email: fresh })).toBe(false);
      expect(await readOutbox(db.database, { to: fresh })).toHaveLength(1);
      await expect(
        command(owner, {
          intent: "invite",
          emails: Array.from({ length: 21 }, (_, n) => `p${n}@example.test`),
        }),
      ).resolves.toMatchObject({ ok: false, code: "request.invalid" });
    },
  );

  logicTest(
    "Issue 35 an invitation with a role: whoever joins with that address gets it, on that site only (decision 072)",
    async () => {
      const invitee = `teach.${randomUUID().slice(0, 8)}@example.test`;
      const invitations = () =>
        db.database.forAccount(accountId, (tx) =>
          tx
            .select({ email: memberInvites.email, roleId: memberInvites.roleId })
            .from(memberInvites)
            .where(and(eq(memberInvites.accountId, accountId), eq(memberInvites.email, invitee))),
        );
      for (const role of ["nope", "site_owner"])
        expect(await command(owner, { intent: "invite", emails: [invitee], role })).toMatchObject({
          ok: false,
          code: "request.invalid",
          issues: [expect.objectContaining({ path: "role" })],
        });
      expect(await invitations()).toEqual([]);
      const asked = { intent: "invite", emails: [invitee], role: "instructor" };
      expect(await command(owner, asked)).toMatchObject({ ok: true, invited: [invitee] });
      expect(await invitations()).toEqual([{ email: invitee, roleId: expect.any(String) }]);
      // Invited again without a role: the default role holds; then with it once more.
      await command(owner, { intent: "invite", emails: [invitee] });
      expect(await invitations()).toEqual([{ email: invitee, roleId: null }]);
      await command(owner, asked);
      expect(await listInvites(db.database, { accountId, viewer: owner })).toContainEqual(
        expect.objectContaining({ email: invitee, role: "instructor", expired: false }),
      );
      // Another site knows nothing of it.
      const other = await createAccount(db.database);
      const user = await createUser(db.database, { email: invitee, name: "Ivy Invitee" });
      expect((await joinAccount(db.database, { accountId: other.accountId, user })).role).toBe(
        "student",
      );
      expect((await joinAccount(db.database, { accountId, user })).role).toBe("instructor");
      expect(await invitations()).toEqual([]);
      // Anyone else still joins with the default role.
      const walkIn = await createUser(db.database, { email: `walk.${invitee}`, name: "Walk In" });
      expect((await joinAccount(db.database, { accountId, user: walkIn })).role).toBe("student");
      // The site's people as the tests after this one know them.
      for (const person of [user, walkIn])
        await command(owner, { intent: "remove", userId: person.id });
    },
  );

  logicTest(
    "Issue 35 waiting invitations are listed with their term, sent again and withdrawn; an expired one gives no role (decision 074)",
    async () => {
      const now = new Date();
      const address = (name: string) => `${name}.${randomUUID().slice(0, 8)}@example.test`;
      const [late, kept, dropped] = [address("late"), address("kept"), address("dropped")];
      for (const email of [late, kept, dropped])
        await command(owner, { intent: "invite", emails: [email], role: "instructor" });
      const backdate = (email: string, days: number) =>
        db.database.forAccount(accountId, (tx) =>
          tx
            .update(memberInvites)
            .set({ invitedAt: new Date(now.getTime() - days * DAY) })
            .where(and(eq(memberInvites.accountId, accountId), eq(memberInvites.email, email))),
        );
      await backdate(late, INVITE_DAYS + 1);
      await backdate(kept, INVITE_DAYS + 1);
      const waiting = async () =>
        new Map(
          (await listInvites(db.database, { accountId, viewer: owner, now })).map((row) => [
            row.email,
            row,
          ]),
        );
      let rows = await waiting();
      expect(rows.get(late)).toMatchObject({ role: "instructor", expired: true });
      const fresh = rows.get(dropped)!;
      expect(fresh.expired).toBe(false);
      expect(Date.parse(fresh.expiresAt) - Date.parse(fresh.invitedAt)).toBe(INVITE_DAYS * DAY);
      // Sent again: a new term, and a new mail.
      queued.length = 0;
      await command(owner, { intent: "invite", emails: [kept], role: "instructor" });
      expect(queued).toHaveLength(1);
      rows = await waiting();
      expect(rows.get(kept)).toMatchObject({ expired: false });
      // Withdrawn: gone from the list; withdrawn twice: said so.
      expect(await command(owner, { intent: "revokeInvite", email: dropped })).toEqual({
        ok: true,
        intent: "revokeInvite",
      });
      expect((await waiting()).has(dropped)).toBe(false);
      await expect(
        command(owner, { intent: "revokeInvite", email: dropped }),
      ).rejects.toMatchObject({ code: "members.inviteNotFound" });
      // An expired invitation's address joins with the default role; a current one with its own.
      const lateUser = await createUser(db.database, { email: late, name: "Lou Late" });
      expect((await joinAccount(db.database, { accountId, user: lateUser })).role).toBe("student");
      const keptUser = await createUser(db.database, { email: kept, name: "Kim Kept" });
      expect((await joinAccount(db.database, { accountId, user: keptUser })).role).toBe(
        "instructor",
      );
      rows = await waiting();
      expect([rows.has(late), rows.has(kept)]).toEqual([false, false]);
      // Managers only; another site lists none of these.
      await expect(listInvites(db.database, { accountId, viewer: ann })).rejects.toMatchObject({
        code: "auth.forbidden",
      });
      await expect(command(ann, { intent: "revokeInvite", email: late })).rejects.toMatchObject({
        code: "auth.forbidden",
      });
      const elsewhere = await createAccount(db.database);
      const theirOwner = await person(
        "Oona Other",
        "site_owner",
        ["manage_options"],
        elsewhere.accountId,
      );
      expect(
        await listInvites(db.database, { accountId: elsewhere.accountId, viewer: theirOwner }),
      ).toEqual([]);
      for (const person of [lateUser, keptUser])
        await command(owner, { intent: "remove", userId: person.id });
    },
  );

  logicTest(
    "Issue 35 the CSV holds the filtered list and writes formula-leading cells as text",
    async () => {
      const row = (name: string): MemberRow => ({
        userId: name,
        name,
        email: "a@example.test",
        avatar: null,
        role: "student",
        joinedAt: "2025-01-02T03:04:05.000Z",
        lastSeenAt: null,
        suspended: false,
      });
      const csv = membersCsv([
        row('=HYPERLINK("http://evil")'),
        row("+1"),
        row("-2"),
        row("@SUM(A1)"),
        row("Plain, Name"),
      ]);
      const lines = csv.split("\r\n");
      expect(lines[0]).toBe("name,email,role,joined,last_seen,status");
      expect(lines[1]).toBe(
        `"'=HYPERLINK(""http://evil"")",a@example.test,student,2025-01-02T03:04:05.000Z,,active`,
      );
      expect(lines[2]!.startsWith(`"'+1",`)).toBe(true);
      expect(lines[3]!.startsWith(`"'-2",`)).toBe(true);
      expect(lines[4]!.startsWith(`"'@SUM(A1)",`)).toBe(true);
      expect(lines[5]!.startsWith('"Plain, Name",')).toBe(true);
      const exported = await membersForExport(db.database, {
        accountId,
        viewer: owner,
        query: query({ role: "instructor" }),
      });
      expect(exported.map((one) => one.name)).toEqual(["Tess Teacher"]);
    },
  );

  logicTest(
    "Issue 35 non-managers are refused the list, a member's page, the CSV and every command",
    async () => {
      for (const viewer of [ann, teacher]) {
        await expect(list(viewer)).rejects.toMatchObject({ code: "auth.forbidden" });
        await expect(
          loadMemberDetail(db.database, { accountId, viewer, userId: bob.user.id }),
        ).rejects.toMatchObject({ code: "auth.forbidden" });
        await expect(
          membersForExport(db.database, { accountId, viewer, query: query() }),
        ).rejects.toMatchObject({ code: "auth.forbidden" });
        for (const body of [
          { intent: "suspend", userId: bob.user.id },
          { intent: "setRole", userId: viewer.user.id, role: "site_owner" },
          { intent: "invite", emails: ["x@example.test"] },
          { intent: "nonsense" },
        ])
          await expect(command(viewer, body)).rejects.toMatchObject({ code: "auth.forbidden" });
      }
      await expect(command(null, { intent: "suspend", userId: bob.user.id })).rejects.toMatchObject(
        {
          code: "not_authenticated",
        },
      );
      // A manager of another site is nobody here.
      const elsewhere = await person(
        "Eve Elsewhere",
        "site_owner",
        ["manage_options"],
        (await createAccount(db.database)).accountId,
      );
      await expect(list(elsewhere)).rejects.toMatchObject({ code: "auth.forbidden" });
      // Bad input from a manager: field issues, never a failure.
      expect(await command(owner, { intent: "suspend" })).toMatchObject({
        ok: false,
        code: "request.invalid",
        issues: [expect.objectContaining({ path: "userId" })],
      });
      expect(await command(owner, "nonsense")).toMatchObject({
        ok: false,
        code: "request.invalid",
      });
      expect(await command(owner, null)).toMatchObject({ ok: false, code: "request.invalid" });
    },
  );
});
