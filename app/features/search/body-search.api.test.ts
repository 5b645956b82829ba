import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createAccount, createCourse, createPage, createPost } from "../../../tests/factories";
import { createClient } from "../../../tests/support/http-client";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestApp } from "../../../tests/support/test-server";
import type { SearchHit, SearchResults } from "./validation";

const marked = (hit: SearchHit | undefined) =>
  hit?.snippet?.filter((part) => part.hit).map((part) => part.text) ?? [];

// Issue 37: "saturation", in a post's body, found nothing. Bodies are now searched in the
// site's language, after titles, with the words found marked in a snippet.
describe.each(logicBackends)("I37 site search reads bodies on %s", (backend) => {
  let db: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let host: string;
  let spanishHost: string;
  let spanishId: string;
  let ip = 0;
  const search = async (query: string, on = host) => {
    const client = createClient(app, { host: on, ip: `10.89.0.${++ip}` });
    const res = await client.request(`/api/search?${query}`);
    expect(res.status).toBe(200);
    return (await res.json()) as SearchResults;
  };

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = createTestApp(db.database).app;
    const account = await createAccount(db.database, { slug: `body${backend}` });
    const spanish = await createAccount(db.database, { slug: `cuerpo${backend}` });
    host = `${account.slug}.localhost`;
    spanishHost = `${spanish.slug}.localhost`;
    spanishId = spanish.accountId;
    const accountId = account.accountId;
    const filler = "<p>Light, shadow and the weather of a long afternoon.</p>".repeat(40);
    await createPost(db.database, {
      accountId,
      title: "Colour that sings",
      slug: "colour",
      content: `${filler}<p>Push the <em>saturation</em> until the greens glow &amp; hum.</p>${filler}`,
    });
    await createPost(db.database, { accountId, title: "Saturation basics", slug: "basics" });
    await createPost(db.database, {
      accountId,
      title: "A draft about saturation",
      slug: "draft",
      status: "draft",
      content: "<p>Saturation, unpublished.</p>",
    });
    await createCourse(db.database, {
      accountId,
      title: "Plants at home",
      description: "<p>Repotting, watering and <strong>composting</strong> for flats.</p>",
    });
    await createCourse(db.database, { accountId, title: "Watercolour skies" });
    await createPage(db.database, {
      accountId,
      title: "Help",
      slug: "help",
      data: {
        root: { props: {} },
        content: [
          { type: "Heading", props: { id: "h", text: "Questions", level: "2" } },
          {
            type: "FAQ",
            props: {
              id: "f",
              title: "Orders",
              items: [{ question: "When is my money back?", answer: "Refunds take five days." }],
            },
          },
        ],
      },
    });
    await createPost(db.database, {
      accountId: spanishId,
      title: "Repertorio",
      slug: "repertorio",
      content: "<p>Todas las canciones del curso.</p>",
    });
  });
  afterAll(() => db?.dispose());

  test("I37 a word in a post's body finds it, after title matches, its words marked", async () => {
    const { hits } = await search("q=saturation&type=blog");
    expect(hits.blog.map((hit) => [hit.title, hit.match])).toEqual([
      ["Saturation basics", "title"],
      ["Colour that sings", "body"],
    ]);
    expect(hits.blog[0]!.snippet).toBeNull();
    const body = hits.blog[1]!;
    expect(body.url).toBe("/blog/colour");
    // The text around the word, not the start of the post, and no markup or entity.
    expect(marked(body)).toEqual(["saturation"]);
    const text = body.snippet!.map((part) => part.text).join("");
    expect(text).toContain("greens glow & hum");
    for (const left of ["<", ">", "&amp;", String.fromCharCode(2), String.fromCharCode(3)])
      expect(text).not.toContain(left);
    expect(text.length).toBeLessThan(400);
  });

  test("I37 words are matched by their stem in the site's language", async () => {
    const { hits } = await search("q=saturated+greens&type=blog");
    expect(hits.blog.map((hit) => hit.title)).toEqual(["Colour that sings"]);
    expect(marked(hits.blog[0])).toEqual(["saturation", "greens"]);
    const course = (await search("q=compost&type=courses")).hits.courses;
    expect(course.map((hit) => [hit.title, hit.match])).toEqual([["Plants at home", "body"]]);
    expect(marked(course[0])).toEqual(["composting"]);
  });

  test("I37 a page's blocks are searched: their text, not their ids or settings", async () => {
    const { hits } = await search("q=refunds&type=pages");
    expect(hits.pages.map((hit) => hit.url)).toEqual(["/help"]);
    expect(marked(hits.pages[0])).toEqual(["Refunds"]);
    expect((await search("q=money+back&type=pages")).hits.pages).toHaveLength(1);
    for (const setting of ["FAQ", "level"])
      expect((await search(`q=${setting}&type=pages`)).hits.pages).toEqual([]);
  });

  test("I37 drafts and other sites' bodies are never searched", async () => {
    const { hits } = await search("q=unpublished");
    expect(Object.values(hits).flat()).toEqual([]);
    expect((await search("q=canciones", host)).hits.blog).toEqual([]);
  });

  test("I37 a misspelt word falls back to titles within trigram reach", async () => {
    const { hits } = await search("q=watercolor&type=courses");
    expect(hits.courses.map((hit) => [hit.title, hit.match])).toEqual([
      ["Watercolour skies", "similar"],
    ]);
    // A phrase means what it says: no guessing.
    expect((await search("q=watercolor+skyes&type=courses")).hits.courses).toEqual([]);
    // The nearest word of the site's titles answers: published titles only (the draft's title
    // holds the word too), and never a word of another site's titles.
    const typo = (await search("q=saturatin&type=blog")).hits.blog;
    expect(typo.map((hit) => [hit.title, hit.match])).toEqual([["Saturation basics", "similar"]]);
    expect((await search("q=repertoro")).hits.blog).toEqual([]);
    expect((await search("q=repertoro", spanishHost)).hits.blog).toHaveLength(1);
  });

  test("I37 a site that changes its language has its bodies searched in the new one", async () => {
    // English stems "canciones" to "cancion" but keeps the accent of "canción".
    expect((await search("q=canci%C3%B3n", spanishHost)).hits.blog).toEqual([]);
    expect((await search("q=las", spanishHost)).hits.blog).toHaveLength(1);
    await db.database.forAccount(spanishId, (tx) =>
      tx.execute(
        sql`update accounts set settings = settings || '{"defaultLanguage":"es"}'::jsonb
             where account_id = ${spanishId}`,
      ),
    );
    const found = (await search("q=canci%C3%B3n", spanishHost)).hits.blog;
    expect(found.map((hit) => hit.title)).toEqual(["Repertorio"]);
    expect(marked(found[0])).toEqual(["canciones"]);
    // "las" is a Spanish stop word: it finds nothing now.
    expect((await search("q=las", spanishHost)).hits.blog).toEqual([]);
  });

  test("I37 a term of stop words or signs only answers with no hits, never an error", async () => {
    for (const term of ["the", "a+an+of", "%26%7C!", "%22", "-", "(", "'"])
      expect(Object.values((await search(`q=${term}`)).hits).flat()).toEqual([]);
  });
});
