import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createAccount, createCourse, createPage, createPost } from "../../../tests/factories";
import { createClient } from "../../../tests/support/http-client";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestAppWithPages } from "../../../tests/support/test-server";

describe.each(logicBackends)(
  "P1 sitemap.xml, robots.txt, docs and notice pages on %s",
  (backend) => {
    let db: TestDatabase;
    let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];

    beforeAll(async () => {
      db = await createTestDatabase(backend);
      app = (await createTestAppWithPages(db.database)).app;
      const alpha = await createAccount(db.database, { slug: "alpha" });
      const beta = await createAccount(db.database, { slug: "beta" });
      const shop = await createAccount(db.database, { slug: "shop", domain: "shop.example.com" });
      await createPost(db.database, {
        accountId: alpha.accountId,
        slug: "spring-news",
        title: "Spring news",
        publishedAt: new Date("2026-03-01T10:00:00Z"),
      });
      await createPost(db.database, {
        accountId: alpha.accountId,
        slug: "secret-draft",
        status: "draft",
        publishedAt: null,
      });
      await createCourse(db.database, { accountId: alpha.accountId, slug: "pottery" });
      await createCourse(db.database, {
        accountId: alpha.accountId,
        slug: "unfinished",
        status: "draft",
      });
      await createPage(db.database, {
        accountId: alpha.accountId,
        slug: "about",
        title: "About alpha",
      });
      await createPage(db.database, {
        accountId: alpha.accountId,
        slug: "hidden",
        status: "draft",
      });
      for (const [position, slug] of ["install", "first-steps"].entries()) {
        await createPage(db.database, {
          accountId: alpha.accountId,
          slug,
          title: `Doc ${slug}`,
          description: `All about ${slug}`,
          kind: "doc",
          position,
        });
      }
      await createPost(db.database, { accountId: beta.accountId, slug: "beta-only-post" });
      await createPage(db.database, { accountId: beta.accountId, slug: "beta-page" });
      await createPost(db.database, { accountId: shop.accountId, slug: "sale" });
    });
    afterAll(() => db?.dispose());

    const get = (host: string, path: string) => createClient(app, { host }).request(path);
    const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

    /** Every address a crawler finds from the index: its children, in order, through `host`. */
    async function crawl(host: string) {
      const index = await (await get(host, "/sitemap.xml")).text();
      const children = locsOf(index);
      const addresses: string[] = [];
      for (const child of children) {
        const res = await get(host, new URL(child).pathname);
        expect(res.status, child).toBe(200);
        addresses.push(...locsOf(await res.text()));
      }
      return { index, children, addresses };
    }

    test("P1 I12 the sitemap lists the account's published content on its own origin, never a draft", async () => {
      const res = await get("alpha.localhost", "/sitemap.xml");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("application/xml");
      const xml = await res.text();
      expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex /);
      expect(xml).not.toContain("<html");
      const { children, addresses } = await crawl("alpha.localhost");
      expect(children).toEqual([
        "http://alpha.localhost/sitemap-pages.xml",
        "http://alpha.localhost/sitemap-posts-1.xml",
        "http://alpha.localhost/sitemap-courses.xml",
        "http://alpha.localhost/sitemap-docs.xml",
      ]);
      expect(addresses).toEqual([
        "http://alpha.localhost/",
        "http://alpha.localhost/blog",
        "http://alpha.localhost/course",
        "http://alpha.localhost/docs",
        "http://alpha.localhost/about",
        "http://alpha.localhost/blog/spring-news",
        "http://alpha.localhost/course/pottery",
        "http://alpha.localhost/docs/install",
        "http://alpha.localhost/docs/first-steps",
      ]);
      const posts = await (await get("alpha.localhost", "/sitemap-posts-1.xml")).text();
      expect(posts).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
      expect(posts).toContain(
        "<loc>http://alpha.localhost/blog/spring-news</loc><lastmod>2026-03-01T10:00:00.000Z</lastmod>",
      );
      // Crawlers may ask HEAD first.
      const head = await createClient(app, { host: "alpha.localhost" }).request(
        "/sitemap-posts-1.xml",
        { method: "HEAD" },
      );
      expect(head.status).toBe(200);
      expect(head.headers.get("content-type")).toContain("application/xml");
      expect(await head.text()).toBe("");
    });

    test("P1 A11 a sitemap never lists another account's addresses", async () => {
      const alpha = (await crawl("alpha.localhost")).addresses.join("\n");
      const beta = (await crawl("beta.localhost")).addresses.join("\n");
      expect(alpha).not.toMatch(/beta/);
      expect(beta).toContain("http://beta.localhost/blog/beta-only-post");
      expect(beta).toContain("http://beta.localhost/beta-page");
      expect(beta).not.toMatch(/alpha|spring-news|pottery|install/);
      // Beta has no courses or docs: their sitemaps are not listed, and answer 404.
      expect((await get("beta.localhost", "/sitemap-docs.xml")).status).toBe(404);
      expect((await get("beta.localhost", "/sitemap-courses.xml")).status).toBe(404);
      expect((await crawl("beta.localhost")).children).toEqual([
        "http://beta.localhost/sitemap-pages.xml",
        "http://beta.localhost/sitemap-posts-1.xml",
      ]);
    });

    test("P1 P2 an account with a custom domain lists its addresses on that domain", async () => {
      const { index, addresses } = await crawl("shop.localhost");
      // The scheme is the request's (plain HTTP in tests); the host is the custom domain.
      expect(addresses).toContain("http://shop.example.com/blog/sale");
      expect(index).toContain("<loc>http://shop.example.com/sitemap-posts-1.xml</loc>");
      expect([index, ...addresses].join("\n")).not.toContain("shop.localhost");
    });

    test("P1 robots.txt allows the site, keeps private areas out and names the sitemap", async () => {
      const res = await get("alpha.localhost", "/robots.txt");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/plain");
      const text = await res.text();
      expect(text).toContain("User-agent: *\nAllow: /\n");
      for (const path of ["/dashboard", "/checkout", "/login", "/signup", "/api"])
        expect(text).toContain(`Disallow: ${path}\n`);
      expect(text).toContain("Sitemap: http://alpha.localhost/sitemap.xml");
    });

    test("P20 the platform's sitemap lists the marketing pages and its robots.txt names it", async () => {
      const xml = await (await get("localhost", "/sitemap.xml")).text();
      const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      expect(locs).toEqual([
        "http://localhost/",
        "http://localhost/product",
        "http://localhost/use-cases",
        "http://localhost/features",
        "http://localhost/pricing",
        "http://localhost/signup",
      ]);
      const robots = await (await get("localhost", "/robots.txt")).text();
      expect(robots).toContain("Sitemap: http://localhost/sitemap.xml");
      expect(robots).toContain("Disallow: /api\n");
    });

    test("P1 /docs lists the account's docs in order; a doc answers at /docs/{slug} only", async () => {
      const index = await get("alpha.localhost", "/docs");
      expect(index.status).toBe(200);
      const html = await index.text();
      expect(html.indexOf("Doc install")).toBeGreaterThan(-1);
      expect(html.indexOf("Doc install")).toBeLessThan(html.indexOf("Doc first-steps"));
      expect(html).toContain("All about first-steps");
      const doc = await get("alpha.localhost", "/docs/first-steps");
      expect(doc.status).toBe(200);
      expect(await doc.text()).toContain("<title>Doc first-steps · alpha</title>");
      // Docs and plain pages keep to their own addresses, and to their own account.
      expect((await get("alpha.localhost", "/first-steps")).status).toBe(404);
      expect((await get("alpha.localhost", "/docs/about")).status).toBe(404);
      expect((await get("beta.localhost", "/docs/install")).status).toBe(404);
      // The base domain's /docs is the platform's own (decision 029): no account's docs there.
      const platformDocs = await get("localhost", "/docs");
      expect(platformDocs.status).toBe(200);
      expect(await platformDocs.text()).not.toContain("Doc install");
      expect((await get("localhost", "/docs/install")).status).toBe(404);
    });

    test("P1 /thankyou and /subscribed answer on an account's site, not on the platform", async () => {
      for (const path of ["/thankyou", "/subscribed", "/thankyou?order=A-1001"]) {
        const res = await get("alpha.localhost", path);
        expect(res.status, path).toBe(200);
        const html = await res.text();
        // The reference is shown by the browser: the server's page is the same for everyone.
        expect(html).not.toContain("A-1001");
      }
      expect(await (await get("alpha.localhost", "/subscribed")).text()).toContain(
        "You are subscribed",
      );
      expect((await get("localhost", "/thankyou")).status).toBe(404);
    });
  },
);
