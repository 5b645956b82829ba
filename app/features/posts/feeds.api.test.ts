import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { membershipRules, memberships } from "~/features/memberships/tables.server";
import { createAccount, createPost } from "../../../tests/factories";
import { atomProblems, rssItems, rssProblems } from "../../../tests/support/feed-rules";
import { createClient } from "../../../tests/support/http-client";
import {
  createTestDatabase,
  logicBackends,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestAppWithPages } from "../../../tests/support/test-server";
import { FEED_ITEMS } from "./posts.server";

describe.each(logicBackends)("I37 the blog's RSS and Atom feeds on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = (await createTestAppWithPages(db.database)).app;
    const alpha = await createAccount(db.database, {
      slug: "alpha",
      settings: { sitetitle: "Alpha & Sons", description: "Colour, light and form" },
    });
    const { accountId } = alpha;
    await createPost(db.database, {
      accountId,
      slug: "colour-saturation",
      title: "Colour <saturation>",
      excerpt: "Saturation basics",
      content:
        '<p>All about saturation.</p><img src="/files/wheel.png" alt=""><script>x()</script>',
      categories: ["Art & Café"],
      tags: ["news"],
      settings: { featured: "/files/cover.png" },
      publishedAt: new Date("2026-03-01T10:00:00Z"),
    });
    await createPost(db.database, {
      accountId,
      slug: "members-secret",
      title: "For members",
      excerpt: "A teaser everyone reads",
      content: "<p>The secret body.</p>",
      tags: ["Premium"],
      publishedAt: new Date("2026-03-02T10:00:00Z"),
    });
    await createPost(db.database, {
      accountId,
      slug: "unwritten",
      title: "A draft",
      status: "draft",
      publishedAt: null,
    });
    await db.database.forAccount(accountId, async (tx) => {
      const [level] = await tx
        .insert(memberships)
        .values({ accountId, name: "Gold", slug: "gold" })
        .returning();
      await tx
        .insert(membershipRules)
        .values({ accountId, membershipId: level!.id, resource: "post_tag", tag: "premium" });
    });
    const busy = await createAccount(db.database, { slug: "busy" });
    for (let n = 1; n <= FEED_ITEMS + 3; n++) {
      await createPost(db.database, {
        accountId: busy.accountId,
        slug: `note-${n}`,
        title: `Note ${n}`,
        publishedAt: new Date(Date.UTC(2026, 0, n)),
      });
    }
  });
  afterAll(() => db?.dispose());

  const get = (host: string, path: string) => createClient(app, { host }).request(path);

  test("I37 /blog/rss.xml is valid RSS 2.0 with the newest posts, whole, on the site's origin", async () => {
    const res = await get("alpha.localhost", "/blog/rss.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const xml = await res.text();
    expect(rssProblems(xml, "http://alpha.localhost/blog/rss.xml")).toEqual([]);
    expect(xml).toContain("<title>Alpha &amp; Sons</title>");
    const items = rssItems(xml);
    expect(items.map((item) => item.link)).toEqual([
      "http://alpha.localhost/blog/members-secret",
      "http://alpha.localhost/blog/colour-saturation",
    ]);
    const open = items[1]!;
    expect(open.title).toBe("Colour <saturation>");
    expect(open.categories).toEqual(["Art & Café"]);
    // The body, sanitised, with its pictures at absolute addresses a reader can load.
    expect(open.content).toContain("All about saturation.");
    expect(open.content).toContain('src="http://alpha.localhost/files/wheel.png"');
    expect(open.content).not.toContain("<script");
    expect(open.content).toMatch(
      /^<p><img src="http:\/\/alpha\.localhost\/files\/cover\.png" alt=""><\/p>/,
    );
  });

  test("I37 a members-only post goes as its excerpt: its body never leaves the server", async () => {
    for (const path of ["/blog/rss.xml", "/blog/atom.xml", "/blog/tag/premium/rss.xml"]) {
      const xml = await (await get("alpha.localhost", path)).text();
      expect(xml, path).toContain("A teaser everyone reads");
      expect(xml, path).not.toContain("secret body");
    }
    const closed = rssItems(await (await get("alpha.localhost", "/blog/rss.xml")).text())[0]!;
    expect(closed.content).toBeNull();
    expect(closed.description).toBe("A teaser everyone reads");
  });

  test("I37 /blog/atom.xml is valid Atom 1.0 (RFC 4287): ids, dates, self link, an author", async () => {
    const res = await get("alpha.localhost", "/blog/atom.xml");
    expect(res.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const xml = await res.text();
    expect(atomProblems(xml, "http://alpha.localhost/blog/atom.xml")).toEqual([]);
    expect(xml).not.toContain("A draft");
  });

  test("I37 each category and tag has its feeds; an unknown one is 404", async () => {
    const category = "/blog/category/art-café/rss.xml";
    const res = await get("alpha.localhost", encodeURI(category));
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(rssProblems(xml, `http://alpha.localhost${encodeURI(category)}`)).toEqual([]);
    expect(rssItems(xml).map((item) => item.link)).toEqual([
      "http://alpha.localhost/blog/colour-saturation",
    ]);
    expect(xml).toContain("<title>Art &amp; Café · Alpha &amp; Sons</title>");
    const atom = await (await get("alpha.localhost", "/blog/tag/news/atom.xml")).text();
    expect(atomProblems(atom, "http://alpha.localhost/blog/tag/news/atom.xml")).toEqual([]);
    expect((await get("alpha.localhost", "/blog/tag/nothing/rss.xml")).status).toBe(404);
  });

  test(`I37 a feed carries the ${FEED_ITEMS} newest posts and never another site's`, async () => {
    const items = rssItems(await (await get("busy.localhost", "/blog/rss.xml")).text());
    expect(items).toHaveLength(FEED_ITEMS);
    expect(items[0]!.title).toBe(`Note ${FEED_ITEMS + 3}`);
    expect(items.map((item) => item.link).join()).not.toContain("alpha");
  });

  test("I37 the blog, its archives and its posts name their feeds for readers to find", async () => {
    const alternates = (html: string) =>
      [
        ...html.matchAll(
          /<link rel="alternate" type="application\/(rss|atom)\+xml"[^>]*href="([^"]+)"/g,
        ),
      ].map((match) => match[2]);
    const blog = await (await get("alpha.localhost", "/blog")).text();
    expect(alternates(blog)).toEqual([
      "http://alpha.localhost/blog/rss.xml",
      "http://alpha.localhost/blog/atom.xml",
    ]);
    const archive = await (await get("alpha.localhost", "/blog/tag/news")).text();
    expect(alternates(archive)).toEqual([
      "http://alpha.localhost/blog/tag/news/rss.xml",
      "http://alpha.localhost/blog/tag/news/atom.xml",
      "http://alpha.localhost/blog/rss.xml",
      "http://alpha.localhost/blog/atom.xml",
    ]);
    const post = await (await get("alpha.localhost", "/blog/colour-saturation")).text();
    expect(alternates(post)).toContain("http://alpha.localhost/blog/rss.xml");
  });
});
