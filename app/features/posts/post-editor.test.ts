import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { publishDue } from "~/features/content/content.server";
import type { Viewer } from "~/features/members/members.server";
import { createAccount, createMember, viewerWith } from "../../../tests/factories";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import {
  commandPost,
  listPostsForEditor,
  loadPostForEditor,
  postPublisher,
  savePost,
} from "./post-editor.server";
import { emptyPostDraft } from "./post-editing";

describe.each(logicBackends)("M2 the post editor's use cases on %s", (backend) => {
  let db: TestDatabase;
  let accountId: string;
  let owner: Viewer;
  let teacher: Viewer;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    accountId = (await createAccount(db.database)).accountId;
    const a = await createMember(db.database, { accountId, roleName: "site_owner" });
    const b = await createMember(db.database, { accountId, roleName: "instructor" });
    owner = viewerWith(a.user, ["manage_options", "edit_posts"]);
    teacher = viewerWith(b.user, ["edit_posts"]);
  });
  afterAll(() => db?.dispose());

  const save = (viewer: Viewer, id: string | null, input: object) =>
    savePost(db.database, { accountId, viewer, id, input, caches: null });
  const post = (title: string) => ({ ...emptyPostDraft, title });

  test("M2 a save over a newer version is refused until the person chooses to overwrite; the newest save is what loads", async () => {
    const first = await save(owner, null, { intent: "save", version: 0, post: post("Shared") });
    expect(first.ok).toBe(true);
    const id = first.ok ? first.id : "";
    const theirs = await save(owner, id, { intent: "save", version: 1, post: post("Theirs") });
    expect(theirs).toMatchObject({ ok: true, version: 2 });
    const mine = await save(owner, id, { intent: "save", version: 1, post: post("Mine") });
    expect(mine).toMatchObject({ ok: false, code: "content.conflict", conflict: { version: 2 } });
    const forced = await save(owner, id, {
      intent: "save",
      version: 1,
      overwrite: true,
      post: post("Mine"),
    });
    expect(forced).toMatchObject({ ok: true, version: 3 });
    const loaded = await loadPostForEditor(db.database, {
      accountId,
      viewer: owner,
      id,
      siteLanguage: "en",
    });
    expect(loaded.state.post.title).toBe("Mine");
    expect(loaded.revisions.map((r) => r.version)).toEqual([3, 2, 1]);
  });

  test("M2 the list finds posts by title and hides the trash; an instructor sees only their own", async () => {
    const mine = await save(teacher, null, {
      intent: "save",
      version: 0,
      post: post("Filming notes"),
    });
    const id = mine.ok ? mine.id : "";
    const search = (q: string, viewer = owner, status = "all") =>
      listPostsForEditor(db.database, {
        accountId,
        viewer,
        search: new URLSearchParams({ q, status }),
      });
    expect((await search("Filming")).rows.map((r) => r.title)).toEqual(["Filming notes"]);
    expect((await search("", teacher)).rows.map((r) => r.title)).toEqual(["Filming notes"]);
    await commandPost(db.database, {
      accountId,
      viewer: owner,
      id,
      input: { intent: "trash" },
      caches: null,
    });
    expect((await search("Filming")).rows).toEqual([]);
    expect((await search("Filming", owner, "trashed")).rows.map((r) => r.status)).toEqual([
      "trashed",
    ]);
    await commandPost(db.database, {
      accountId,
      viewer: owner,
      id,
      input: { intent: "restore" },
      caches: null,
    });
    expect((await search("Filming")).rows.map((r) => r.status)).toEqual(["draft"]);
  });

  test("M2 a scheduled post goes live when due, once", async () => {
    const soon = new Date(Date.now() + 60_000);
    const scheduled = await save(owner, null, {
      intent: "schedule",
      version: 0,
      publishAt: soon.toISOString(),
      post: post("Later"),
    });
    expect(scheduled).toMatchObject({ ok: true, status: "scheduled" });
    const publishers = { post: postPublisher(null) };
    expect(await publishDue(db.database, { publishers })).toBe(0);
    // The publisher asks the database's clock too: the post is moved to a moment just ahead.
    const id = scheduled.ok ? scheduled.id : "";
    const publishAt = new Date(Date.now() + 5).toISOString();
    await save(owner, id, { intent: "schedule", version: 1, publishAt, post: post("Later") });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const later = new Date(Date.now() + 1000);
    expect(await publishDue(db.database, { publishers, now: later })).toBe(1);
    expect(await publishDue(db.database, { publishers, now: later })).toBe(0);
    const loaded = await loadPostForEditor(db.database, {
      accountId,
      viewer: owner,
      id,
      siteLanguage: "en",
    });
    expect(loaded.state.status).toBe("published");
  });
});
