import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Viewer } from "~/features/members/members.server";
import { createAccount, createMember, viewerWith } from "../../../tests/factories";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { emptyPageDraft, type PageDraft } from "./page-editing";
import { loadPageForEditor, savePage } from "./page-editor.server";
import { comparePageRevisions, pageBlocksText } from "./page-revisions.server";

describe.each(logicBackends)("M2 a page's revisions compared on %s", (backend) => {
  let db: TestDatabase;
  let accountId: string;
  let otherAccountId: string;
  let owner: Viewer;
  let teacher: Viewer;
  let otherOwner: Viewer;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    accountId = (await createAccount(db.database)).accountId;
    otherAccountId = (await createAccount(db.database)).accountId;
    const a = await createMember(db.database, { accountId, roleName: "site_owner" });
    const b = await createMember(db.database, { accountId, roleName: "instructor" });
    const c = await createMember(db.database, {
      accountId: otherAccountId,
      roleName: "site_owner",
    });
    owner = viewerWith(a.user, ["manage_options", "edit_posts"]);
    teacher = viewerWith(b.user, ["edit_posts"]);
    otherOwner = viewerWith(c.user, ["manage_options", "edit_posts"]);
  });
  afterAll(() => db?.dispose());

  const draft = (title: string, content: object[], more: Partial<PageDraft> = {}): PageDraft => ({
    ...emptyPageDraft("page"),
    title,
    data: { root: { props: {} }, content: content as PageDraft["data"]["content"] },
    ...more,
  });

  /** A page saved twice: its revision ids, the newest first. */
  async function pageWithTwoSaves() {
    const first = await savePage(db.database, {
      accountId,
      viewer: owner,
      id: null,
      caches: null,
      input: {
        intent: "save",
        version: 0,
        page: draft("Summer school", [
          { type: "Hero", props: { id: "h", title: "Learn this summer", ctaHref: "/course" } },
          { type: "RichText", props: { id: "r", html: "<p>Six <b>weeks</b> of fun</p>" } },
        ]),
      },
    });
    const id = first.ok ? first.id : "";
    await savePage(db.database, {
      accountId,
      viewer: owner,
      id,
      caches: null,
      input: {
        intent: "save",
        version: 1,
        page: draft(
          "Summer courses",
          [
            { type: "Hero", props: { id: "h", title: "Learn this autumn", ctaHref: "/course" } },
            { type: "RichText", props: { id: "r", html: "<p>Six <b>weeks</b> of fun</p>" } },
            { type: "Spacer", props: { id: "s", size: "lg" } },
          ],
          { slug: "summer-school", description: "Our season of courses." },
        ),
      },
    });
    const loaded = await loadPageForEditor(db.database, {
      accountId,
      viewer: owner,
      id,
      siteLanguage: "en",
    });
    return { id, revisionIds: loaded.revisions.map((revision) => revision.id) };
  }

  test("M2 the page editor compares two revisions of a page: the older first, its fields and blocks as text", async () => {
    const { id, revisionIds } = await pageWithTwoSaves();
    expect(revisionIds).toHaveLength(2);
    const [newer, older] = revisionIds as [string, string];
    // Asked newest first: answered oldest first all the same.
    const [before, after] = await comparePageRevisions(db.database, {
      accountId,
      viewer: owner,
      id,
      revisionIds: [newer, older],
    });
    expect(before.id).toBe(older);
    expect(after.id).toBe(newer);
    expect(before.fields).toMatchObject({ title: "Summer school", kind: "page", description: "" });
    expect(after.fields).toMatchObject({
      title: "Summer courses",
      slug: "summer-school",
      description: "Our season of courses.",
    });
    // The words a reader sees (rich text without its tags, links kept), never ids or layout.
    expect(before.blocks).toEqual([
      { type: "Hero", text: "Learn this summer · /course" },
      { type: "RichText", text: "Six weeks of fun" },
    ]);
    expect(after.blocks).toEqual([
      { type: "Hero", text: "Learn this autumn · /course" },
      { type: "RichText", text: "Six weeks of fun" },
      { type: "Spacer", text: "" },
    ]);
  });

  test("M2 a page's revisions are compared only by its own site's page editors", async () => {
    const { id, revisionIds } = await pageWithTwoSaves();
    const pair = revisionIds as [string, string];
    // A member without the page editor's capability (an instructor who may write posts).
    await expect(
      comparePageRevisions(db.database, { accountId, viewer: teacher, id, revisionIds: pair }),
    ).rejects.toMatchObject({ code: "auth.forbidden" });
    await expect(
      comparePageRevisions(db.database, { accountId, viewer: null, id, revisionIds: pair }),
    ).rejects.toMatchObject({ code: "not_authenticated" });
    // Another site's owner, from their own site: the page is not there.
    await expect(
      comparePageRevisions(db.database, {
        accountId: otherAccountId,
        viewer: otherOwner,
        id,
        revisionIds: pair,
      }),
    ).rejects.toMatchObject({ code: "route.notFound" });
    // A revision of another page of the same site is not this page's.
    const other = await pageWithTwoSaves();
    await expect(
      comparePageRevisions(db.database, {
        accountId,
        viewer: owner,
        id,
        revisionIds: [pair[0], other.revisionIds[0]!],
      }),
    ).rejects.toMatchObject({ code: "route.notFound" });
    await expect(
      comparePageRevisions(db.database, {
        accountId,
        viewer: owner,
        id,
        revisionIds: [pair[0], "not-an-id"],
      }),
    ).rejects.toMatchObject({ code: "request.invalid" });
  });
});

test("M2 a page's blocks read as their words: columns' blocks after their columns, unknown blocks left out", () => {
  expect(
    pageBlocksText([
      {
        type: "Columns",
        props: {
          id: "c",
          count: 2,
          column1: [{ type: "Heading", props: { id: "h", text: "Left", level: "2" } }],
          column2: [
            {
              type: "FAQ",
              props: { id: "f", title: "Questions", items: [{ question: "Q?", answer: "A." }] },
            },
          ],
        },
      },
      { type: "Marquee", props: { id: "m", text: "Not a block" } },
    ]),
  ).toEqual([
    { type: "Columns", text: "" },
    { type: "Heading", text: "Left" },
    { type: "FAQ", text: "Questions · Q? · A." },
  ]);
});
