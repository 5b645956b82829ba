// Issue 35 polls under group posts (decision 069): two to ten distinct options, one answer per
// member (changed or taken back), several only where the poll allows it, closed with the post's
// comments, refused to those outside a private group, and one answer under twenty tabs at once.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Viewer } from "~/features/members/members.server";
import { createLogger } from "~/platform/logger.server";
import { createLocalPubSub } from "~/platform/pubsub/pubsub.server";
import { ownerAndStudents } from "../../../tests/factories/community";
import {
  backends,
  createTestDatabase,
  logicTestOn,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { commandGroups, loadGroup } from "./groups.server";

describe.each(backends)("Issue 35 group polls on %s", (backend) => {
  let db: TestDatabase;
  let accountId = "";
  let owner: Viewer;
  let ann: Viewer;
  let bob: Viewer;
  const logicTest = logicTestOn(backend);
  const pubsub = createLocalPubSub(createLogger({ level: "silent" }));
  const command = (viewer: Viewer, body: unknown) =>
    commandGroups({ database: db.database, pubsub }, { accountId, viewer, body, limit: 0 });
  const pollOf = async (viewer: Viewer, slug: string, postId: string) =>
    (await loadGroup(db.database, { accountId, viewer, slug, before: null })).feed.find(
      (post) => post.id === postId,
    )!.poll!;
  const votes = (poll: { options: { votes: number }[] }) => poll.options.map((o) => o.votes);

  /** A public group Ann and Bob joined, with a poll Ann posted. */
  async function pollIn(slug: string, poll: Record<string, unknown>) {
    const made = await command(owner, { intent: "create", group: { name: slug, slug } });
    if (!made.ok || !made.id) throw new Error(JSON.stringify(made));
    for (const viewer of [ann, bob]) await command(viewer, { intent: "join", groupId: made.id });
    const posted = await command(ann, {
      intent: "post",
      groupId: made.id,
      body: "<p>When shall we meet?</p>",
      poll,
    });
    if (!posted.ok || !posted.id) throw new Error(JSON.stringify(posted));
    return { groupId: made.id, postId: posted.id };
  }

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    ({ accountId, owner, ann, bob } = await ownerAndStudents(db.database));
  }, 60_000);
  afterAll(() => db?.dispose());

  logicTest(
    "Issue 35 a poll: one answer each, changed or taken back; one option only unless several are allowed; closing the comments closes it",
    async () => {
      const { groupId, postId } = await pollIn("meet-day", {
        options: ["Saturday", "Sunday", "Either"],
      });
      // Fewer than two options, or the same one twice, are not a poll.
      for (const poll of [{ options: ["Only"] }, { options: ["Tea", "tea "] }])
        await expect(
          command(ann, { intent: "post", groupId, body: "<p>Hm</p>", poll }),
        ).rejects.toMatchObject({ name: "ZodError" });

      expect(await command(bob, { intent: "vote", postId, optionIds: ["o1"] })).toEqual({
        ok: true,
        id: postId,
      });
      await command(ann, { intent: "vote", postId, optionIds: ["o2"] });
      let poll = await pollOf(bob, "meet-day", postId);
      expect(poll).toMatchObject({ voters: 2, mine: ["o1"], multiple: false, closed: false });
      expect(poll.options.map((o) => o.label)).toEqual(["Saturday", "Sunday", "Either"]);
      expect(votes(poll)).toEqual([1, 1, 0]);

      for (const optionIds of [["o1", "o2"], ["o9"]])
        await expect(command(bob, { intent: "vote", postId, optionIds })).rejects.toMatchObject({
          code: "request.invalid",
        });
      await command(bob, { intent: "vote", postId, optionIds: ["o3"] });
      expect(votes(await pollOf(bob, "meet-day", postId))).toEqual([0, 1, 1]);
      await command(bob, { intent: "vote", postId, optionIds: [] });
      poll = await pollOf(bob, "meet-day", postId);
      expect(poll).toMatchObject({ voters: 1, mine: [] });

      await command(owner, { intent: "closeComments", postId, closed: true });
      await expect(
        command(bob, { intent: "vote", postId, optionIds: ["o1"] }),
      ).rejects.toMatchObject({ code: "groups.pollClosed" });
      expect(await pollOf(ann, "meet-day", postId)).toMatchObject({ closed: true, voters: 1 });

      const several = await pollIn("bring-what", {
        options: ["Snacks", "Drinks", "Music"],
        multiple: true,
      });
      await command(bob, { intent: "vote", postId: several.postId, optionIds: ["o1", "o3"] });
      await command(ann, { intent: "vote", postId: several.postId, optionIds: ["o3"] });
      poll = await pollOf(bob, "bring-what", several.postId);
      expect(poll).toMatchObject({ voters: 2, mine: ["o1", "o3"], multiple: true });
      expect(votes(poll)).toEqual([1, 0, 2]);
    },
  );

  logicTest("Issue 35 someone outside a private group cannot answer its poll", async () => {
    const made = await command(owner, {
      intent: "create",
      group: { name: "Staff", slug: "staff-room", privacy: "private" },
    });
    if (!made.ok || !made.id) throw new Error(JSON.stringify(made));
    const posted = await command(owner, {
      intent: "post",
      groupId: made.id,
      body: "<p>Budget?</p>",
      poll: { options: ["More", "Less"] },
    });
    if (!posted.ok || !posted.id) throw new Error(JSON.stringify(posted));
    await expect(
      command(ann, { intent: "vote", postId: posted.id, optionIds: ["o1"] }),
    ).rejects.toMatchObject({ code: "route.notFound" });
    expect(await pollOf(owner, "staff-room", posted.id)).toMatchObject({ voters: 0 });
  });

  test("Issue 35 twenty tabs answering a poll at once leave one answer", async () => {
    const { postId } = await pollIn(`tabs-${backend}`, { options: ["A", "B", "C"] });
    await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        command(bob, { intent: "vote", postId, optionIds: [`o${(n % 3) + 1}`] }),
      ),
    );
    const poll = await pollOf(bob, `tabs-${backend}`, postId);
    expect(poll.voters).toBe(1);
    expect(votes(poll).reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(poll.mine).toHaveLength(1);
  });
});
