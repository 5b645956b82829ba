import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { publishDue } from "~/features/content/content.server";
import type { Viewer } from "~/features/members/members.server";
import { createAccount, createMember, viewerWith } from "../../../tests/factories";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { getPage, listDocs } from "./pages.server";
import {
  commandPage,
  listPagesForEditor,
  loadPageForEditor,
  pagePublisher,
  savePage,
} from "./page-editor.server";
import { reorderDocs } from "./docs-tree.server";
import { emptyPageDraft, type PageDraft } from "./page-editing";

describe.each(logicBackends)("M3 the page builder's use cases on %s", (backend) => {
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

  const save = (viewer: Viewer, id: string | null, input: object, now?: Date) =>
    savePage(db.database, { accountId, viewer, id, input, caches: null, now });
  const command = (id: string, input: object) =>
    commandPage(db.database, { accountId, viewer: owner, id, input, caches: null });
  const draft = (title: string, more: Partial<PageDraft> = {}): PageDraft => ({
    ...emptyPageDraft("page"),
    title,
    ...more,
  });
  const blocks = (...content: object[]) => ({
    root: { props: {} },
    content: content as PageDraft["data"]["content"],
  });
  const idOf = (answer: Awaited<ReturnType<typeof save>>) => (answer.ok ? answer.id : "");

  test("M3 only managers build pages: an instructor with edit_posts is refused", async () => {
    await expect(
      save(teacher, null, { intent: "save", version: 0, page: draft("T") }),
    ).rejects.toMatchObject({
      code: "auth.forbidden",
    });
    await expect(
      listPagesForEditor(db.database, {
        accountId,
        viewer: teacher,
        search: new URLSearchParams(),
      }),
    ).rejects.toMatchObject({ code: "auth.forbidden" });
  });

  test("M3 a published page shows its checked blocks; a draft, a conflict and bad blocks do not", async () => {
    const page = draft("Landing", {
      data: blocks(
        { type: "Hero", props: { id: "h", title: "Hello" } },
        { type: "FAQ", props: { id: "f", items: [{ question: "Why?", answer: "Because." }] } },
      ),
    });
    const first = await save(owner, null, { intent: "save", version: 0, page });
    expect(first).toMatchObject({ ok: true, version: 1, status: "draft", slug: "landing" });
    const id = idOf(first);
    expect(await getPage(db.database, { accountId, slug: "landing" })).toBeNull();

    const bad = await save(owner, id, {
      intent: "publish",
      version: 1,
      page: {
        ...page,
        data: blocks({ type: "Image", props: { id: "i", src: "javascript:alert(1)" } }),
      },
    });
    expect(bad).toMatchObject({
      ok: false,
      issues: [{ path: "blocks.i.src", code: "custom", origin: "block" }],
    });

    expect(await save(owner, id, { intent: "publish", version: 1, page })).toMatchObject({
      ok: true,
      status: "published",
      version: 2,
    });
    const shown = await getPage(db.database, { accountId, slug: "landing" });
    expect(shown?.blocksCarryTitle).toBe(true);
    expect(shown?.html).toMatch(/<h1[^>]*>Hello<\/h1>/);
    expect(shown?.html).toContain("<summary");

    const stale = await save(owner, id, { intent: "save", version: 1, page: draft("Mine") });
    expect(stale).toMatchObject({ ok: false, code: "content.conflict", conflict: { version: 2 } });
    const taken = await save(owner, null, {
      intent: "save",
      version: 0,
      page: draft("Other", { slug: "landing" }),
    });
    expect(taken).toMatchObject({ ok: false, issues: [{ path: "slug", origin: "slugTaken" }] });
    // One of the site's own addresses (the booking pages' /book): never a page's.
    const reserved = await save(owner, null, {
      intent: "save",
      version: 0,
      page: draft("Booking", { slug: "book" }),
    });
    expect(reserved).toMatchObject({
      ok: false,
      issues: [{ path: "slug", origin: "slugReservedPath" }],
    });
    // A title that would make one is numbered instead.
    const numbered = await save(owner, null, { intent: "save", version: 0, page: draft("Book") });
    expect(numbered).toMatchObject({ ok: true, slug: "book-2" });
  });

  test("M3 every save keeps a revision; restoring one saves it again; duplicate and trash", async () => {
    const id = idOf(
      await save(owner, null, { intent: "save", version: 0, page: draft("First words") }),
    );
    await save(owner, id, {
      intent: "save",
      version: 1,
      page: draft("Second words", { slug: "first-words" }),
    });
    const loaded = await loadPageForEditor(db.database, {
      accountId,
      viewer: owner,
      id,
      siteLanguage: "en",
    });
    expect(loaded.revisions).toHaveLength(2);
    const oldest = loaded.revisions.at(-1)!;
    expect(
      await command(id, { intent: "restoreRevision", revisionId: oldest.id, version: 2 }),
    ).toMatchObject({
      ok: true,
      version: 3,
    });
    expect(
      (await loadPageForEditor(db.database, { accountId, viewer: owner, id, siteLanguage: "en" }))
        .state.page.title,
    ).toBe("First words");

    const copy = await command(id, { intent: "duplicate" });
    expect(copy).toMatchObject({
      ok: true,
      goTo: expect.stringMatching(/^\/dashboard\/pages\/[0-9a-f-]{36}$/),
    });
    expect(await command(id, { intent: "trash" })).toMatchObject({ status: "trashed" });
    expect(await save(owner, id, { intent: "save", version: 4, page: draft("X") })).toMatchObject({
      ok: false,
      code: "content.trashed",
    });
    const trash = await listPagesForEditor(db.database, {
      accountId,
      viewer: owner,
      search: new URLSearchParams({ status: "trashed" }),
    });
    expect(trash.rows.map((row) => row.id)).toEqual([id]);
    expect(await command(id, { intent: "restore" })).toMatchObject({ status: "draft" });
  });

  test("M3 a scheduled page goes live when its time comes", async () => {
    const now = new Date();
    const at = new Date(now.getTime() + 60_000);
    const id = idOf(
      await save(owner, null, {
        intent: "schedule",
        version: 0,
        publishAt: at.toISOString(),
        page: draft("Soon"),
      }),
    );
    expect(id).not.toBe("");
    const publishers = { page: pagePublisher(null) };
    expect(await publishDue(db.database, { publishers, now })).toBe(0);
    expect(await getPage(db.database, { accountId, slug: "soon" })).toBeNull();
    // The publisher asks the database's clock, so the moment is moved into the past.
    await save(
      owner,
      id,
      {
        intent: "schedule",
        version: 1,
        publishAt: new Date(now.getTime() + 1000).toISOString(),
        page: draft("Soon"),
      },
      now,
    );
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await publishDue(db.database, { publishers, now: new Date() })).toBe(1);
    expect((await getPage(db.database, { accountId, slug: "soon" }))?.title).toBe("Soon");
  });

  test("M3 docs form a tree: reordered, nested, and no doc under itself", async () => {
    const doc = (title: string) =>
      save(owner, null, {
        intent: "publish",
        version: 0,
        page: { ...emptyPageDraft("doc"), title },
      });
    const a = idOf(await doc("Alpha"));
    const b = idOf(await doc("Beta"));
    const c = idOf(await doc("Gamma"));
    const reorder = (docs: object[]) =>
      reorderDocs(db.database, {
        accountId,
        viewer: owner,
        caches: null,
        input: { intent: "reorderDocs", docs },
      });
    await reorder([
      { id: c, parentId: null, position: 0 },
      { id: a, parentId: c, position: 1 },
      { id: b, parentId: null, position: 2 },
    ]);
    expect(await listDocs(db.database, { accountId })).toMatchObject([
      { title: "Gamma", depth: 0 },
      { title: "Alpha", depth: 1 },
      { title: "Beta", depth: 0 },
    ]);
    await expect(
      reorder([
        { id: a, parentId: b, position: 0 },
        { id: b, parentId: a, position: 1 },
      ]),
    ).rejects.toMatchObject({ code: "request.invalid" });
    const page = idOf(
      await save(owner, null, { intent: "save", version: 0, page: draft("Not a doc") }),
    );
    await expect(reorder([{ id: page, parentId: null, position: 0 }])).rejects.toMatchObject({
      code: "request.invalid",
    });
    // Deleting a parent for good lifts its children to the top.
    await command(c, { intent: "trash" });
    await command(c, { intent: "deleteForever" });
    expect((await listDocs(db.database, { accountId })).map((d) => [d.title, d.depth])).toEqual([
      ["Alpha", 0],
      ["Beta", 0],
    ]);
  });
});
