import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Viewer } from "~/features/members/members.server";
import { createLogger } from "~/platform/logger.server";
import { createRateLimits, type Limiter } from "~/platform/rate-limits/rate-limits.server";
import { createAccount, createMember, createPost, setOption } from "../../../tests/factories";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import {
  addComment,
  loadCommentQueue,
  loadPostComments,
  moderateComment,
  saveCommentSettings,
} from "./comments.server";
import { maskProfanity } from "./profanity.server";

describe("V2 the profanity check", () => {
  test("V2 a swear word is masked with one asterisk a letter, whatever its case", () => {
    expect(maskProfanity("shit")).toBe("****");
    expect(maskProfanity("Oh SHIT, again")).toBe("Oh ****, again");
    expect(maskProfanity("What the Fuck.")).toBe("What the ****.");
    expect(maskProfanity("you ass")).toBe("you ***");
  });

  test("V2 whole words only: Scunthorpe, class, assassin and cocktail are left alone", () => {
    for (const text of ["Scunthorpe", "a class of thirty", "assassin", "cocktail", "Dickens"])
      expect(maskProfanity(text)).toBe(text);
    // A swear word inside a longer word is not a whole word either.
    expect(maskProfanity("shitty")).toBe("shitty");
  });

  test("V2 a large English list: common spellings are caught too", () => {
    expect(maskProfanity("sh1t")).toBe("****");
    expect(maskProfanity("fuuuck")).toBe("******");
    expect(maskProfanity("Nothing rude here.")).toBe("Nothing rude here.");
  });
});

