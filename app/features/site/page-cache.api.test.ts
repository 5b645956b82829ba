import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  createAccount,
  createMember,
  createPost,
  createUserWithPassword,
  setOption,
} from "../../../tests/factories";
import { createClient } from "../../../tests/support/http-client";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestAppWithPages } from "../../../tests/support/test-server";

const password = "Cache-Lantern-Orchid-42";
/** Each response has a nonce of its own (decision 016): pages compare without it. */
const withoutNonces = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');
const menu = (label: string) => ({
  header: [{ id: "m1", label, item_url: "/blog", item_type: "link" }],
  mobile: [],
});

describe.each(logicBackends)("P18 page cache on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  let accountId: string;
  let host: string;
  let ipCounter = 0;
  const visitor = () => createClient(app, { host, ip: `10.77.0.${++ipCounter}` });

  async function signedIn(email: string) {
    const client = visitor();
    const res = await client.post("/api/auth/sign-in/email", { email, password });
    expect(res.status).toBe(200);
    return client;
  }

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = (await createTestAppWithPages(db.database)).app;
    const account = await createAccount(db.database, {
      slug: `cache${backend}`,
      settings: { sitetitle: "Cache Academy" },
    });
    accountId = account.accountId;
    host = `${account.slug}.localhost`;
    await setOption(db.database, { accountId, key: "menus", value: menu("Original menu") });
    await createPost(db.database, { accountId, title: "Cached post", slug: "cached-post" });
    const owner = await createUserWithPassword(db.database, {
      email: `owner-${backend}@cache.test`,
      name: "Olga Owner-Private",
      password,
    });
    await createMember(db.database, { accountId, roleName: "site_owner", user: owner });
    const student = await createUserWithPassword(db.database, {
      email: `student-${backend}@cache.test`,
      name: "Sam Student",
      password,
    });
    await createMember(db.database, { accountId, roleName: "student", user: student });
  });
  afterAll(() => db?.dispose());

  test("P18 an anonymous page is rendered once, then served from the cache", async () => {
    const first = await visitor().request("/blog/cached-post");
    expect(first.status).toBe(200);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const html = await first.text();
    expect(html).toContain("Cached post");
    const second = await visitor().request("/blog/cached-post");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(withoutNonces(await second.text())).toBe(withoutNonces(html));
  });

  test("P18 pages outside the cached paths, unknown query parameters and 404s always render", async () => {
    for (const path of ["/login?redirectedFrom=%2Fdashboard", "/no-such-page", "/checkout"]) {
      await visitor().request(path);
      const again = await visitor().request(path);
      expect(again.headers.get("x-page-cache"), path).not.toBe("hit");
    }
    // Campaign parameters only matter to the browser: the cached page serves them.
    await (await visitor().request("/")).text();
    const campaign = await visitor().request("/?utm_source=news&utm_medium=mail&utm_campaign=x");
    expect(campaign.headers.get("x-page-cache")).toBe("hit");
  });

  test("P18 no personal data in a cached page: signed-in requests bypass it and leave it unchanged", async () => {
    const before = await (await visitor().request("/")).text();
    const owner = await signedIn(`owner-${backend}@cache.test`);
    const personal = await owner.request("/");
    expect(personal.headers.get("x-page-cache")).toBeNull();
    const personalHtml = await personal.text();
    expect(personalHtml).toContain("Olga Owner-Private");
    expect(personalHtml).toContain('data-testid="admin-bar"');
    const after = await visitor().request("/");
    expect(after.headers.get("x-page-cache")).toBe("hit");
    const afterHtml = await after.text();
    expect(withoutNonces(afterHtml)).toBe(withoutNonces(before));
    expect(afterHtml).not.toContain("Olga Owner-Private");
    expect(afterHtml).not.toContain("admin-bar");
  });

  test("P18 revalidateCache renders one path again; only the site's managers may call it", async () => {
    await visitor().request("/blog");
    await visitor().request("/blog/cached-post");
    const query = `/api/site/revalidateCache?site=${accountId}&path=blog/cached-post`;
    expect((await visitor().request(query)).status).toBe(401);
    const student = await signedIn(`student-${backend}@cache.test`);
    expect((await student.request(query)).status).toBe(403);
    const owner = await signedIn(`owner-${backend}@cache.test`);
    const res = await owner.request(query);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ revalidated: true, path: "/blog/cached-post" });
    expect((await visitor().request("/blog/cached-post")).headers.get("x-page-cache")).toBe("miss");
    expect((await visitor().request("/blog")).headers.get("x-page-cache")).toBe("hit");
    const bad = await owner.request(`/api/site/revalidateCache?site=not-an-id&path=`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe("request.invalid");
  });

  test("P18 invalidateCache drops the option cache and every page of the account", async () => {
    expect(await (await visitor().request("/")).text()).toContain("Original menu");
    // A change the cache has not heard of (another tool wrote the option) stays unseen...
    await setOption(db.database, { accountId, key: "menus", value: menu("Renamed menu") });
    const stale = await visitor().request("/blog");
    expect(await stale.text()).toContain("Original menu");
    // ...until the documented call drops it.
    const owner = await signedIn(`owner-${backend}@cache.test`);
    const call = await owner.request(
      `/api/site/invalidateCache?account_id=${accountId}&key=getSiteOption-menus`,
    );
    expect(call.status).toBe(200);
    for (const path of ["/", "/blog"]) {
      const fresh = await visitor().request(path);
      expect(fresh.headers.get("x-page-cache"), path).toBe("miss");
      expect(await fresh.text()).toContain("Renamed menu");
    }
    const unknownKey = await owner.request(
      `/api/site/invalidateCache?account_id=${accountId}&key=getSiteOption-everything`,
    );
    expect(unknownKey.status).toBe(400);
  });

  test("P18 saving an option through the API shows it on the next anonymous request", async () => {
    await visitor().request("/");
    const owner = await signedIn(`owner-${backend}@cache.test`);
    const saved = await owner.request("/api/site/options/menus", {
      method: "PUT",
      json: menu("Saved through the API"),
    });
    expect(saved.status).toBe(200);
    const next = await visitor().request("/");
    expect(await next.text()).toContain("Saved through the API");
    const invalid = await owner.request("/api/site/options/menus", {
      method: "PUT",
      json: { header: "not a list" },
    });
    expect(invalid.status).toBe(400);
    // Nothing half-written: the last good menu is still there.
    expect(await (await visitor().request("/")).text()).toContain("Saved through the API");
  });
});
