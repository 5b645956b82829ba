import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { searchSite } from "~/features/search/search.server";
import type { Viewer } from "~/features/members/members.server";
import { createAccount, createMember } from "../../../tests/factories";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { emptyPageDraft, type PageDraft } from "./page-editing";
import { commandPage, listPagesForEditor, loadPageForEditor, savePage } from "./page-editor.server";
import { getPage, listDocs, listPublishedPages } from "./pages.server";

describe.each(logicBackends)("M3 page and doc translations on %s", (backend) => {
  let db: TestDatabase;
  let accountId: string;
  let owner: Viewer;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    accountId = (await createAccount(db.database)).accountId;
    const member = await createMember(db.database, { accountId, roleName: "site_owner" });
    owner = {
      user: { ...member.user, image: null },
      membership: { role: "site_owner", caps: ["manage_options"] },
      isSuperAdmin: false,
    } as unknown as Viewer;
  });
  afterAll(() => db?.dispose());

  const editing = () => ({ accountId, viewer: owner, caches: null });
  const save = (id: string | null, input: object) =>
    savePage(db.database, { ...editing(), id, input });
  const command = (id: string, input: object) =>
    commandPage(db.database, { ...editing(), id, input, siteLanguage: "en" });
  const load = (id: string) =>
    loadPageForEditor(db.database, { ...editing(), id, siteLanguage: "en" });
  const idOf = (answer: { ok: boolean; id?: string; goTo?: string }) =>
    answer.goTo?.split("/").at(-1) ?? answer.id ?? "";
  const text = (words: string): PageDraft["data"] => ({
    root: { props: {} },
    content: [{ type: "Text", props: { id: "text-1", text: words } }],
  });

  async function publishedOriginal(title: string, kind: "page" | "doc" = "page") {
    const saved = await save(null, {
      intent: "publish",
      version: 0,
      page: { ...emptyPageDraft(kind), title, data: text("Hello there") },
    });
    if (!saved.ok) throw new Error("not saved");
    return saved;
  }

  test("M3 a page's translation is a draft copy at its address; published, it is served to its language", async () => {
    const original = await publishedOriginal("Welcome home");
    const opened = await command(original.id, { intent: "translate", language: "es" });
    expect(opened).toMatchObject({
      ok: true,
      goTo: expect.stringMatching(/^\/dashboard\/pages\//),
    });
    const translationId = idOf(opened);
    expect(translationId).not.toBe(original.id);
    // Asking again opens the same one; the site's own language is refused.
    expect(idOf(await command(original.id, { intent: "translate", language: "es" }))).toBe(
      translationId,
    );
    await expect(command(original.id, { intent: "translate", language: "en" })).rejects.toThrow();
    await expect(command(translationId, { intent: "translate", language: "fr" })).rejects.toThrow();

    const loaded = await load(translationId);
    expect(loaded.state).toMatchObject({ status: "draft", page: { slug: original.slug } });
    expect(loaded.languages.translationOf).toEqual({
      id: original.id,
      title: "Welcome home",
      language: "es",
    });
    const choose = () => "es" as const;
    // A draft translation is not shown.
    expect(await getPage(db.database, { accountId, slug: original.slug, choose })).toMatchObject({
      title: "Welcome home",
      language: null,
      translations: [],
    });

    // The translation keeps the original's address and kind whatever its builder sends.
    const published = await save(translationId, {
      intent: "publish",
      version: loaded.state.version,
      page: {
        ...loaded.state.page,
        title: "Bienvenida a casa",
        slug: "otra",
        kind: "doc",
        data: text("Hola a todos"),
      },
    });
    expect(published).toMatchObject({ ok: true, status: "published", slug: original.slug });
    expect((await load(translationId)).state.page.kind).toBe("page");

    const spanish = await getPage(db.database, { accountId, slug: original.slug, choose });
    expect(spanish).toMatchObject({
      id: original.id,
      title: "Bienvenida a casa",
      language: "es",
      translations: ["es"],
      slug: original.slug,
    });
    expect(spanish!.html).toContain("Hola a todos");
    expect(
      await getPage(db.database, { accountId, slug: original.slug, choose: () => null }),
    ).toMatchObject({ title: "Welcome home", language: null, translations: ["es"] });

    // Lists, the sitemap's pages, site search and the editors' list show the original once.
    const publishedTitles = (await listPublishedPages(db.database, { accountId })).map(
      (row) => row.title,
    );
    expect(publishedTitles).toContain("Welcome home");
    expect(publishedTitles).not.toContain("Bienvenida a casa");
    const search = (term: string) =>
      searchSite(db.database, { accountId, term, scope: "pages", viewer: null });
    expect((await search("Welcome home")).hits.pages.map((hit) => hit.title)).toEqual([
      "Welcome home",
    ]);
    expect((await search("Bienvenida")).hits.pages).toEqual([]);
    const list = await listPagesForEditor(db.database, {
      ...editing(),
      search: new URLSearchParams(),
    });
    expect(list.rows.map((row) => row.id)).not.toContain(translationId);
    expect((await load(original.id)).languages.translations).toEqual([
      { id: translationId, language: "es", status: "published" },
    ]);
  });

  test("M3 a translation claims no address: a new page may take a slug a translation once had", async () => {
    const original = await publishedOriginal("Our rates");
    const translationId = idOf(await command(original.id, { intent: "translate", language: "fr" }));
    // The original moves; its translation still holds the old slug in its row.
    const loaded = await load(original.id);
    const moved = await save(original.id, {
      intent: "save",
      version: loaded.state.version,
      page: { ...loaded.state.page, slug: "rates-2027" },
    });
    expect(moved).toMatchObject({ ok: true, slug: "rates-2027" });
    const reuse = await save(null, {
      intent: "publish",
      version: 0,
      page: { ...emptyPageDraft("page"), title: "Old rates", slug: original.slug },
    });
    expect(reuse).toMatchObject({ ok: true, slug: original.slug });
    // Duplicating a translation is refused: it is duplicated through its original.
    await expect(command(translationId, { intent: "duplicate" })).rejects.toThrow();
  });

  test("M3 a doc's translation names it in the sidebar for its language; deleting the original takes its translations", async () => {
    const doc = await publishedOriginal("Install the app", "doc");
    const translationId = idOf(await command(doc.id, { intent: "translate", language: "de" }));
    const loaded = await load(translationId);
    await save(translationId, {
      intent: "publish",
      version: loaded.state.version,
      page: { ...loaded.state.page, title: "Die App installieren" },
    });
    const named = (language: "de" | null) =>
      listDocs(db.database, { accountId, language }).then((docs) =>
        docs.filter((row) => row.slug === doc.slug).map((row) => row.title),
      );
    expect(await named("de")).toEqual(["Die App installieren"]);
    expect(await named(null)).toEqual(["Install the app"]);
    expect(
      await getPage(db.database, { accountId, slug: doc.slug, kind: "doc", choose: () => "de" }),
    ).toMatchObject({ title: "Die App installieren", language: "de" });

    const trashed = await command(doc.id, { intent: "trash" });
    expect(trashed).toMatchObject({ ok: true, status: "trashed" });
    // An original in the trash takes its translations off the site with it.
    expect(
      await getPage(db.database, { accountId, slug: doc.slug, kind: "doc", choose: () => "de" }),
    ).toBeNull();
    await command(doc.id, { intent: "deleteForever" });
    await expect(load(translationId)).rejects.toThrow();
  });
});
