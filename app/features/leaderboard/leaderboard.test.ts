// Issue 35 leaderboards and levels (decision 066): the site's board and a group's from the one
// points ledger, periods, shared places, the viewer's own line, levels the owner names, and a
// private group's board closed to those outside it.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { commandGroups } from "~/features/groups/groups.server";
import type { Viewer } from "~/features/members/members.server";
import { createLogger } from "~/platform/logger.server";
import { createLocalPubSub } from "~/platform/pubsub/pubsub.server";
import { createAccount, memberViewer } from "../../../tests/factories";
import {
  backends,
  createTestDatabase,
  logicTestOn,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { awardPoints } from "~/features/gamification/gamification.server";
import { loadLeaderboard, saveLevels } from "./leaderboard.server";
import { pointsLedger } from "~/features/gamification/tables.server";

describe.each(backends)("Issue 35 leaderboards on %s", (backend) => {
  let db: TestDatabase;
  let accountId = "";
  let owner: Viewer;
  let ann: Viewer;
  let bob: Viewer;
  const pubsub = createLocalPubSub(createLogger({ level: "silent" }));
  const logicTest = logicTestOn(backend);
  const board = (viewer: Viewer, period: "7d" | "30d" | "all", group?: string) =>
    loadLeaderboard(db.database, { accountId, viewer, period, group });
  const group = (viewer: Viewer, body: unknown) =>
    commandGroups({ database: db.database, pubsub }, { accountId, viewer, body, limit: 0 });

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
    "Issue 35 the site's board sums every module's points by period; a group's counts what was earned there",
    async () => {
      const long = new Date(Date.now() - 60 * 86_400_000);
      await db.database.forAccount(accountId, async (tx) => {
        await awardPoints(tx, {
          accountId,
          userId: ann.user.id,
          reason: "course_completed",
          sourceId: crypto.randomUUID(),
        });
        await tx.insert(pointsLedger).values({
          accountId,
          userId: bob.user.id,
          points: 500,
          reason: "quiz_passed",
          sourceId: crypto.randomUUID(),
          createdAt: long,
        });
      });
      const made = await group(owner, {
        intent: "create",
        group: { name: "Circle", slug: "circle", privacy: "private" },
      });
      const groupId = made.ok ? made.id! : "";
      await group(bob, { intent: "join", groupId });
      await group(owner, { intent: "decide", groupId, userId: bob.user.id, decision: "approve" });
      await group(bob, { intent: "post", groupId, body: "<p>Hello</p>" });

      const month = await board(ann, "30d");
      expect(month.rows.map((row) => [row.userId, row.points, row.rank])).toEqual([
        [ann.user.id, 100, 1],
        [bob.user.id, 5, 2],
      ]);
      expect(month.me).toMatchObject({ userId: ann.user.id, rank: 1 });
      const ever = await board(ann, "all");
      expect(ever.rows[0]).toMatchObject({ userId: bob.user.id, points: 505, level: 5 });
      // Ann's 100 points are level 4 of the default thresholds (0, 5, 20, 65, 155…).
      expect(ever.rows[1]).toMatchObject({ userId: ann.user.id, points: 100, level: 4 });

      const circle = await board(bob, "all", "circle");
      expect(circle.group).toEqual({ slug: "circle", name: "Circle" });
      expect(circle.rows.map((row) => [row.userId, row.points])).toEqual([[bob.user.id, 5]]);
      // A private group's board is nobody else's to read.
      await expect(board(ann, "all", "circle")).rejects.toMatchObject({ code: "route.notFound" });
      expect((await board(ann, "all")).groups).toEqual([]);
      expect((await board(bob, "all")).groups).toEqual([{ slug: "circle", name: "Circle" }]);
    },
  );

  logicTest(
    "Issue 35 equal points share a place; the viewer's own line shows below the top",
    async () => {
      const crowd = await createAccount(db.database);
      const people: Viewer[] = [];
      for (let n = 0; n < 5; n++)
        people.push(
          await memberViewer(db.database, {
            accountId: crowd.accountId,
            roleName: "student",
            caps: [],
          }),
        );
      await db.database.forAccount(crowd.accountId, (tx) =>
        tx.insert(pointsLedger).values(
          people.map((person, n) => ({
            accountId: crowd.accountId,
            userId: person.user.id,
            // Two share the top; the last one has the fewest.
            points: n < 2 ? 1000 : 1000 - n,
            reason: "lesson_completed" as const,
            sourceId: crypto.randomUUID(),
          })),
        ),
      );
      const last = people.at(-1)!;
      const seen = await loadLeaderboard(db.database, {
        accountId: crowd.accountId,
        viewer: last,
        period: "all",
        size: 3,
      });
      expect(seen.rows.map((row) => row.rank)).toEqual([1, 1, 3]);
      expect(seen.me).toMatchObject({ userId: last.user.id, rank: 5 });
    },
  );

  test("Issue 35 the owner names levels; thresholds must start at 0 and climb", async () => {
    await expect(
      saveLevels(db.database, {
        accountId,
        viewer: ann,
        body: { intent: "levels", levels: [{ name: "A", points: 0 }] },
      }),
    ).rejects.toMatchObject({ code: "auth.forbidden" });
    for (const levels of [
      [{ name: "A", points: 5 }],
      [
        { name: "A", points: 0 },
        { name: "B", points: 0 },
      ],
      [],
    ])
      await expect(
        saveLevels(db.database, { accountId, viewer: owner, body: { intent: "levels", levels } }),
      ).resolves.toMatchObject({
        ok: false,
        issues: [expect.objectContaining({ path: expect.stringMatching(/^levels/) })],
      });
    const levels = [
      { name: "Seedling", points: 0 },
      { name: "Sprout", points: 50 },
      { name: "Oak", points: 1000 },
    ];
    await saveLevels(db.database, { accountId, viewer: owner, body: { intent: "levels", levels } });
    expect((await board(owner, "all")).levels).toEqual(levels);
  });
});
