import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Viewer } from "~/features/members/members.server";
import { AppError } from "~/platform/errors";
import { createAccount, createMember } from "../../../tests/factories";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { emptyPostDraft } from "./post-editing";
import { commandPost, listPostsForEditor, loadPostForEditor, savePost } from "./post-editor.server";
import { searchSite } from "~/features/search/search.server";
import { getPost, listLatestPosts } from "./posts.server";

describe.each(logicBackends)("M2 post translations on %s", (backend) => {
  let db: TestDatabase;
  let accountId: string;
  let owner: Viewer;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    accountId = (await createAccount(db.database)).accountId;
    const member = await createMember(db.database, { accountId, roleName: "site_owner" });
    owner = {
      user: { ...member.user, image: null },
      membership: { role: "site_owner", caps: ["manage_options", "edit_posts"] },
      isSuperAdmin: false,
    } as unknown as Viewer;
  });
  afterAll(() => db?.dispose());

  const editing = () => ({ accountId, viewer: owner, caches: null });
  const save = (id: string | null, input: object) =>
    savePost(db.database, { ...editing(), id, input });
  const command = (id: string, input: object) =>
    commandPost(db.database, { ...editing(), id, input, siteLanguage: "en" });
  const idOf = (answer: { ok: boolean; id?: string; goTo?: string }) =>
    answer.goTo?.split("/").at(-1) ?? answer.id ?? "";

  async function publishedOriginal(title: string) {
    const saved = await save(null, {
      intent: "publish",
      version: 0,
      post: { ...emptyPostDraft, title, content: "<p>Hello</p>", categories: ["News"] },
    });
    if (!saved.ok) throw new Error("not saved");
    return saved;
  }

  test("M2 a translation is a draft copy at its original's address; publishing it serves it to its language", async () => {
    const original = await publishedOriginal("Welcome");
    const opened = await command(original.id, { intent: "translate", language: "es" });
    expect(opened).toMatchObject({ ok: true, goTo: expect.stringMatching(/^\/dashboard\/post\//) });
    const translationId = idOf(opened);
    expect(translationId).not.toBe(original.id);
    // Asking again opens the same translation.
    expect(idOf(await command(original.id, { intent: "translate", language: "es" }))).toBe(
      translationId,
    );

    const loaded = await loadPostForEditor(db.database, {
      ...editing(),
      id: translationId,
      siteLanguage: "en",
    });
    expect(loaded.state.status).toBe("draft");
    expect(loaded.state.post).toMatchObject({
      title: "Welcome",
      slug: original.slug,
      categories: ["News"],
    });
    expect(loaded.languages.translationOf).toEqual({
      id: original.id,
      title: "Welcome",
      language: "es",
    });

    // A draft translation is not shown; the original is.
    const choose = () => "es" as const;
    expect(await getPost(db.database, { accountId, slug: original.slug, choose })).toMatchObject({
      title: "Welcome",
      language: null,
      translations: [],
    });

    // The translation keeps the original's address whatever its editor sends.
    const published = await save(translationId, {
      intent: "publish",
      version: loaded.state.version,
      post: { ...loaded.state.post, title: "Bienvenida", slug: "otra", content: "<p>Hola</p>" },
    });
    expect(published).toMatchObject({ ok: true, status: "published", slug: original.slug });

    expect(await getPost(db.database, { accountId, slug: original.slug, choose })).toMatchObject({
      title: "Bienvenida",
      html: "<p>Hola</p>",
      language: "es",
      translations: ["es"],
    });
    expect(
      await getPost(db.database, { accountId, slug: original.slug, choose: () => null }),
    ).toMatchObject({ title: "Welcome", language: null, translations: ["es"] });

    // The blog and the editors' list show the original once; the original lists its translation.
    const titles = (await listLatestPosts(db.database, { accountId, limit: 50 })).map(
      (p) => p.title,
    );
    expect(titles.filter((title) => title === "Welcome" || title === "Bienvenida")).toEqual([
      "Welcome",
    ]);
    const search = (term: string) =>
      searchSite(db.database, { accountId, term, scope: "blog", viewer: null });
    expect((await search("Welcome")).hits.blog.map((hit) => hit.title)).toEqual(["Welcome"]);
    expect((await search("Bienvenida")).hits.blog).toEqual([]);
    const list = await listPostsForEditor(db.database, {
      ...editing(),
      search: new URLSearchParams(),
    });
    expect(list.rows.map((row) => row.id)).not.toContain(translationId);
    const originalEditor = await loadPostForEditor(db.database, {
      ...editing(),
      id: original.id,
      siteLanguage: "en",
    });
    expect(originalEditor.languages.translations).toEqual([
      { id: translationId, language: "es", status: "published" },
    ]);
  });

  test("M2 no translation in the site's language, of a translation, or duplicated", async () => {
    const original = await publishedOriginal("Second");
    const refusal = (promise: Promise<unknown>) =>
      expect(promise).rejects.toMatchObject({
        code: "request.invalid",
      } satisfies Partial<AppError>);
    await refusal(command(original.id, { intent: "translate", language: "en" }));
    await refusal(command(original.id, { intent: "translate", language: "xx" }));
    const translationId = idOf(await command(original.id, { intent: "translate", language: "fr" }));
    await refusal(command(translationId, { intent: "translate", language: "de" }));
    await refusal(command(translationId, { intent: "duplicate" }));
  });

  test("M2 deleting an original for good takes its translations and their revisions", async () => {
    const original = await publishedOriginal("Third");
    const translationId = idOf(await command(original.id, { intent: "translate", language: "de" }));
    expect((await command(original.id, { intent: "trash" })).ok).toBe(true);
    // In the trash, the original's address is not served in any language.
    expect(
      await getPost(db.database, { accountId, slug: original.slug, choose: () => "de" }),
    ).toBeNull();
    expect((await command(original.id, { intent: "deleteForever" })).ok).toBe(true);
    await expect(
      loadPostForEditor(db.database, { ...editing(), id: translationId, siteLanguage: "en" }),
    ).rejects.toMatchObject({ code: "route.notFound" });
    const revisions = await db.database.forAccount(accountId, (tx) =>
      tx.execute<{ n: number }>(
        // Raw on purpose: nothing of the deleted items may be left, whatever kind it was kept as.
        `select count(*)::int as n from content_revisions where item_id = '${translationId}'`,
      ),
    );
    expect(revisions.rows[0]?.n).toBe(0);
  });
});
