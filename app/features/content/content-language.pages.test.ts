import { XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createAccount, createPage, createPost } from "../../../tests/factories";
import { createClient } from "../../../tests/support/http-client";
import {
  createTestDatabase,
  logicBackends,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestAppWithPages } from "../../../tests/support/test-server";

describe.each(logicBackends)("I37 the language of the content shown on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = (await createTestAppWithPages(db.database)).app;
    const { accountId } = await createAccount(db.database, { slug: "langs" });
    const post = await createPost(db.database, { accountId, slug: "colour", title: "Colour" });
    await createPost(db.database, {
      accountId,
      slug: "color-es",
      title: "Color",
      translationOf: post.id,
      language: "es",
    });
    await createPost(db.database, { accountId, slug: "plain", title: "English only" });
    const page = await createPage(db.database, { accountId, slug: "about", title: "About" });
    await createPage(db.database, {
      accountId,
      slug: "about-ar",
      title: "من نحن",
      translationOf: page.id,
      language: "ar",
    });
  });
  afterAll(() => db?.dispose());

  const get = async (path: string) =>
    (await createClient(app, { host: "langs.localhost" }).request(path)).text();
  const htmlTag = (html: string) => /<html[^>]*>/.exec(html)![0];

  test("I37 <html lang dir> name the version shown: a translation's, else the site's", async () => {
    expect(htmlTag(await get("/blog/colour"))).toMatch(/lang="en" dir="ltr"/);
    expect(htmlTag(await get("/blog/colour?lang=es"))).toMatch(/lang="es" dir="ltr"/);
    expect(htmlTag(await get("/about?lang=ar"))).toMatch(/lang="ar" dir="rtl"/);
    expect(htmlTag(await get("/about"))).toMatch(/lang="en" dir="ltr"/);
  });

  test("I37 the sitemaps name each translation as an hreflang alternate, the original as x-default", async () => {
    const posts = await get("/sitemap-posts-1.xml");
    expect(XMLValidator.validate(posts)).toBe(true);
    expect(posts).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const colour = /<url><loc>http:\/\/langs\.localhost\/blog\/colour<\/loc>.*?<\/url>/.exec(
      posts,
    )![0];
    expect(colour).toContain(
      '<xhtml:link rel="alternate" hreflang="en" href="http://langs.localhost/blog/colour"/>' +
        '<xhtml:link rel="alternate" hreflang="es" href="http://langs.localhost/blog/colour?lang=es"/>' +
        '<xhtml:link rel="alternate" hreflang="x-default" href="http://langs.localhost/blog/colour"/>',
    );
    const plain = /<url><loc>http:\/\/langs\.localhost\/blog\/plain<\/loc>.*?<\/url>/.exec(
      posts,
    )![0];
    expect(plain).not.toContain("xhtml:link");
    // Translations are alternates, not addresses of their own: the file lists the originals.
    expect(posts.match(/<url>/g)).toHaveLength(2);
    const pages = await get("/sitemap-pages.xml");
    expect(XMLValidator.validate(pages)).toBe(true);
    expect(pages).toContain(
      '<xhtml:link rel="alternate" hreflang="ar" href="http://langs.localhost/about?lang=ar"/>',
    );
  });
});