describe.each(logicBackends)("V2 comments on posts on %s", (backend) => {
  let db: TestDatabase;
  let accountId: string;
  let otherAccountId: string;
  let owner: Viewer;
  let student: Viewer;
  let secondStudent: Viewer;
  let author: Viewer;
  let slug: string;
  const dropped: string[] = [];
  const caches = {
    revalidatePath: async (_accountId: string, path: string) => void dropped.push(path),
  };

  const viewerOf = (
    user: { id: string; name: string; email: string },
    account: string,
    caps: string[],
  ): Viewer =>
    ({
      user: { ...user, image: null },
      membership: { accountId: account, role: caps.length ? "x" : "student", caps },
      isSuperAdmin: false,
    }) as unknown as Viewer;

  const unlimited: Limiter = {
    name: "unlimited",
    budget: { points: Infinity, duration: 60 },
    hit: async () => ({ allowed: true }),
    take: async () => {},
    reset: async () => {},
  };
  const comment = (viewer: Viewer | null, body: string, extra: object = {}, on = slug) =>
    addComment(db.database, {
      accountId,
      viewer,
      slug: on,
      input: { intent: "comment", body, ...extra },
      caches,
      limiter: unlimited,
    });

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    accountId = (await createAccount(db.database)).accountId;
    otherAccountId = (await createAccount(db.database)).accountId;
    const a = await createMember(db.database, { accountId, roleName: "site_owner" });
    const b = await createMember(db.database, { accountId, roleName: "student" });
    const c = await createMember(db.database, { accountId, roleName: "student" });
    const d = await createMember(db.database, { accountId, roleName: "instructor" });
    owner = viewerOf(a.user, accountId, ["manage_options", "edit_posts"]);
    student = viewerOf(b.user, accountId, []);
    secondStudent = viewerOf(c.user, accountId, []);
    author = viewerOf(d.user, accountId, ["edit_posts"]);
    slug = (await createPost(db.database, { accountId, authorId: d.user.id })).slug;
  });
  afterAll(() => db?.dispose());

  test("V2 a member's first comment is held with its swear word masked; approved, it shows to everyone and drops the post's cached page", async () => {
    const first = await comment(student, "This is shit, but the class was great");
    expect(first).toMatchObject({ ok: true, held: true });
    const id = first.ok ? first.comment.id : "";
    expect(first.ok && first.comment.body).toBe("This is ****, but the class was great");
    expect(dropped).toEqual([]);

    const postId = (await loadQueue(owner)).comments[0]!.postId;
    // Anonymous: nothing yet; the writer sees their own, waiting.
    expect(
      (await loadPostComments(db.database, { accountId, postId, viewer: null })).comments,
    ).toEqual([]);
    const own = await loadPostComments(db.database, { accountId, postId, viewer: student });
    expect(own.comments.map((c) => c.status)).toEqual(["pending"]);
    expect(own.count).toBe(0);
    expect(
      (await loadPostComments(db.database, { accountId, postId, viewer: secondStudent })).comments,
    ).toEqual([]);

    await expect(
      moderateComment(db.database, {
        accountId,
        viewer: student,
        input: { intent: "approve", commentId: id },
        caches,
      }),
    ).rejects.toMatchObject({ code: "auth.forbidden" });
    await expect(
      moderateComment(db.database, {
        accountId,
        viewer: author,
        input: { intent: "approve", commentId: id },
        caches,
      }),
    ).rejects.toMatchObject({ code: "auth.forbidden" });
    expect(
      await moderateComment(db.database, {
        accountId,
        viewer: owner,
        input: { intent: "approve", commentId: id },
        caches,
      }),
    ).toEqual({ ok: true, status: "approved" });
    expect(dropped).toEqual([`blog/${slug}`]);
    const seen = await loadPostComments(db.database, { accountId, postId, viewer: null });
    expect(seen.count).toBe(1);
    expect(seen.comments[0]!.body).toBe("This is ****, but the class was great");

    // Once approved, the same member's next comment shows at once (the default setting).
    expect(await comment(student, "Thanks!")).toMatchObject({ ok: true, held: false });
  });

  const loadQueue = (viewer: Viewer, status = "pending") =>
    loadCommentQueue(db.database, { accountId, viewer, search: new URLSearchParams({ status }) });

  test("V2 replies are one level deep; spam and delete take a comment out of sight; authors read, only managers moderate", async () => {
    const top = await comment(owner, "Welcome, everyone");
    expect(top).toMatchObject({ ok: true, held: false });
    const topId = top.ok ? top.comment.id : "";
    const reply = await comment(student, "Glad to be here", { parentId: topId });
    const replyId = reply.ok ? reply.comment.id : "";
    expect(reply.ok && reply.comment.parentId).toBe(topId);
    // A reply to a reply joins the same thread.
    const deeper = await comment(owner, "Me too", { parentId: replyId });
    expect(deeper.ok && deeper.comment.parentId).toBe(topId);

    const authorView = await loadQueue(author, "approved");
    expect(authorView.canModerate).toBe(false);
    expect(authorView.comments.length).toBeGreaterThan(0);
    await expect(loadQueue(student)).rejects.toMatchObject({ code: "auth.forbidden" });

    const spam = await comment(secondStudent, "Buy cheap pills at example.com");
    const spamId = spam.ok ? spam.comment.id : "";
    expect(spam).toMatchObject({ ok: true, held: true });
    expect(
      await moderateComment(db.database, {
        accountId,
        viewer: owner,
        input: { intent: "spam", commentId: spamId },
        caches,
      }),
    ).toEqual({ ok: true, status: "spam" });
    expect((await loadQueue(owner, "spam")).comments.map((c) => c.id)).toEqual([spamId]);
    // Spam never trusts its writer: the next comment waits again.
    expect(await comment(secondStudent, "Hello?")).toMatchObject({ ok: true, held: true });

    await moderateComment(db.database, {
      accountId,
      viewer: owner,
      input: { intent: "delete", commentId: topId },
      caches,
    });
    const queue = await loadQueue(owner, "approved");
    expect(queue.comments.map((c) => c.id)).not.toContain(topId);
    expect(queue.comments.map((c) => c.id)).not.toContain(replyId);
  });

  test("V2 the site's setting: every comment held, or none", async () => {
    const hold = (value: string) =>
      saveCommentSettings(db.database, {
        accountId,
        viewer: owner,
        input: { part: "comments", value: { hold: value } },
        caches: null,
      });
    await expect(
      saveCommentSettings(db.database, {
        accountId,
        viewer: author,
        input: { part: "comments", value: { hold: "none" } },
        caches: null,
      }),
    ).rejects.toMatchObject({ code: "auth.forbidden" });
    expect(await hold("all")).toMatchObject({ ok: true });
    expect(await comment(student, "Held although trusted")).toMatchObject({ ok: true, held: true });
    expect(await hold("none")).toMatchObject({ ok: true });
    expect(await comment(secondStudent, "Shown at once")).toMatchObject({ ok: true, held: false });
    expect(await hold("sometimes")).toMatchObject({ ok: false, code: "request.invalid" });
    await setOption(db.database, { accountId, key: "comments", value: { hold: "first" } });
  });

  test("V2 comments are checked: signed in, a member here, a published post, 1–2000 characters, rate-limited", async () => {
    await expect(comment(null, "Hi")).rejects.toMatchObject({ code: "not_authenticated" });
    const stranger = viewerOf(student.user, otherAccountId, []);
    await expect(comment(stranger, "Hi")).rejects.toMatchObject({ code: "auth.forbidden" });
    expect(await comment(student, "   ")).toMatchObject({
      ok: false,
      issues: [{ path: "body", code: "too_small" }],
    });
    expect(await comment(student, "x".repeat(2001))).toMatchObject({
      ok: false,
      issues: [{ path: "body", code: "too_big" }],
    });
    await expect(comment(student, "Hi", {}, "no-such-post")).rejects.toMatchObject({
      code: "route.notFound",
    });
    const draft = await createPost(db.database, { accountId, status: "draft", publishedAt: null });
    await expect(comment(student, "Hi", {}, draft.slug)).rejects.toMatchObject({
      code: "route.notFound",
    });
    await expect(comment(student, "Hi", { parentId: "not-a-uuid" })).rejects.toMatchObject({
      code: "request.invalid",
    });
    await expect(comment(student, "Hi", { parentId: crypto.randomUUID() })).rejects.toMatchObject({
      code: "route.notFound",
    });

    // The comments' own limiter on this database's shared store, with a budget of two.
    const limiter = createRateLimits({
      database: db.database,
      logger: createLogger({ level: "silent" }),
    }).create("comments-test", { points: 2, duration: 60 });
    const limited = () =>
      addComment(db.database, {
        accountId,
        viewer: secondStudent,
        slug,
        input: { intent: "comment", body: "Again" },
        caches,
        limiter,
      });
    await limited();
    await limited();
    await expect(limited()).rejects.toMatchObject({ code: "request.tooMany" });
    // Another person is not slowed by them.
    expect(
      await addComment(db.database, {
        accountId,
        viewer: student,
        slug,
        input: { intent: "comment", body: "Me" },
        caches,
        limiter,
      }),
    ).toMatchObject({ ok: true });
  });

  test("V2 another account's manager cannot see or moderate this site's comments", async () => {
    const made = await comment(student, "Only for this site");
    const id = made.ok ? made.comment.id : "";
    const { user } = await createMember(db.database, {
      accountId: otherAccountId,
      roleName: "site_owner",
    });
    const intruder = viewerOf(user, otherAccountId, ["manage_options"]);
    await expect(
      moderateComment(db.database, {
        accountId: otherAccountId,
        viewer: intruder,
        input: { intent: "delete", commentId: id },
        caches,
      }),
    ).rejects.toMatchObject({ code: "route.notFound" });
    const theirs = await loadCommentQueue(db.database, {
      accountId: otherAccountId,
      viewer: intruder,
      search: new URLSearchParams(),
    });
    expect(theirs.comments).toEqual([]);
    expect(theirs.counts).toEqual({ pending: 0, approved: 0, spam: 0 });
  });
});
