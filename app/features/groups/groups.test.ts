// Issue 35 groups' own logic (decision 064): the plan's cap under 20 tabs at once, privacy (a
// private group's posts reach its members only; a hidden group is nobody else's to see), joining
// by the access a group is tied to, requests, posts, one level of replies, reactions, moderation,
// unread markers, paging, and points for posting.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Viewer } from "~/features/members/members.server";
import { enrolments } from "~/features/learning/tables.server";
import { pointsTotal } from "~/features/gamification/gamification.server";
import { listUnread } from "~/features/notifications/notifications.server";
import { createLogger } from "~/platform/logger.server";
import { createLocalPubSub, type BusMessage } from "~/platform/pubsub/pubsub.server";
import { createAccount, createCourse, memberViewer } from "../../../tests/factories";
import {
  backends,
  createTestDatabase,
  logicTestOn,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { commandGroups, groupTiesConsumer, listGroups, loadGroup } from "./groups.server";
import { FEED_PAGE_SIZE } from "./group-shapes";
import { groupPosts } from "./tables.server";

describe.each(backends)("Issue 35 groups on %s", (backend) => {
  let db: TestDatabase;
  let accountId = "";
  let owner: Viewer;
  let ann: Viewer;
  let bob: Viewer;
  const logicTest = logicTestOn(backend);
  const heard: BusMessage[] = [];
  const pubsub = createLocalPubSub(createLogger({ level: "silent" }));
  pubsub.subscribe((message) => void heard.push(message));
  const bell = async (viewer: Viewer) =>
    (
      await listUnread(db.database, {
        viewer,
        hostAccountId: accountId,
        query: { type: "other" },
      })
    ).items;
  const command = (viewer: Viewer, body: unknown, limit = 0) =>
    commandGroups({ database: db.database, pubsub }, { accountId, viewer, body, limit });
  const open = (viewer: Viewer, slug: string, before: string | null = null) =>
    loadGroup(db.database, { accountId, viewer, slug, before });

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

  async function group(fields: Record<string, unknown>) {
    const made = await command(owner, { intent: "create", group: { description: "", ...fields } });
    if (!made.ok || !made.id) throw new Error(`not made: ${JSON.stringify(made)}`);
    return { id: made.id };
  }

  test("Issue 35 the plan's cap on groups holds under 20 managers' tabs at once", async () => {
    const capped = await createAccount(db.database);
    const manager = await memberViewer(db.database, {
      accountId: capped.accountId,
      roleName: "site_owner",
      caps: ["manage_options"],
    });
    const answers = await Promise.allSettled(
      Array.from({ length: 20 }, (_, n) =>
        commandGroups(
          { database: db.database, pubsub },
          {
            accountId: capped.accountId,
            viewer: manager,
            body: { intent: "create", group: { name: `Circle ${n}`, slug: `circle-${n}` } },
            limit: 3,
          },
        ),
      ),
    );
    expect(answers.filter((answer) => answer.status === "fulfilled")).toHaveLength(3);
    const refused = answers.filter((answer) => answer.status === "rejected");
    expect(refused).toHaveLength(17);
    expect(refused[0]).toMatchObject({ reason: { code: "groups.limitReached" } });
    expect(
      await listGroups(db.database, { accountId: capped.accountId, viewer: manager }),
    ).toHaveLength(3);
  });

  logicTest(
    "Issue 35 only managers make groups; a taken address and a tie without its course are refused by field",
    async () => {
      await expect(
        command(ann, { intent: "create", group: { name: "Mine", slug: "mine" } }),
      ).rejects.toMatchObject({ code: "auth.forbidden" });
      await group({ name: "Taken", slug: "taken" });
      expect(
        await command(owner, { intent: "create", group: { name: "Again", slug: "taken" } }),
      ).toEqual({
        ok: false,
        code: "request.invalid",
        issues: [expect.objectContaining({ path: "slug", origin: "slugTaken" })],
      });
      const untied = await command(owner, {
        intent: "create",
        group: { name: "Tied", slug: "tied-nothing", accessKind: "course" },
      });
      const scripted = await command(owner, {
        intent: "create",
        group: { name: "Cover", slug: "cover-script", cover: "javascript:alert(1)" },
      });
      expect(scripted).toMatchObject({
        ok: false,
        issues: [expect.objectContaining({ path: "cover" })],
      });
      expect(untied).toMatchObject({
        ok: false,
        issues: [expect.objectContaining({ path: "accessId" })],
      });
    },
  );

  logicTest(
    "Issue 35 a private group tied to a course: the enrolled join at once, others are refused, and its posts reach members only",
    async () => {
      const course = await createCourse(db.database, {
        accountId,
        title: "Design",
        slug: "design-groups",
      });
      const made = await group({
        name: "Design room",
        slug: "design-room",
        privacy: "private",
        accessKind: "course",
        accessId: course.id,
      });
      // Ann has not enrolled: the card shows, the feed does not, and joining is refused.
      const card = (await listGroups(db.database, { accountId, viewer: ann })).find(
        (one) => one.id === made.id,
      );
      expect(card).toMatchObject({ privacy: "private", canJoin: false, mine: null, members: 1 });
      await expect(command(ann, { intent: "join", groupId: made.id })).rejects.toMatchObject({
        code: "groups.accessRequired",
      });
      await db.database.forAccount(accountId, (tx) =>
        tx
          .insert(enrolments)
          .values({ accountId, courseId: course.id, userId: ann.user.id, source: "free" }),
      );
      expect(
        (await listGroups(db.database, { accountId, viewer: ann })).find(
          (one) => one.id === made.id,
        ),
      ).toMatchObject({ canJoin: true });
      expect(await command(ann, { intent: "join", groupId: made.id })).toMatchObject({
        ok: true,
        status: "active",
      });

      const posted = await command(ann, {
        intent: "post",
        groupId: made.id,
        body: "<p>Hello <strong>all</strong><script>x()</script></p>",
      });
      expect(posted.ok).toBe(true);
      const inside = await open(ann, "design-room");
      expect(inside.feed.map((post) => post.body)).toEqual(["<p>Hello <strong>all</strong></p>"]);
      // Bob, not in it, sees the header and nothing of the feed, and cannot act on the post.
      const outside = await open(bob, "design-room");
      expect(outside).toMatchObject({ feed: [], mine: null, canJoin: false });
      const postId = posted.ok ? posted.id! : "";
      for (const body of [
        { intent: "comment", postId, body: "Let me in" },
        { intent: "react", postId, kind: "like" },
      ])
        await expect(command(bob, body)).rejects.toMatchObject({ code: "route.notFound" });
      // Points for the post are Ann's.
      const points = await db.database.forAccount(accountId, (tx) =>
        pointsTotal(tx, { accountId, userId: ann.user.id }),
      );
      expect(points).toBe(5);
    },
  );

  logicTest(
    "Issue 35 renaming a group to a taken address is refused by field, the group unchanged; an enrolment lets the student into the course's groups at once",
    async () => {
      const first = await group({ name: "First", slug: "first-room" });
      await group({ name: "Second", slug: "second-room" });
      expect(
        await command(owner, {
          intent: "update",
          groupId: first.id,
          group: { name: "First", slug: "second-room" },
        }),
      ).toMatchObject({
        ok: false,
        issues: [expect.objectContaining({ path: "slug", origin: "slugTaken" })],
      });
      expect((await open(owner, "first-room")).name).toBe("First");

      const course = await createCourse(db.database, {
        accountId,
        title: "Grids",
        slug: "grids-groups",
      });
      const tied = await group({
        name: "Grids room",
        slug: "grids-room",
        privacy: "private",
        accessKind: "course",
        accessId: course.id,
      });
      const enrolled = {
        accountId,
        id: crypto.randomUUID(),
        type: "course.enrolled" as const,
        contactId: null,
        userId: bob.user.id,
        email: null,
        data: { courseId: course.id, source: "free" },
        occurredAt: new Date(),
      };
      const consumer = groupTiesConsumer({ database: db.database });
      // Handed on twice: one membership.
      await consumer.take(accountId, [enrolled]);
      await consumer.take(accountId, [enrolled]);
      const card = (await listGroups(db.database, { accountId, viewer: bob })).find(
        (one) => one.id === tied.id,
      );
      expect(card).toMatchObject({ mine: { status: "active", role: "member" }, members: 2 });
    },
  );

  logicTest(
    "Issue 35 a hidden group is listed and opened by its members and managers only; an open private group takes requests",
    async () => {
      const hidden = await group({ name: "Staff room", slug: "staff-room", privacy: "hidden" });
      expect(
        (await listGroups(db.database, { accountId, viewer: bob })).map((one) => one.id),
      ).not.toContain(hidden.id);
      await expect(open(bob, "staff-room")).rejects.toMatchObject({ code: "route.notFound" });
      await expect(command(bob, { intent: "join", groupId: hidden.id })).rejects.toMatchObject({
        code: "route.notFound",
      });
      expect(
        (await listGroups(db.database, { accountId, viewer: owner })).map((one) => one.id),
      ).toContain(hidden.id);

      const club = await group({ name: "Book club", slug: "book-club", privacy: "private" });
      expect(await command(bob, { intent: "join", groupId: club.id })).toMatchObject({
        ok: true,
        status: "requested",
      });
      expect((await open(owner, "book-club")).requests.map((one) => one.userId)).toEqual([
        bob.user.id,
      ]);
      await expect(
        command(ann, {
          intent: "decide",
          groupId: club.id,
          userId: bob.user.id,
          decision: "approve",
        }),
      ).rejects.toMatchObject({ code: "auth.forbidden" });
      await command(owner, {
        intent: "decide",
        groupId: club.id,
        userId: bob.user.id,
        decision: "approve",
      });
      expect((await open(bob, "book-club")).mine).toMatchObject({ status: "active" });
      // A ban puts them out for good: the group is gone for them, to leave as to join.
      await command(owner, {
        intent: "decide",
        groupId: club.id,
        userId: bob.user.id,
        decision: "ban",
      });
      await expect(command(bob, { intent: "leave", groupId: club.id })).rejects.toMatchObject({
        code: "route.notFound",
      });
      await expect(command(bob, { intent: "join", groupId: club.id })).rejects.toMatchObject({
        code: "route.notFound",
      });
    },
  );

  logicTest(
    "Issue 35 comments with one level of replies, one reaction each, and a moderator's pin, close and hide",
    async () => {
      const made = await group({ name: "Lounge", slug: "lounge" });
      for (const viewer of [ann, bob]) await command(viewer, { intent: "join", groupId: made.id });
      const first = await command(ann, { intent: "post", groupId: made.id, body: "<p>First</p>" });
      const second = await command(ann, {
        intent: "post",
        groupId: made.id,
        body: "<p>Second</p>",
      });
      const [firstId, secondId] = [first, second].map((answer) => (answer.ok ? answer.id! : ""));
      const comment = await command(bob, {
        intent: "comment",
        postId: firstId,
        body: "Nice <b>one</b>",
      });
      const commentId = comment.ok ? comment.id! : "";
      const reply = await command(ann, {
        intent: "comment",
        postId: firstId,
        parentId: commentId,
        body: "Thanks",
      });
      const replyId = reply.ok ? reply.id! : "";
      await expect(
        command(bob, { intent: "comment", postId: firstId, parentId: replyId, body: "Deeper" }),
      ).rejects.toMatchObject({ code: "request.invalid" });
      await command(bob, { intent: "react", postId: firstId, kind: "like" });
      await command(bob, { intent: "react", postId: firstId, kind: "love" });
      await command(ann, { intent: "react", postId: firstId, kind: "love" });
      await command(ann, { intent: "react", postId: firstId, commentId, kind: "like" });

      await command(owner, { intent: "pin", postId: firstId, pinned: true });
      await command(owner, { intent: "closeComments", postId: firstId, closed: true });
      const seen = await open(bob, "lounge");
      expect(seen.feed.map((post) => post.id)).toEqual([firstId, secondId]);
      expect(seen.feed[0]).toMatchObject({
        pinned: true,
        commentsClosed: true,
        reactions: { love: 2 },
        mine: "love",
        comments: [
          { id: commentId, parentId: null, body: "Nice one", reactions: { like: 1 }, mine: null },
          { id: replyId, parentId: commentId, body: "Thanks" },
        ],
      });
      await expect(
        command(bob, { intent: "comment", postId: firstId, body: "Late" }),
      ).rejects.toMatchObject({
        code: "groups.commentsClosed",
      });
      await expect(
        command(bob, { intent: "pin", postId: secondId, pinned: true }),
      ).rejects.toMatchObject({
        code: "auth.forbidden",
      });
      // Hidden: gone for members, greyed for moderators.
      await command(owner, { intent: "hide", postId: secondId, hidden: true });
      expect((await open(bob, "lounge")).feed.map((post) => post.id)).toEqual([firstId]);
      expect((await open(owner, "lounge")).feed.find((post) => post.id === secondId)).toMatchObject(
        { hidden: true },
      );
      await expect(
        command(bob, { intent: "react", postId: secondId, kind: "like" }),
      ).rejects.toMatchObject({
        code: "route.notFound",
      });
    },
  );

  logicTest(
    "Issue 35 the feed: unread markers until read, and pages of 20 by cursor with nothing twice",
    async () => {
      const made = await group({ name: "Busy", slug: "busy" });
      for (const viewer of [ann, bob]) await command(viewer, { intent: "join", groupId: made.id });
      const start = Date.now() + 1000;
      await db.database.forAccount(accountId, (tx) =>
        tx.insert(groupPosts).values(
          Array.from({ length: 45 }, (_, n) => ({
            accountId,
            groupId: made.id,
            authorId: ann.user.id,
            body: `<p>Post ${n}</p>`,
            // Two posts share each moment: the cursor's id decides between them.
            createdAt: new Date(start + Math.floor(n / 2) * 1000),
          })),
        ),
      );
      expect(
        (await listGroups(db.database, { accountId, viewer: bob })).find(
          (one) => one.id === made.id,
        ),
      ).toMatchObject({ unread: 45 });
      // The group's own page counts the same, up to its cap of 100.
      expect((await open(bob, "busy")).unread).toBe(45);
      const seen: string[] = [];
      let before: string | null = null;
      let pages = 0;
      do {
        const page = await open(bob, "busy", before);
        expect(page.feed.length).toBeLessThanOrEqual(FEED_PAGE_SIZE);
        expect(page.feed.every((post) => post.unread)).toBe(true);
        seen.push(...page.feed.map((post) => post.id));
        before = page.next;
        pages++;
      } while (before && pages < 10);
      expect(pages).toBe(3);
      expect(new Set(seen).size).toBe(45);
      await commandGroups(
        { database: db.database, pubsub },
        {
          accountId,
          viewer: bob,
          body: { intent: "markRead", groupId: made.id },
          limit: 0,
          now: new Date(start + 60_000),
        },
      );
      const after = await listGroups(db.database, { accountId, viewer: bob });
      expect(after.find((one) => one.id === made.id)).toMatchObject({ unread: 0 });
      const rows = await db.database.forAccount(accountId, (tx) =>
        tx
          .select()
          .from(groupPosts)
          .where(and(eq(groupPosts.accountId, accountId), eq(groupPosts.groupId, made.id))),
      );
      expect(rows).toHaveLength(45);
    },
  );

  logicTest(
    "Issue 35 mentions and answers ring the bells of those who may read, live; a private group's post names nobody outside it",
    async () => {
      const room = await group({ name: "Quiet room", slug: "quiet-room", privacy: "private" });
      for (const viewer of [ann, bob]) {
        await command(viewer, { intent: "join", groupId: room.id });
        await command(owner, {
          intent: "decide",
          groupId: room.id,
          userId: viewer.user.id,
          decision: "approve",
        });
      }
      const outsider = await memberViewer(db.database, {
        accountId,
        roleName: "student",
        caps: [],
      });
      heard.length = 0;
      const posted = await command(ann, {
        intent: "post",
        groupId: room.id,
        body: `<p>Hi @${bob.membership!.slug} and @${outsider.membership!.slug}, mail ann@${bob.membership!.slug}.test</p>`,
      });
      const postId = posted.ok ? posted.id! : "";
      const toBob = (await bell(bob)).filter((item) => item.data?.url?.includes(postId));
      expect(toBob).toHaveLength(1);
      expect(toBob[0]).toMatchObject({
        data: { user_id: ann.user.id, url: `/dashboard/groups/quiet-room#post-${postId}` },
      });
      expect(toBob[0]!.message).toContain("Quiet room");
      expect((await bell(outsider)).some((item) => item.data?.url?.includes(postId))).toBe(false);
      expect(heard).toContainEqual(
        expect.objectContaining({ event: "group", payload: { groupId: room.id, kind: "post" } }),
      );
      expect(heard).toContainEqual(
        expect.objectContaining({
          topic: "realtime.broadcast",
          audience: { userIds: [bob.user.id] },
          payload: expect.objectContaining({ source: "member", type: "other" }),
        }),
      );
      // A comment tells the post's author; a reply tells the comment's; nobody hears of their own.
      const comment = await command(bob, { intent: "comment", postId, body: "Thanks!" });
      const toAnn = (await bell(ann)).filter((item) => item.data?.url?.includes(postId));
      expect(toAnn).toHaveLength(1);
      await command(ann, {
        intent: "comment",
        postId,
        parentId: comment.ok ? comment.id! : null,
        body: `@${ann.membership!.slug} talking to myself`,
      });
      expect((await bell(ann)).filter((item) => item.data?.url?.includes(postId))).toHaveLength(1);
      expect((await bell(bob)).filter((item) => item.data?.url?.includes(postId))).toHaveLength(2);
    },
  );

  logicTest(
    "Issue 35 a report reaches the group's queue and the managers' bell; hiding the post closes it",
    async () => {
      const hall = await group({ name: "Hall", slug: "hall" });
      for (const viewer of [ann, bob]) await command(viewer, { intent: "join", groupId: hall.id });
      const posted = await command(ann, {
        intent: "post",
        groupId: hall.id,
        body: "<p>Spam here</p>",
      });
      const postId = posted.ok ? posted.id! : "";
      await expect(
        command(ann, { intent: "report", postId, reason: "mine" }),
      ).rejects.toMatchObject({ code: "request.invalid" });
      await command(bob, { intent: "report", postId, reason: "Spam" });
      await command(bob, { intent: "report", postId, reason: "Spam twice" });
      expect((await open(bob, "hall")).reports).toEqual([]);
      const queue = (await open(owner, "hall")).reports;
      expect(queue).toEqual([
        expect.objectContaining({
          kind: "group_post",
          targetId: postId,
          postId,
          count: 1,
          reasons: ["Spam"],
          excerpt: "Spam here",
          author: expect.objectContaining({ userId: ann.user.id }),
        }),
      ]);
      expect((await bell(owner)).filter((item) => item.message.includes("Spam here"))).toHaveLength(
        1,
      );
      await command(owner, { intent: "hide", postId, hidden: true });
      expect((await open(owner, "hall")).reports).toEqual([]);
      for (const viewer of [ann, bob])
        expect((await open(viewer, "hall")).feed.map((post) => post.id)).not.toContain(postId);
    },
  );
});
