/**
 * Issue 12, sitemap and paging: an account with 10 001 published posts (one more than a child
 * sitemap holds), several to a date so that only ids order them, next to drafts, another
 * account's posts and a slug that needs escaping. The expected order is worked out here, in
 * JavaScript, from the rows themselves; the app reads it through its index.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MARK_EVERY } from "~/features/posts/post-order";
import { listPostsPage, POSTS_PER_PAGE } from "~/features/posts/posts.server";
import { publishedPostsQuery } from "~/features/posts/queries.server";
import { SITEMAP_MAX_URLS } from "~/features/site/sitemap.server";
import { createAccountMemo } from "~/platform/cache/account-memo";
import {
  createAccount,
  createCourse,
  createPage,
  createPost,
  createPostsInBulk,
} from "./factories";
import { createClient } from "./support/http-client";
import { backends, createTestDatabase, type TestDatabase } from "./support/test-database";
import { createTestAppWithPages } from "./support/test-server";

const POSTS = SITEMAP_MAX_URLS + 1;
const newest = new Date("2026-05-01T12:00:00.000Z");
const escapedSlug = "o'neil-&-sons";

type Row = { slug: string; id: string; published: string };
const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
const pathOf = (address: string) => new URL(address).pathname;
/** The post cards of a blog page, in the order shown. */
const cardSlugs = (html: string) =>
  [...html.matchAll(/href="\/blog\/([^"]+)"/g)].map((m) => decodeURIComponent(m[1]!));
/** Microsecond ISO text → the millisecond ISO text a lastmod carries. */
const toLastmod = (published: string) => published.replace(/(\.\d{3})\d*Z$/, "$1Z");

