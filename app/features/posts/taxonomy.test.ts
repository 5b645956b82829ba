import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createAccount, createPost } from "../../../tests/factories";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { getPost, listTermArchivePage, POSTS_PER_PAGE, termsByKind } from "./posts.server";

describe.each(logicBackends)("M2 categories and tags on %s", (backend) => {
  let db: TestDatabase;
  let accountId: string;
  let otherAccountId: string;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    accountId = (await createAccount(db.database)).accountId;
    otherAccountId = (await createAccount(db.database)).accountId;
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    for (let n = 1; n <= POSTS_PER_PAGE + 2; n++)
      await createPost(db.database, {
        accountId,
        slug: `news-${n}`,
        categories: [n % 2 ? "News" : "news"],
        tags: n === 1 ? ["How-to", "Café"] : [],
        publishedAt: day(n),
      });
    await createPost(db.database, {
      accountId,
      slug: "draft",
      status: "draft",
      publishedAt: null,
      categories: ["Secret plans"],
    });
    await createPost(db.database, { accountId: otherAccountId, categories: ["Elsewhere"] });
  });
  afterAll(() => db?.dispose());

  test("M2 a post's page carries its terms with their archive addresses, its author and reading time", async () => {
    const post = await getPost(db.database, { accountId, slug: "news-1" });
    expect(post).toMatchObject({
      categories: [{ name: "News", slug: "news" }],
      tags: [
        { name: "How-to", slug: "how-to" },
        { name: "Café", slug: "café" },
      ],
      readingMinutes: 1,
      authorName: "",
    });
  });

  test("M2 terms come from published posts of this account only; names that share a slug share an archive", async () => {
    const categories = await termsByKind(db.database, { accountId, kind: "category" });
    expect(Object.keys(categories)).toEqual(["news"]);
    expect(categories.news!.sort()).toEqual(["News", "news"]);
    expect(await termsByKind(db.database, { accountId, kind: "tag" })).toEqual({
      café: ["Café"],
      "how-to": ["How-to"],
    });
  });

  test("M2 an archive pages like the blog, newest first; an unknown term, a draft's term or a page past the end is not found", async () => {
    const first = await listTermArchivePage(db.database, {
      accountId,
      kind: "category",
      slug: "news",
      page: 1,
    });
    expect(first?.pages).toBe(2);
    expect(first?.posts.map((post) => post.slug).slice(0, 2)).toEqual([
      `news-${POSTS_PER_PAGE + 2}`,
      `news-${POSTS_PER_PAGE + 1}`,
    ]);
    const second = await listTermArchivePage(db.database, {
      accountId,
      kind: "category",
      slug: "news",
      page: 2,
    });
    expect(second?.posts.map((post) => post.slug)).toEqual(["news-2", "news-1"]);
    const tag = await listTermArchivePage(db.database, {
      accountId,
      kind: "tag",
      slug: "how-to",
      page: 1,
    });
    expect(tag).toMatchObject({ name: "How-to", pages: 1, posts: [{ slug: "news-1" }] });
    for (const [kind, slug, page] of [
      ["category", "secret-plans", 1],
      ["category", "elsewhere", 1],
      ["category", "news", 3],
      ["tag", "news", 1],
      ["category", "__proto__", 1],
      ["tag", "constructor", 1],
    ] as const)
      expect(await listTermArchivePage(db.database, { accountId, kind, slug, page })).toBeNull();
  });
});
