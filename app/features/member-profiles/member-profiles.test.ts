// Issue 35 member profiles (decision 070): what another member sees of a member (level, points,
// the groups and activity the viewer may read, never a private group's), the owner's switch, and
// a suspended member's profile kept for managers.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { commandGroups } from "~/features/groups/groups.server";
import type { Viewer } from "~/features/members/members.server";
import { members } from "~/features/members/tables.server";
import { createLogger } from "~/platform/logger.server";
import { createLocalPubSub } from "~/platform/pubsub/pubsub.server";
import { ownerAndStudents } from "../../../tests/factories/community";
import {
  backends,
  createTestDatabase,
  logicTestOn,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { loadMemberProfile, saveProfilesVisibility } from "./member-profiles.server";

describe.each(backends)("Issue 35 member profiles on %s", (backend) => {
  let db: TestDatabase;
  let accountId = "";
  let owner: Viewer;
  let ann: Viewer;
  let bob: Viewer;
  let annSlug = "";
  const logicTest = logicTestOn(backend);
  const pubsub = createLocalPubSub(createLogger({ level: "silent" }));
  const groupCommand = async (viewer: Viewer, body: Record<string, unknown>) => {
    const answer = await commandGroups(
      { database: db.database, pubsub },
      { accountId, viewer, body, limit: 0 },
    );
    if (!answer.ok) throw new Error(JSON.stringify(answer));
    return answer.id!;
  };
  const profile = (viewer: Viewer, slug = annSlug) =>
    loadMemberProfile(db.database, { accountId, viewer, slug });
  const setVisible = (viewer: Viewer, visible: boolean) =>
    saveProfilesVisibility(db.database, {
      accountId,
      viewer,
      body: { intent: "profiles", visible, public: false },
    });

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    ({ accountId, owner, ann, bob } = await ownerAndStudents(db.database));
    const [row] = await db.database.forAccount(accountId, (tx) =>
      tx
        .select({ slug: members.slug })
        .from(members)
        .where(and(eq(members.accountId, accountId), eq(members.userId, ann.user.id))),
    );
    annSlug = row!.slug;
    // Ann is in an open group and a private one, and posts in both.
    const open = await groupCommand(owner, {
      intent: "create",
      group: { name: "Open lab", slug: "open-lab" },
    });
    const secret = await groupCommand(owner, {
      intent: "create",
      group: { name: "Secret lab", slug: "secret-lab", privacy: "private" },
    });
    await groupCommand(ann, { intent: "join", groupId: open });
    await groupCommand(ann, { intent: "join", groupId: secret });
    await groupCommand(owner, {
      intent: "decide",
      groupId: secret,
      userId: ann.user.id,
      decision: "approve",
    });
    await groupCommand(ann, { intent: "post", groupId: open, body: "<p>Robots on Friday</p>" });
    await groupCommand(ann, { intent: "post", groupId: secret, body: "<p>Budget talk</p>" });
  }, 60_000);
  afterAll(() => db?.dispose());

  logicTest(
    "Issue 35 a profile shows level, points, the groups and activity the viewer may read, never a private group's",
    async () => {
      const seen = await profile(bob);
      expect(seen.person).toMatchObject({ userId: ann.user.id, slug: annSlug, role: "student" });
      expect(seen).toMatchObject({ self: false, canMessage: true, canManage: false });
      expect(seen.points).toBeGreaterThan(0);
      expect(seen.level).toBeGreaterThanOrEqual(1);
      expect(seen.groups.map((group) => group.name)).toEqual(["Open lab"]);
      const said = JSON.stringify(seen.activity.items);
      expect(said).toContain("Robots on Friday");
      expect(said).not.toContain("Budget talk");
      expect(said).not.toContain("Secret lab");

      const own = await profile(ann);
      expect(own).toMatchObject({ self: true, canMessage: false });
      expect(own.groups.map((group) => group.name)).toEqual(["Open lab", "Secret lab"]);
      expect(JSON.stringify(own.activity.items)).toContain("Budget talk");

      const managed = await profile(owner);
      expect(managed).toMatchObject({ canManage: true, canMessage: true });
      // Screens that know only a user id (the leaderboard) link by it.
      expect((await profile(bob, ann.user.id)).person.slug).toBe(annSlug);
      await expect(profile(bob, "nobody-here")).rejects.toMatchObject({ code: "route.notFound" });
    },
  );

  logicTest(
    "Issue 35 the owner switches profiles off: members find none but their own, managers still see them; a suspended member's is for managers",
    async () => {
      await expect(setVisible(bob, false)).rejects.toMatchObject({ code: "auth.forbidden" });
      expect(await setVisible(owner, false)).toMatchObject({ ok: true });
      await expect(profile(bob)).rejects.toMatchObject({ code: "route.notFound" });
      expect((await profile(ann)).self).toBe(true);
      expect((await profile(owner)).person.userId).toBe(ann.user.id);

      expect(await setVisible(owner, true)).toMatchObject({ ok: true });
      expect((await profile(bob)).person.userId).toBe(ann.user.id);
      await db.database.forAccount(accountId, (tx) =>
        tx
          .update(members)
          .set({ suspendedAt: new Date() })
          .where(and(eq(members.accountId, accountId), eq(members.userId, ann.user.id))),
      );
      await expect(profile(bob)).rejects.toMatchObject({ code: "route.notFound" });
      expect((await profile(owner)).person.userId).toBe(ann.user.id);
    },
  );
});
