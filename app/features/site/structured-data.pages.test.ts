import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createAccount, createCourse, createPost } from "../../../tests/factories";
import { insertProduct } from "../../../tests/factories/products";
import { createClient } from "../../../tests/support/http-client";
import {
  createTestDatabase,
  logicBackends,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestAppWithPages } from "../../../tests/support/test-server";

type Ld = Record<string, unknown> & { "@type": string };

/** Every JSON-LD block of a page, parsed as a search engine would (a bad one throws). */
function structuredData(html: string): Ld[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Ld,
  );
}
const ofType = (blocks: Ld[], type: string) => blocks.find((block) => block["@type"] === type);

describe.each(logicBackends)("I37 JSON-LD on public pages on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = (await createTestAppWithPages(db.database)).app;
    const { accountId } = await createAccount(db.database, {
      slug: "ld",
      settings: {
        sitetitle: "Light & Form",
        description: "Painting school",
        logo: "/files/logo.png",
        currency: "EUR",
      },
    });
    await createPost(db.database, {
      accountId,
      slug: "values",
      title: "Values </script><script>alert(1)</script>",
      excerpt: "Squint first",
      categories: ["Technique"],
      tags: ["basics", "tone"],
      settings: { featured: "/files/values.png" },
      publishedAt: new Date("2026-04-01T08:00:00Z"),
    });
    await createCourse(db.database, { accountId, slug: "sketching", title: "Sketching", price: 0 });
    const paid = await createCourse(db.database, {
      accountId,
      slug: "oil-painting",
      title: "Oil painting",
      price: 4900,
    });
    await db.database.forAccount(accountId, (tx) =>
      insertProduct(tx, {
        accountId,
        slug: "oil-painting-course",
        title: "Oil painting course",
        prices: [{ currency: "EUR", amount: 4900 }],
        grants: [{ target: "course", targetId: paid.id }],
      }),
    );
  });
  afterAll(() => db?.dispose());

  const page = async (path: string) => {
    const res = await createClient(app, { host: "ld.localhost" }).request(path);
    expect(res.status, path).toBe(200);
    return structuredData(await res.text());
  };

  test("I37 the home page describes the site as an Organization and a WebSite", async () => {
    const blocks = await page("/");
    expect(ofType(blocks, "Organization")).toMatchObject({
      "@context": "https://schema.org",
      name: "Light & Form",
      url: "http://ld.localhost/",
      logo: "http://ld.localhost/files/logo.png",
      description: "Painting school",
    });
    expect(ofType(blocks, "WebSite")).toMatchObject({ url: "http://ld.localhost/" });
  });

  test("I37 a post is a BlogPosting with its publisher and breadcrumbs; markup in a title stays text", async () => {
    const blocks = await page("/blog/values");
    const posting = ofType(blocks, "BlogPosting")!;
    expect(posting).toMatchObject({
      headline: "Values </script><script>alert(1)</script>",
      url: "http://ld.localhost/blog/values",
      image: "http://ld.localhost/files/values.png",
      datePublished: "2026-04-01T08:00:00.000Z",
      publisher: { "@type": "Organization", name: "Light & Form" },
      articleSection: ["Technique"],
      keywords: "basics, tone",
    });
    expect(ofType(blocks, "BreadcrumbList")!.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Light & Form", item: "http://ld.localhost/" },
      { "@type": "ListItem", position: 2, name: "Blog", item: "http://ld.localhost/blog" },
      {
        "@type": "ListItem",
        position: 3,
        name: "Values </script><script>alert(1)</script>",
        item: "http://ld.localhost/blog/values",
      },
    ]);
  });

  test("I37 a course is a Course with its offer from the shop (paid) or free", async () => {
    const paid = ofType(await page("/course/oil-painting"), "Course")!;
    expect(paid).toMatchObject({
      name: "Oil painting",
      provider: { "@type": "Organization", name: "Light & Form" },
      offers: [
        {
          "@type": "Offer",
          price: "49.00",
          priceCurrency: "EUR",
          category: "Paid",
          url: "http://ld.localhost/product/oil-painting-course",
        },
      ],
    });
    const free = ofType(await page("/course/sketching"), "Course")!;
    expect(free.offers).toEqual([expect.objectContaining({ price: "0", category: "Free" })]);
  });

  test("I37 a product is a Product with an Offer per price", async () => {
    const blocks = await page("/product/oil-painting-course");
    expect(ofType(blocks, "Product")).toMatchObject({
      name: "Oil painting course",
      brand: { "@type": "Brand", name: "Light & Form" },
      offers: [{ "@type": "Offer", price: "49.00", priceCurrency: "EUR" }],
    });
    expect(ofType(blocks, "BreadcrumbList")!.itemListElement).toHaveLength(2);
  });
});