describe.each(backends)("I12 sitemap and blog paging at 10 001 posts on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  let services: Awaited<ReturnType<typeof createTestAppWithPages>>["services"];
  let bigId: string;
  let otherId: string;
  /** The big account's published posts in the blog's order (date, then id, newest first). */
  let expected: Row[];

  const host = "big.localhost";
  const get = (path: string, on = host) => createClient(app, { host: on }).request(path);
  const text = async (path: string, on = host) => {
    const res = await get(path, on);
    expect(res.status, path).toBe(200);
    return res.text();
  };
  /** Spec §7 revalidateCache, as a machine with the account's cache token calls it. */
  async function revalidate(path: string) {
    const { token } = services.cacheTokens.issue(bigId);
    const res = await app.request(
      `http://${host}/api/site/revalidateCache?site=${bigId}&path=${path}`,
      { headers: { host, authorization: `Bearer ${token}` } },
    );
    expect(res.status).toBe(200);
  }
  /** Every address reachable from an account's sitemap index. */
  async function crawl(on: string) {
    const children = locsOf(await text("/sitemap.xml", on));
    const files = await Promise.all(children.map((child) => text(pathOf(child), on)));
    return { children, files, addresses: files.flatMap(locsOf) };
  }

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    ({ app, services } = await createTestAppWithPages(db.database));
    const big = await createAccount(db.database, { slug: "big" });
    const other = await createAccount(db.database, { slug: "other" });
    const escape = await createAccount(db.database, { slug: "escape" });
    bigId = big.accountId;
    otherId = other.accountId;
    await createPostsInBulk(db.database, {
      accountId: bigId,
      count: POSTS,
      sameDateEvery: 3,
      newest,
    });
    await createPostsInBulk(db.database, {
      accountId: bigId,
      count: 3,
      prefix: "draft",
      status: "draft",
    });
    await createCourse(db.database, { accountId: bigId, slug: "big-course" });
    await createPage(db.database, { accountId: bigId, slug: "big-doc", kind: "doc" });
    await createPostsInBulk(db.database, { accountId: otherId, count: 5, prefix: "other" });
    await createPost(db.database, {
      accountId: escape.accountId,
      slug: escapedSlug,
      title: "Fish & <Chips>",
    });
    // Statistics, as autovacuum keeps them on a live database.
    await db.database.owner.execute(sql`analyze posts`);
    const { rows } = await db.database.forAccount(bigId, (tx) =>
      tx.execute<Row>(sql`select slug, id::text as id,
        to_char(published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as published
        from posts where status = 'published'`),
    );
    expected = [...rows].sort((a, b) =>
      a.published !== b.published ? b.published.localeCompare(a.published) : b.id < a.id ? -1 : 1,
    );
  }, 120_000);
  afterAll(() => db?.dispose());

  test("I12 the sitemap index lists the pages, one sitemap per 10 000 posts, the courses and the docs, with lastmod", async () => {
    const index = await text("/sitemap.xml");
    expect(index).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns=/);
    const children = [
      ...index.matchAll(/<sitemap><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/sitemap>/g),
    ].map(([, loc, lastmod]) => [pathOf(loc!), lastmod ?? null]);
    expect(expected).toHaveLength(POSTS);
    expect(children).toEqual([
      ["/sitemap-pages.xml", toLastmod(expected[0]!.published)],
      ["/sitemap-posts-1.xml", toLastmod(expected[0]!.published)],
      ["/sitemap-posts-2.xml", toLastmod(expected[SITEMAP_MAX_URLS]!.published)],
      ["/sitemap-courses.xml", null],
      ["/sitemap-docs.xml", null],
    ]);
  });

  test("I12 each child sitemap holds at most 10 000 addresses; together they list every published post once, newest first", async () => {
    const first = locsOf(await text("/sitemap-posts-1.xml"));
    const second = locsOf(await text("/sitemap-posts-2.xml"));
    expect(first).toHaveLength(SITEMAP_MAX_URLS);
    expect(second).toHaveLength(POSTS - SITEMAP_MAX_URLS);
    expect([...first, ...second].map((address) => pathOf(address))).toEqual(
      expected.map((row) => `/blog/${row.slug}`),
    );
    const xml = await text("/sitemap-posts-2.xml");
    const last = expected.at(-1)!;
    expect(xml).toContain(
      `<url><loc>http://big.localhost/blog/${last.slug}</loc><lastmod>${toLastmod(last.published)}</lastmod></url>`,
    );
    expect((await get("/sitemap-posts-3.xml")).status).toBe(404);
    expect((await get("/sitemap-posts-0.xml")).status).toBe(404);
  });

  test("I12 a draft or another account's post never appears in the account's sitemaps", async () => {
    const { addresses, files } = await crawl(host);
    expect(files.every((file) => locsOf(file).length <= SITEMAP_MAX_URLS)).toBe(true);
    expect(addresses.filter((address) => /\/draft-|\/other-/.test(address))).toEqual([]);
    expect(addresses).toContain("http://big.localhost/course/big-course");
    expect(addresses).toContain("http://big.localhost/docs/big-doc");
    const other = await crawl("other.localhost");
    const otherPosts = other.addresses.filter((address) => address.includes("/blog/"));
    expect(otherPosts.map(pathOf).sort()).toEqual(
      [1, 2, 3, 4, 5].map((n) => `/blog/other-${n}`).sort(),
    );
    expect(other.addresses.join("\n")).not.toMatch(/big|bulk/);
  });

  test("I12 a slug is escaped in the sitemap's XML and its address still reaches the post", async () => {
    const { addresses, files } = await crawl("escape.localhost");
    const posts = files.join("");
    // `&` becomes %26 in the address; the apostrophe stays, written as an XML entity.
    expect(posts).toContain("<loc>http://escape.localhost/blog/o&apos;neil-%26-sons</loc>");
    expect(posts).not.toMatch(
      /&(?!amp;|lt;|gt;|quot;|apos;)|'|<(?!\/?(?:url|urlset|loc|lastmod)\b|\?xml)/,
    );
    const address = addresses.find((loc) => loc.includes("neil"))!.replace(/&apos;/g, "'");
    const post = await get(pathOf(address), "escape.localhost");
    expect(post.status).toBe(200);
    expect(await post.text()).toContain("Fish &amp; &lt;Chips&gt;");
  });

  test("I12 every blog page, read through the post order's marks, is the next 9 posts of the order", async () => {
    const memo = createAccountMemo({ ttlMs: 60_000, generation: () => "test" });
    const pages = Math.ceil(POSTS / POSTS_PER_PAGE);
    const seen: string[] = [];
    for (let page = 1; page <= pages; page++) {
      const result = await listPostsPage(db.database, {
        accountId: bigId,
        page,
        remember: memo.remember,
      });
      expect(result.pages).toBe(pages);
      seen.push(...result.posts.map((post) => post.slug));
    }
    expect(seen).toEqual(expected.map((row) => row.slug));
    const past = await listPostsPage(db.database, { accountId: bigId, page: pages + 1 });
    expect(past.posts).toEqual([]);
  }, 120_000);

  test("I12 /blog?page=N shows the posts at 9(N−1) of the order; the last page holds the rest", async () => {
    const pages = Math.ceil(POSTS / POSTS_PER_PAGE);
    // Around the marks (one every 100 posts) and the far end.
    for (const page of [1, 2, 12, 13, 23, 500, pages - 1]) {
      const html = await text(`/blog?page=${page}`);
      const start = (page - 1) * POSTS_PER_PAGE;
      expect(cardSlugs(html), `page ${page}`).toEqual(
        expected.slice(start, start + POSTS_PER_PAGE).map((row) => row.slug),
      );
      expect(html).toContain(`Page ${page} of ${pages}`);
    }
    const last = await text(`/blog?page=${pages}`);
    expect(cardSlugs(last)).toEqual(
      expected.slice((pages - 1) * POSTS_PER_PAGE).map((row) => row.slug),
    );
    expect(cardSlugs(last)).toHaveLength(POSTS - (pages - 1) * POSTS_PER_PAGE);
    expect(last).toContain(`Page ${pages} of ${pages}`);
    // A link to the newer page, none to an older one (matched as links: the page also carries
    // its messages, "Older posts" among them).
    expect(last.includes(`href="/blog?page=${pages - 1}"`)).toBe(true);
    expect(last.includes(`href="/blog?page=${pages + 1}"`)).toBe(false);
    expect((await get(`/blog?page=${pages + 1}`)).status).toBe(404);
  });

  test("I12 a deep blog page seeks in posts_account_published: no sort, no scan from the top", async () => {
    const position = expected.length - 5;
    const markAt = Math.floor(position / MARK_EVERY) * MARK_EVERY;
    const mark = { publishedAt: expected[markAt]!.published, id: expected[markAt]!.id };
    const { rows } = await db.database.forAccount(bigId, (tx) =>
      tx.execute<Record<string, string>>(
        sql`explain ${publishedPostsQuery(tx, {
          accountId: bigId,
          mark,
          skip: position - markAt,
          limit: POSTS_PER_PAGE,
        })}`,
      ),
    );
    const plan = rows.map((row) => Object.values(row)[0]).join("\n");
    expect(plan).toMatch(/Index Scan Backward using posts_account_published on posts/);
    expect(plan).toMatch(/Index Cond: .*ROW\(published_at, id\) <= ROW\(/);
    expect(plan).not.toMatch(/\bSort\b|Seq Scan/);
  });

  test("I12 a published post always has its date: the blog's order is total", async () => {
    await expect(
      createPost(db.database, { accountId: otherId, status: "published", publishedAt: null }),
    ).rejects.toThrow();
    const draft = await createPost(db.database, {
      accountId: otherId,
      status: "draft",
      publishedAt: null,
    });
    expect(draft.publishedAt).toBeNull();
  });

  test("I12 sitemap files are cached like pages; revalidating sitemap.xml refreshes them all", async () => {
    for (const path of ["/sitemap.xml", "/sitemap-posts-1.xml", "/sitemap-posts-2.xml"]) {
      await get(path);
      const again = await get(path);
      expect(again.headers.get("x-page-cache"), path).toBe("hit");
      expect(again.headers.get("content-type")).toContain("application/xml");
      expect(again.headers.get("cache-control")).toBe("public, max-age=3600");
    }
    const later = new Date(newest.getTime() + 86_400_000);
    await createPost(db.database, { accountId: bigId, slug: "breaking-news", publishedAt: later });
    // Not yet heard of: the stored files stand.
    expect(await text("/sitemap-posts-1.xml")).not.toContain("breaking-news");

    await revalidate("sitemap.xml");
    const index = await get("/sitemap.xml");
    expect(index.headers.get("x-page-cache")).toBe("miss");
    expect(await index.text()).toContain(
      `<loc>http://big.localhost/sitemap-posts-1.xml</loc><lastmod>${later.toISOString()}</lastmod>`,
    );
    const first = locsOf(await text("/sitemap-posts-1.xml"));
    expect(first[0]).toBe("http://big.localhost/blog/breaking-news");
    expect(first).toHaveLength(SITEMAP_MAX_URLS);
    // Everything moved down one: the second file now starts with the first file's old last.
    const second = locsOf(await text("/sitemap-posts-2.xml")).map(pathOf);
    expect(second).toEqual(expected.slice(SITEMAP_MAX_URLS - 1).map((row) => `/blog/${row.slug}`));
    // The blog, refreshed too, counts the new post: its last page holds one more.
    await revalidate("blog");
    const pages = Math.ceil(POSTS / POSTS_PER_PAGE);
    const last = await text(`/blog?page=${pages}`);
    expect(cardSlugs(last)).toEqual(
      expected.slice((pages - 1) * POSTS_PER_PAGE - 1).map((row) => row.slug),
    );
  });
});
