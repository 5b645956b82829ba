import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { memberships } from "~/features/memberships/tables.server";
import type { SearchHit } from "~/features/search/validation";
import { createCourse, createPost } from "../../../tests/factories";
import {
  buildWorld,
  runMatrix,
  type ActorKind,
  type MatrixRoute,
  type Place,
  type World,
} from "../../../tests/support/access-matrix";
import { createClient } from "../../../tests/support/http-client";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestAppWithPages } from "../../../tests/support/test-server";
import { productGrants, productPrices, products } from "./tables.server";

const superAdminEmail = "root@platform.test";
const password = "Matrix-Harbour-Quartz-88";

/**
 * A managers' route: anonymous 401; a session shown to another site is dropped (401); demo's
 * students, instructors and a super-admin signed in there 403; demo's owner `ok`; acme's owner on acme
 * (its own site) `foreign` (demo's ids are not found there, acme's own lists answer).
 */
const managers =
  (ok: number, foreign: number) =>
  (actor: ActorKind, place: Place): number => {
    if (actor === "anonymous" || place === "other") return 401;
    // A super-admin signed in on a site is what their membership makes them (decision 037).
    if (actor === "student" || actor === "instructor" || actor === "superAdmin") return 403;
    if (actor === "otherOwner") return foreign;
    return ok;
  };

