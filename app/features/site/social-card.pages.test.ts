import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createAccount, createCourse, createPage, createPost } from "../../../tests/factories";
import { insertProduct } from "../../../tests/factories/products";
import { createClient } from "../../../tests/support/http-client";
import {
  createTestDatabase,
  logicBackends,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestAppWithPages } from "../../../tests/support/test-server";
import { socialCardCacheStats, socialCardPng } from "./social-card.server";

/** The page's Open Graph and Twitter tags, by property or name. */
function socialTags(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const match of html.matchAll(
    /<meta (?:property|name)="((?:og|twitter):[^"]+)" content="([^"]*)"/g,
  ))
    tags[match[1]!] = match[2]!.replaceAll("&amp;", "&");
  return tags;
}

describe.each(logicBackends)("I37 drawn social cards on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = (await createTestAppWithPages(db.database)).app;
    const { accountId } = await createAccount(db.database, {
      slug: "cards",
      settings: { sitetitle: "Light & Form" },
    });
    await createPost(db.database, {
      accountId,
      slug: "drawn",
      title: "Seeing values before colour: a painter's first habit",
      settings: { featured: "/files/drawing.svg" },
    });
    await createPost(db.database, {
      accountId,
      slug: "photo",
      title: "A photo of the studio",
      settings: { featured: "/files/studio.jpg" },
    });
    await createPost(db.database, { accountId, slug: "draft", title: "Not yet", status: "draft" });
    await createCourse(db.database, { accountId, slug: "sketching", title: "Sketching" });
    await createPage(db.database, { accountId, slug: "about", title: "About the studio" });
    await createPage(db.database, { accountId, slug: "setup", title: "Setting up", kind: "doc" });
    await db.database.forAccount(accountId, (tx) =>
      insertProduct(tx, { accountId, slug: "print-pack", title: "Print pack" }),
    );
    const souk = await createAccount(db.database, {
      slug: "souk-cards",
      settings: { sitetitle: "أكاديمية السوق", defaultLanguage: "ar" },
    });
    await createPost(db.database, {
      accountId: souk.accountId,
      slug: "welcome",
      title: "مرحبا بكم في أكاديمية السوق",
    });
  });
  afterAll(() => db?.dispose());

  const get = (path: string, host = "cards.localhost") => createClient(app, { host }).request(path);

  test("I37 a post, course, product, page or doc whose picture is an SVG, or that has none, shows a drawn PNG card to social sites", async () => {
    const post = socialTags(await (await get("/blog/drawn")).text());
    expect(post).toMatchObject({
      "og:image": "http://cards.localhost/social/post/drawn.png",
      "og:image:width": "1200",
      "og:image:height": "630",
      "twitter:card": "summary_large_image",
    });
    for (const [path, card] of [
      ["/course/sketching", "/social/course/sketching.png"],
      ["/product/print-pack", "/social/product/print-pack.png"],
      ["/about", "/social/page/about.png"],
      ["/docs/setup", "/social/doc/setup.png"],
    ] as const)
      expect(socialTags(await (await get(path)).text())["og:image"], path).toBe(
        `http://cards.localhost${card}`,
      );
    // A raster picture of its own is used as it is.
    const photo = socialTags(await (await get("/blog/photo")).text());
    expect(photo["og:image"]).toBe("http://cards.localhost/files/studio.jpg");
    expect(photo["og:image:width"]).toBeUndefined();

    for (const path of [
      "/social/post/drawn.png",
      "/social/course/sketching.png",
      "/social/product/print-pack.png",
      "/social/page/about.png",
      "/social/doc/setup.png",
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
      const facts = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(facts).toMatchObject({ format: "png", width: 1200, height: 630 });
    }
    // Right to left, in Arabic script: drawn as well.
    const arabic = await get("/social/post/welcome.png", "souk-cards.localhost");
    expect(arabic.status).toBe(200);
    expect((await sharp(Buffer.from(await arabic.arrayBuffer())).metadata()).width).toBe(1200);
  });

  test("I37 only a published page of its kind has a card; the cache of drawn cards is bounded", async () => {
    for (const path of [
      "/social/post/draft.png",
      "/social/post/nothing.png",
      "/social/course/drawn.png",
      "/social/page/nothing.png",
      "/social/page/setup.png",
      "/social/doc/about.png",
      "/social/shop/print-pack.png",
      "/social/post/drawn",
    ])
      expect((await get(path)).status, path).toBe(404);
    // Another site's post is not this site's card.
    expect((await get("/social/post/welcome.png")).status).toBe(404);
    // Drawn once, then kept (the same bytes), within bounds in entries and bytes.
    const card = {
      title: "Kept",
      siteName: "Light & Form",
      colour: "#4263eb",
      dir: "ltr" as const,
    };
    const before = socialCardCacheStats().entries;
    const first = await socialCardPng("cards\npost\nkept", card);
    expect(await socialCardPng("cards\npost\nkept", card)).toBe(first);
    const stats = socialCardCacheStats();
    expect(stats.entries).toBe(before + 1);
    expect(stats).toMatchObject({ maxEntries: 500, maxBytes: 24 * 1024 * 1024 });
    expect(stats.bytes).toBeGreaterThanOrEqual(first.length);
  });
});
