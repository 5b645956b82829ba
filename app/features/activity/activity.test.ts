// Issue 35 activity (decision 067): the site's feed from where things are kept, a person's own,
// paging that neither repeats nor skips, and privacy: a private group's posts never leave it.
import { afterAll, beforeAll, describe, expect } from "vitest";
import { certificates } from "~/features/certificates/tables.server";
import { pointsLedger } from "~/features/gamification/tables.server";
import { commandGroups } from "~/features/groups/groups.server";
import { enrolments } from "~/features/learning/tables.server";
import type { Viewer } from "~/features/members/members.server";
import { createLogger } from "~/platform/logger.server";
import { createLocalPubSub } from "~/platform/pubsub/pubsub.server";
import { createAccount, createCourse, memberViewer } from "../../../tests/factories";
import {
  backends,
  createTestDatabase,
  logicTestOn,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { loadActivity } from "./activity.server";

describe.each(backends)("Issue 35 activity on %s", (backend) => {
  let db: TestDatabase;
  let accountId = "";
  let owner: Viewer;
  let ann: Viewer;
  let bob: Viewer;
  const pubsub = createLocalPubSub(createLogger({ level: "silent" }));
  const logicTest = logicTestOn(backend);
  const group = (viewer: Viewer, body: unknown) =>
    commandGroups({ database: db.database, pubsub }, { accountId, viewer, body, limit: 0 });
  const feed = (viewer: Viewer, who: "all" | "me" = "all", before?: string, size?: number) =>
    loadActivity(db.database, { accountId, viewer, who, before, size });

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    accountId = (await createAccount(db.database)).accountId;
    owner = await memberViewer(db.database, {
      accountId,
      roleName: "site_owner",
      caps: ["manage_options"],
    });
    ann = await memberViewer(db.database, { accountId, roleName: "student", caps: [] });
    bob = await memberViewer(db.database, { accountId, roleName: "student", caps: [] });
  }, 60_000);
  afterAll(() => db?.dispose());

  logicTest(
    "Issue 35 the feed tells posts, comments, completions, certificates, new members and levels; a private group's posts stay inside",
    async () => {
      const open = await group(owner, {
        intent: "create",
        group: { name: "Open room", slug: "open-room" },
      });
      const closed = await group(owner, {
        intent: "create",
        group: { name: "Back room", slug: "back-room", privacy: "private" },
      });
      const [openId, closedId] = [open, closed].map((answer) => (answer.ok ? answer.id! : ""));
      await group(ann, { intent: "join", groupId: openId });
      await group(bob, { intent: "join", groupId: closedId });
      await group(owner, {
        intent: "decide",
        groupId: closedId,
        userId: bob.user.id,
        decision: "approve",
      });
      const said = await group(ann, { intent: "post", groupId: openId, body: "<p>Open hello</p>" });
      await group(bob, { intent: "post", groupId: closedId, body: "<p>Secret plans</p>" });
      await group(owner, {
        intent: "comment",
        postId: said.ok ? said.id! : "",
        body: "Welcome Ann",
      });
      const course = await createCourse(db.database, {
        accountId,
        title: "Colour",
        slug: "colour-activity",
      });
      await db.database.forAccount(accountId, async (tx) => {
        await tx.insert(enrolments).values({
          accountId,
          courseId: course.id,
          userId: ann.user.id,
          source: "free",
          status: "completed",
          completedAt: new Date(),
        });
        await tx.insert(certificates).values({
          accountId,
          code: "ABC123",
          courseId: course.id,
          userId: ann.user.id,
          studentName: "Ann",
          courseTitle: "Colour",
        });
        // After her post's 5 points (level 2), 3 + 20 more pass level 3's threshold of 20.
        for (const points of [3, 20])
          await tx.insert(pointsLedger).values({
            accountId,
            userId: ann.user.id,
            points,
            reason: "automation",
            sourceId: crypto.randomUUID(),
          });
      });

      const seenByAnn = await feed(ann);
      const kinds = seenByAnn.items.map((entry) => entry.kind);
      for (const kind of ["post", "comment", "completed", "certificate", "joined", "level"])
        expect(kinds).toContain(kind);
      expect(JSON.stringify(seenByAnn)).not.toContain("Secret plans");
      const annLevels = seenByAnn.items.filter(
        (entry) => entry.kind === "level" && entry.actor.userId === ann.user.id,
      );
      expect(annLevels.map((entry) => entry.level)).toEqual([3, 2]);
      expect(seenByAnn.items.find((entry) => entry.kind === "post")).toMatchObject({
        title: "Open room",
        excerpt: "Open hello",
        url: expect.stringMatching(/^\/dashboard\/groups\/open-room#post-/),
      });
      expect(JSON.stringify(await feed(bob))).toContain("Secret plans");
      expect(JSON.stringify(await feed(owner))).toContain("Secret plans");
      // A hidden post leaves the feed with it.
      const secret = (await feed(bob)).items.find((entry) => entry.excerpt === "Secret plans")!;
      await group(owner, { intent: "hide", postId: secret.key, hidden: true });
      expect(JSON.stringify(await feed(bob))).not.toContain("Secret plans");
      // One's own: nothing of anybody else.
      const mine = await feed(ann, "me");
      expect(new Set(mine.items.map((entry) => entry.actor.userId))).toEqual(
        new Set([ann.user.id]),
      );
    },
  );

  logicTest(
    "Issue 35 pages of the feed neither repeat nor skip, whatever kinds share a moment",
    async () => {
      // With the level each crossing names: a page reads the ledger from its floor on only, and
      // its running totals must still count what came before.
      const said = (entry: { key: string; level: number | null }) => `${entry.key}:${entry.level}`;
      // Bob's 14 points of ten days ago, his post's 5 and 2 now take him past level 3's 20 now:
      // older than any page's floor, the first must still count.
      await db.database.forAccount(accountId, async (tx) => {
        for (const [points, daysAgo] of [
          [14, 10],
          [2, 0],
        ] as const)
          await tx.insert(pointsLedger).values({
            accountId,
            userId: bob.user.id,
            points,
            reason: "automation",
            sourceId: crypto.randomUUID(),
            createdAt: new Date(Date.now() - daysAgo * 86_400_000),
          });
      });
      const all = (await feed(owner, "all", undefined, 500)).items.map(said);
      const bobLevels = (await feed(bob, "me", undefined, 500)).items.filter(
        (entry) => entry.kind === "level",
      );
      expect(bobLevels.map((entry) => entry.level)).toEqual([3, 2]);
      const paged: string[] = [];
      let before: string | undefined;
      do {
        const page = await feed(owner, "all", before, 3);
        paged.push(...page.items.map(said));
        before = page.next ?? undefined;
      } while (before);
      expect(paged).toEqual(all);
      expect(new Set(paged).size).toBe(paged.length);
    },
  );
});
