import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PLATFORM_ACCOUNT_ID } from "~/features/accounts/accounts.server";
import { createAccount, createPage, createPost } from "../../../tests/factories";
import { createClient } from "../../../tests/support/http-client";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestAppWithPages } from "../../../tests/support/test-server";

// The marketing site's footer: the page is in the platform's frame, not a site's.
const platformTagline = "Courses, community and commerce on a site of your own.";

const text = (id: string, words: string) => ({
  root: { props: {} },
  content: [{ type: "Text", props: { id, text: words } }],
});

/*
 * Decision 029: the base domain's /blog and /{pageSlug} read the platform account's published
 * posts and pages, in the platform's frame; a site's never show there, the platform's never on
 * a site, and the marketing pages keep their addresses.
 */
describe.each(logicBackends)(
  "I17 the platform's posts and pages on the base domain on %s",
  (backend) => {
    let db: TestDatabase;
    let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
    let siteHost: string;
    let ip = 0;
    const visit = (host: string, path: string) =>
      createClient(app, { host, ip: `10.68.0.${++ip}` }).request(path);
    const base = (path: string) => visit("localhost", path);

    beforeAll(async () => {
      db = await createTestDatabase(backend);
      app = (await createTestAppWithPages(db.database)).app;
      const site = await createAccount(db.database, { slug: `postsite${backend}` });
      siteHost = `${site.slug}.localhost`;
      const platform = PLATFORM_ACCOUNT_ID;
      await createPost(db.database, {
        accountId: platform,
        title: "Platform news",
        slug: "platform-news",
        excerpt: "What changed on the platform.",
        content: "<p>The body of the platform's news.</p>",
        categories: ["Releases"],
      });
      await createPost(db.database, {
        accountId: platform,
        title: "Platform draft",
        slug: "platform-draft",
        status: "draft",
        publishedAt: null,
      });
      await createPost(db.database, {
        accountId: site.accountId,
        title: "Site news",
        slug: "site-news",
      });
      await createPage(db.database, {
        accountId: platform,
        title: "About the platform",
        slug: "about-lyceum",
        description: "Who makes Lyceum.",
        data: text("a", "The platform's own about page."),
      });
      await createPage(db.database, {
        accountId: platform,
        title: "Shadowed pricing",
        slug: "pricing",
        data: text("p", "Never shown: the marketing page wins."),
      });
      await createPage(db.database, {
        accountId: platform,
        title: "Draft platform page",
        slug: "platform-draft-page",
        status: "draft",
      });
      await createPage(db.database, {
        accountId: site.accountId,
        title: "Site page",
        slug: "site-page",
      });
    });
    afterAll(() => db?.dispose());

    test("I17 the base domain's /blog lists the platform's published posts in the platform's frame, never a site's or a draft", async () => {
      const res = await base("/blog");
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("<title>Blog · Lyceum</title>");
      expect(html).toContain("Platform news");
      expect(html).toContain("What changed on the platform.");
      expect(html).not.toContain("Platform draft");
      expect(html).not.toContain("Site news");
      expect(html).toContain(platformTagline);
      // Not kept by the page cache, which serves account hosts only.
      expect(res.headers.get("x-page-cache")).toBeNull();
    });

    test("I17 a platform post reads at the base domain's /blog/{slug} with its SEO meta; a draft and a site's post are 404 there", async () => {
      const res = await base("/blog/platform-news");
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("<title>Platform news · Lyceum</title>");
      expect(html).toContain('<meta name="description" content="What changed on the platform."/>');
      expect(html).toContain('<link rel="canonical" href="http://localhost/blog/platform-news"/>');
      expect(html).toContain("<p>The body of the platform's news.</p>");
      expect(html).toContain(platformTagline);
      // No thread: nobody is a member of the platform account, so the comment action is not found.
      expect(html).not.toContain("Sign in to comment");
      const comment = await createClient(app, { host: "localhost", ip: `10.68.1.${++ip}` }).request(
        "/blog/platform-news.data",
        { method: "POST", form: { intent: "comment", body: "Hello" } },
      );
      expect(comment.status).toBe(404);
      expect((await base("/blog/platform-draft")).status).toBe(404);
      expect((await base("/blog/site-news")).status).toBe(404);
      // Its category's archive too.
      const archive = await base("/blog/category/releases");
      expect(archive.status).toBe(200);
      expect(await archive.text()).toContain("Platform news");
    });

    test("I17 the platform's posts and pages never show on a site, nor a site's own on the base domain", async () => {
      expect((await visit(siteHost, "/blog/platform-news")).status).toBe(404);
      expect(await (await visit(siteHost, "/blog")).text()).not.toContain("Platform news");
      expect((await visit(siteHost, "/about-lyceum")).status).toBe(404);
      expect((await visit(siteHost, "/site-page")).status).toBe(200);
      expect((await base("/site-page")).status).toBe(404);
    });

    test("I17 /{slug} on the base domain: a marketing slug still wins, else the platform's published page, else 404", async () => {
      const page = await base("/about-lyceum");
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("<title>About the platform · Lyceum</title>");
      expect(html).toContain("The platform&#x27;s own about page.");
      expect(html).toContain(platformTagline);

      const pricing = await base("/pricing");
      expect(pricing.status).toBe(200);
      expect(await pricing.text()).not.toContain("Never shown: the marketing page wins.");
      expect((await base("/platform-draft-page")).status).toBe(404);
      expect((await base("/no-such-page")).status).toBe(404);
    });

    test("I17 the base domain's sitemap lists the platform's blog, posts and pages, not drafts, not a shadowed slug", async () => {
      const xml = await (await base("/sitemap.xml")).text();
      for (const path of [
        "/blog",
        "/blog/platform-news",
        "/blog/category/releases",
        "/about-lyceum",
      ])
        expect(xml).toContain(`<loc>http://localhost${path}</loc>`);
      expect(xml).not.toContain("platform-draft");
      expect(xml.match(/<loc>http:\/\/localhost\/pricing<\/loc>/g)).toHaveLength(1);
      expect(xml).not.toContain("site-news");
    });
  },
);