describe.each(logicBackends)(
  "issue 16 products and memberships HTTP access matrix on %s",
  (backend) => {
    let db: TestDatabase;
    let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
    let world: World;
    const ids = { product: "", level: "", post: "" };
    let n = 0;
    const unique = () => `${Date.now().toString(36)}-${n++}`;

    beforeAll(async () => {
      db = await createTestDatabase(backend);
      const made = await createTestAppWithPages(db.database, {
        SUPER_ADMIN_EMAILS: superAdminEmail,
      });
      app = made.app;
      world = await buildWorld(db.database, superAdminEmail);
      const accountId = world.demo.accountId;
      const course = await createCourse(db.database, {
        accountId,
        slug: "matrix-course",
        price: 100,
      });
      ids.post = (
        await createPost(db.database, {
          accountId,
          slug: "gold-news",
          title: "Gold news",
          tags: ["Premium"],
          excerpt: "A teaser",
          content: "<p>The secret body</p>",
        })
      ).id;
      await db.database.forAccount(accountId, async (tx) => {
        const [product] = await tx
          .insert(products)
          .values({
            accountId,
            title: "Matrix",
            slug: "matrix",
            kind: "course",
            status: "published",
          })
          .returning();
        ids.product = product!.id;
        await tx
          .insert(productPrices)
          .values({ accountId, productId: product!.id, currency: "USD", amount: 100 });
        await tx
          .insert(productGrants)
          .values({ accountId, productId: product!.id, target: "course", targetId: course.id });
        const [level] = await tx
          .insert(memberships)
          .values({ accountId, name: "Gold", slug: "gold" })
          .returning();
        ids.level = level!.id;
      });
    });
    afterAll(() => db?.dispose());

    const product = () => ({
      title: "Matrix",
      slug: "matrix",
      description: "<p>Changed</p>",
      image: null,
      kind: "course",
      status: "draft",
      visibility: "public",
      prices: [],
      grants: [],
    });
    const level = (slug: string) => ({
      name: "Gold",
      slug,
      description: "",
      durationDays: null,
      status: "active",
      position: 0,
      rules: [{ resource: "post_tag", tag: "premium" }],
    });

    const routes = (): MatrixRoute[] => [
      {
        name: "GET /api/products",
        method: "GET",
        path: "/api/products?q=mat",
        expect: managers(200, 200),
      },
      {
        name: "POST /api/products/draft",
        method: "POST",
        path: "/api/products/draft",
        body: () => ({ title: "New product", kind: "download" }),
        expect: managers(201, 201),
      },
      {
        name: "POST /api/products",
        method: "POST",
        path: "/api/products",
        body: () => ({ ...product(), slug: `p-${unique()}` }),
        expect: managers(201, 201),
      },
      {
        name: "GET /api/products/{demo's}",
        method: "GET",
        path: () => `/api/products/${ids.product}`,
        expect: managers(200, 404),
      },
      {
        name: "PUT /api/products/{demo's}",
        method: "PUT",
        path: () => `/api/products/${ids.product}`,
        body: () => product(),
        expect: managers(200, 404),
      },
      {
        name: "DELETE /api/products/{none}",
        method: "DELETE",
        path: `/api/products/${crypto.randomUUID()}`,
        expect: managers(404, 404),
      },
      {
        name: "GET /api/memberships",
        method: "GET",
        path: "/api/memberships",
        expect: managers(200, 200),
      },
      {
        name: "POST /api/memberships",
        method: "POST",
        path: "/api/memberships",
        body: () => level(`l-${unique()}`),
        expect: managers(201, 201),
      },
      {
        name: "PUT /api/memberships/{demo's}",
        method: "PUT",
        path: () => `/api/memberships/${ids.level}`,
        body: () => level("gold"),
        expect: managers(200, 404),
      },
      {
        name: "GET /api/memberships/{demo's}/members",
        method: "GET",
        path: () => `/api/memberships/${ids.level}/members`,
        expect: managers(200, 404),
      },
      {
        name: "POST /api/memberships/{demo's}/members",
        method: "POST",
        path: () => `/api/memberships/${ids.level}/members`,
        body: (w) => ({ email: w.people.student.email, expiresAt: null }),
        expect: managers(201, 404),
      },
      {
        name: "DELETE /api/memberships/{demo's}/members/{student}",
        method: "DELETE",
        path: (w) => `/api/memberships/${ids.level}/members/${w.people.student.userId}`,
        expect: managers(200, 404),
      },
      {
        name: "DELETE /api/memberships/{none}",
        method: "DELETE",
        path: `/api/memberships/${crypto.randomUUID()}`,
        expect: managers(404, 404),
      },
      {
        name: "GET /api/memberships/access (anyone: the engine's answer for the viewer)",
        method: "GET",
        path: () => `/api/memberships/access?type=post&id=${ids.post}`,
        expect: () => 200,
      },
    ];

    /**
     * A managers' dashboard page: signing in first (302 to /login) for visitors and for sessions
     * shown to another site; demo's students, instructors and the super-admin (no manage_options
     * there) 403; acme's owner on acme `foreign`.
     */
    const managerPage =
      (foreign: number) =>
      (actor: ActorKind, place: Place): number => {
        if (actor === "anonymous" || place === "other") return 302;
        if (actor === "otherOwner") return foreign;
        return actor === "owner" ? 200 : 403;
      };
    const pages = (): MatrixRoute[] => [
      {
        name: "GET /dashboard/manage/ecommerce",
        method: "GET",
        path: "/dashboard/manage/ecommerce?q=mat",
        expect: managerPage(200),
      },
      {
        name: "GET /dashboard/manage/ecommerce?tab=coupons (the coupons feature's panel)",
        method: "GET",
        path: "/dashboard/manage/ecommerce?tab=coupons",
        expect: managerPage(200),
      },
      {
        name: "GET /dashboard/manage/ecommerce?tab=payments (the payments feature's panel)",
        method: "GET",
        path: "/dashboard/manage/ecommerce?tab=payments",
        expect: managerPage(200),
      },
      {
        name: "GET /dashboard/manage/ecommerce/product/new",
        method: "GET",
        path: "/dashboard/manage/ecommerce/product/new",
        expect: managerPage(200),
      },
      {
        name: "GET /dashboard/manage/ecommerce/product/{demo's}",
        method: "GET",
        path: () => `/dashboard/manage/ecommerce/product/${ids.product}`,
        expect: managerPage(404),
      },
      {
        name: "GET /dashboard/manage/ecommerce/memberships",
        method: "GET",
        path: () => `/dashboard/manage/ecommerce/memberships?members=${ids.level}`,
        expect: managerPage(200),
      },
      {
        name: "POST /dashboard/manage/ecommerce/memberships (a new level)",
        method: "POST",
        path: "/dashboard/manage/ecommerce/memberships",
        body: () => ({ intent: "saveLevel", id: null, level: level(`page-${unique()}`) }),
        expect: managerPage(200),
      },
      {
        name: "POST /dashboard/manage/ecommerce/product/new (a new product)",
        method: "POST",
        path: "/dashboard/manage/ecommerce/product/new",
        body: () => ({
          intent: "save",
          id: null,
          product: { ...product(), slug: `n-${unique()}` },
        }),
        expect: managerPage(200),
      },
    ];

    test("C6 A11 the e-commerce dashboard pages answer each actor as stated", async () => {
      expect(await runMatrix(app, world, pages())).toEqual([]);
    });

    test("C6 A11 every products and memberships route answers each actor on its own and another site as stated", async () => {
      expect(await runMatrix(app, world, routes())).toEqual([]);
    });

    const signedIn = async (email: string, ip: string) => {
      const client = createClient(app, { host: world.demo.host, ip });
      const res = await client.post("/api/auth/sign-in/email", { email, password });
      expect(res.status).toBe(200);
      return client;
    };

    test("C6 a members-only post is found by its title; its words reach holders and writers only", async () => {
      const search = async (client: ReturnType<typeof createClient>) => {
        const res = await client.request("/api/search?q=Gold%20news&type=blog");
        const body = (await res.json()) as {
          hits: { blog: { id: string; detail: string | null }[] };
        };
        return body.hits.blog.find((hit) => hit.id === ids.post);
      };
      const access = async (client: ReturnType<typeof createClient>) => {
        const res = await client.request(`/api/memberships/access?type=post&id=${ids.post}`);
        return ((await res.json()) as { open: boolean }).open;
      };
      const visitor = createClient(app, { host: world.demo.host, ip: "10.98.0.1" });
      // Rules of an active level close the post (the PUT above made the level's rule "premium").
      expect(await access(visitor)).toBe(false);
      const student = await signedIn(world.people.student.email, "10.98.0.2");
      expect(await access(student)).toBe(false);
      const owner = await signedIn(world.people.owner.email, "10.98.0.3");
      expect(await access(owner)).toBe(true);
      const given = await owner.post(`/api/memberships/${ids.level}/members`, {
        email: world.people.student.email,
        expiresAt: null,
      });
      expect(given.status).toBe(201);
      expect(await access(student)).toBe(true);
      // The post's page: visitors and non-holders read its teaser and a call to action only.
      const page = async (client: ReturnType<typeof createClient>) =>
        (await client.request("/blog/gold-news")).text();
      const closed = await page(visitor);
      expect(closed).toContain("A teaser");
      expect(closed).toContain('data-testid="members-only"');
      expect(closed).not.toContain("The secret body");
      expect(await page(student)).toContain("The secret body");
      expect(await page(owner)).toContain("The secret body");
      // Search finds it by title for everyone; only a holder gets its excerpt.
      expect((await search(visitor))?.detail).toBeNull();
      expect((await search(student))?.detail).toBe("A teaser");
      // Its words find it for holders only: to anyone else a match in them is no match at all.
      const byBody = async (client: ReturnType<typeof createClient>) => {
        const res = await client.request("/api/search?q=secret&type=blog");
        const body = (await res.json()) as { hits: { blog: SearchHit[] } };
        return body.hits.blog.find((hit) => hit.id === ids.post);
      };
      expect(await byBody(visitor)).toBeUndefined();
      expect((await byBody(student))?.snippet).toContainEqual({ text: "secret", hit: true });
    });

    test("A11 malformed input to the products and memberships routes answers 400, never 500", async () => {
      const owner = await signedIn(world.people.owner.email, "10.98.0.4");
      const cases: [string, string, unknown][] = [
        ["POST", "/api/products", [1]],
        ["POST", "/api/products", { ...product(), prices: [{ currency: "US" }] }],
        ["POST", "/api/products", { ...product(), title: "a\u0000b" }],
        ["POST", "/api/products/draft", { title: 5 }],
        ["PUT", `/api/products/${ids.product}`, "text"],
        [
          "POST",
          "/api/memberships",
          { ...level("x-y"), rules: [{ resource: "post", targetId: "no" }] },
        ],
        ["POST", "/api/memberships", { ...level("x-z"), durationDays: -1 }],
        ["POST", `/api/memberships/${ids.level}/members`, { email: "a@b.c", expiresAt: "soon" }],
      ];
      for (const [method, path, json] of cases) {
        const res = await owner.request(path, { method, json });
        expect(res.status, `${method} ${path} ${JSON.stringify(json).slice(0, 60)}`).toBe(400);
      }
      for (const path of [
        "/api/products?status=gone",
        "/api/products?page=0",
        "/api/memberships/access?type=x&id=1",
      ])
        expect((await owner.request(path)).status, path).toBe(400);
      const taken = await owner.post("/api/memberships", level("gold"));
      expect(taken.status).toBe(409);
      expect(((await taken.json()) as { error: { code: string } }).error.code).toBe(
        "memberships.slugTaken",
      );
    });
  },
);
