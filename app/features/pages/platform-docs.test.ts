import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PLATFORM_ACCOUNT_ID } from "~/features/accounts/accounts.server";
import type { Viewer } from "~/features/members/members.server";
import { createAccount, createMember } from "../../../tests/factories";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { reorderDocs } from "./docs-tree.server";
import { answerInPlace, checkPlaceKind, editorPlaceOf } from "./editor-place.server";
import { emptyPageDraft } from "./page-editing";
import { commandPage, listPagesForEditor, loadPageForEditor, savePage } from "./page-editor.server";
import { getPage, listDocs } from "./pages.server";
import { pages } from "./tables.server";

const viewerOf = (id: string, { caps = [] as string[], superAdmin = false } = {}): Viewer =>
  ({
    user: { id, name: id, email: `${id}@example.test`, image: null },
    membership: caps.length ? { role: "site_owner", caps } : null,
    isSuperAdmin: superAdmin,
  }) as unknown as Viewer;

describe.each(logicBackends)("I14 the platform's docs on %s", (backend) => {
  let db: TestDatabase;
  let siteId: string;
  let owner: Viewer;
  const root = viewerOf("root", { superAdmin: true });

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    siteId = (await createAccount(db.database)).accountId;
    const member = await createMember(db.database, { accountId: siteId, roleName: "site_owner" });
    owner = viewerOf(member.user.id, { caps: ["manage_options", "edit_posts"] });
  });
  afterAll(() => db?.dispose());

  const publishDoc = (title: string) =>
    savePage(db.database, {
      accountId: PLATFORM_ACCOUNT_ID,
      viewer: root,
      id: null,
      caches: null,
      input: {
        intent: "publish",
        version: 0,
        page: {
          ...emptyPageDraft("doc"),
          title,
          data: {
            root: { props: {} },
            content: [{ type: "Text", props: { id: "t", text: title } }],
          },
        },
      },
    });

  test("I14 /dashboard/docs works on the platform account, for super-admins only; /dashboard/pages on the host's", () => {
    const account = { accountId: siteId };
    expect(editorPlaceOf({ account, viewer: root, pathname: "/dashboard/docs/new" })).toEqual({
      scope: "platform",
      accountId: PLATFORM_ACCOUNT_ID,
      screenPath: "/dashboard/docs",
    });
    expect(editorPlaceOf({ account, viewer: owner, pathname: "/dashboard/pages" })).toEqual({
      scope: "site",
      accountId: siteId,
      screenPath: "/dashboard/pages",
    });
    // The site's owner passes the editors' own check (manage_options), but not this one.
    expect(() => editorPlaceOf({ account, viewer: owner, pathname: "/dashboard/docs" })).toThrow(
      expect.objectContaining({ code: "auth.forbidden" }),
    );
    expect(() =>
      editorPlaceOf({ account, viewer: owner, pathname: "/dashboard/docs.data" }),
    ).toThrow(expect.objectContaining({ code: "auth.forbidden" }));
  });

  test("I14 the platform's screens keep to docs and to their own addresses", () => {
    const platform = {
      scope: "platform" as const,
      accountId: PLATFORM_ACCOUNT_ID,
      screenPath: "/dashboard/docs",
    };
    const site = { scope: "site" as const, accountId: siteId, screenPath: "/dashboard/pages" };
    expect(() => checkPlaceKind(platform, { page: { kind: "page" } })).toThrow(
      expect.objectContaining({ code: "request.invalid" }),
    );
    expect(() => checkPlaceKind(platform, { page: { kind: "doc" } })).not.toThrow();
    expect(() => checkPlaceKind(site, { page: { kind: "page" } })).not.toThrow();
    const led = (goTo: string) =>
      ({
        ok: true,
        id: "x",
        version: 1,
        status: "draft",
        slug: "x",
        publishedAt: null,
        goTo,
      }) as const;
    expect(answerInPlace(platform, led("/dashboard/pages/abc"))).toMatchObject({
      goTo: "/dashboard/docs/abc",
    });
    expect(answerInPlace(platform, led("/dashboard/pages?kind=doc&status=trashed"))).toMatchObject({
      goTo: "/dashboard/docs?kind=doc&status=trashed",
    });
    expect(answerInPlace(site, led("/dashboard/pages/abc"))).toMatchObject({
      goTo: "/dashboard/pages/abc",
    });
  });

  test("I14 a platform doc is the platform account's: published there, invisible to a site", async () => {
    const saved = await publishDoc("Platform welcome");
    expect(saved).toMatchObject({ ok: true, status: "published", slug: "platform-welcome" });
    const id = saved.ok ? saved.id : "";
    expect(
      await getPage(db.database, {
        accountId: PLATFORM_ACCOUNT_ID,
        slug: "platform-welcome",
        kind: "doc",
      }),
    ).toMatchObject({ title: "Platform welcome" });
    expect(
      (await listDocs(db.database, { accountId: PLATFORM_ACCOUNT_ID })).map((d) => d.slug),
    ).toContain("platform-welcome");

    // The site's own transaction sees none of the platform's rows, even when it names them.
    const seen = await db.database.forAccount(siteId, (tx) =>
      tx
        .select({ id: pages.id })
        .from(pages)
        .where(and(eq(pages.accountId, PLATFORM_ACCOUNT_ID), eq(pages.id, id))),
    );
    expect(seen).toEqual([]);
    expect(await listDocs(db.database, { accountId: siteId })).toEqual([]);
    expect(
      await getPage(db.database, { accountId: siteId, slug: "platform-welcome", kind: "doc" }),
    ).toBeNull();
    const list = await listPagesForEditor(db.database, {
      accountId: siteId,
      viewer: owner,
      search: new URLSearchParams({ kind: "doc" }),
    });
    expect(list.rows.map((row) => row.id)).not.toContain(id);
    // The site's editors, given the platform doc's id, find nothing to open or change.
    await expect(
      loadPageForEditor(db.database, { accountId: siteId, viewer: owner, id, siteLanguage: "en" }),
    ).rejects.toMatchObject({ code: "route.notFound" });
    await expect(
      commandPage(db.database, {
        accountId: siteId,
        viewer: owner,
        id,
        input: { intent: "trash" },
        caches: null,
      }),
    ).rejects.toMatchObject({ code: "route.notFound" });
    // And the platform's doc still stands.
    expect(
      (
        await getPage(db.database, {
          accountId: PLATFORM_ACCOUNT_ID,
          slug: "platform-welcome",
          kind: "doc",
        })
      )?.title,
    ).toBe("Platform welcome");
  });

  test("I14 the platform's docs have the site docs' features: revisions, the tree, the trash", async () => {
    const parent = await publishDoc("Platform parent");
    const child = await publishDoc("Platform child");
    const parentId = parent.ok ? parent.id : "";
    const childId = child.ok ? child.id : "";
    await reorderDocs(db.database, {
      accountId: PLATFORM_ACCOUNT_ID,
      viewer: root,
      caches: null,
      input: {
        intent: "reorderDocs",
        docs: [
          { id: parentId, parentId: null, position: 0 },
          { id: childId, parentId, position: 1 },
        ],
      },
    });
    const docs = await listDocs(db.database, { accountId: PLATFORM_ACCOUNT_ID });
    expect(docs.find((doc) => doc.slug === "platform-child")?.depth).toBe(1);
    const opened = await loadPageForEditor(db.database, {
      accountId: PLATFORM_ACCOUNT_ID,
      viewer: root,
      id: childId,
      siteLanguage: "en",
    });
    expect(opened.revisions.length).toBeGreaterThan(0);
    const trashed = await commandPage(db.database, {
      accountId: PLATFORM_ACCOUNT_ID,
      viewer: root,
      id: childId,
      input: { intent: "trash" },
      caches: null,
    });
    expect(trashed).toMatchObject({ ok: true, status: "trashed" });
    expect(
      (await listDocs(db.database, { accountId: PLATFORM_ACCOUNT_ID })).map((d) => d.slug),
    ).not.toContain("platform-child");
  });
});
