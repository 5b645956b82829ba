import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createAccount, createMember, createUserWithPassword } from "../../../tests/factories";
import { createClient } from "../../../tests/support/http-client";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestAppWithPages } from "../../../tests/support/test-server";

const password = "Platform-Quill-Harbor-58";

const post = (title: string) => ({
  title,
  slug: "",
  excerpt: `${title}, in a line.`,
  content: `<p>${title} at length.</p>`,
  featured: "",
  categories: [],
  tags: [],
  seoTitle: "",
  seoDescription: "",
  seoImage: "",
});

/*
 * Decision 029/037: on the base domain the console's Posts screen writes the platform account's
 * posts, published at the base domain's /blog; a site's owner writes and sees only their own.
 */
describe.each(logicBackends)("I17 M8 the console's posts editor on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  let siteHost = "";
  let ip = 0;

  async function signedIn(email: string, host: string) {
    const client = createClient(app, { host, ip: `10.69.0.${++ip}` });
    const res = await client.post("/api/auth/sign-in/email", { email, password });
    expect(res.status, email).toBe(200);
    return client;
  }

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = (await createTestAppWithPages(db.database)).app;
    const site = await createAccount(db.database, { slug: `quill${backend}` });
    siteHost = `${site.slug}.localhost`;
    // SUPER_ADMIN_EMAILS of the test app.
    for (const [email, roleName] of [
      ["root@platform.test", "student"],
      [`owner-${backend}@quill.test`, "site_owner"],
    ] as const) {
      const user = await createUserWithPassword(db.database, { email, name: roleName, password });
      await createMember(db.database, { accountId: site.accountId, roleName, user });
    }
  });
  afterAll(() => db?.dispose());

  test("I17 a super-admin publishes a platform post from the console; it reads on the base domain's blog, never on a site", async () => {
    const root = await signedIn("root@platform.test", "localhost");
    const saved = await root.post("/dashboard/post", {
      intent: "publish",
      version: 0,
      post: post("Console release notes"),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const list = await root.request("/dashboard/posts");
    expect(list.status).toBe(200);
    expect(await list.text()).toContain("Console release notes");

    const visitor = (host: string) => createClient(app, { host, ip: `10.69.1.${++ip}` });
    const blog = await visitor("localhost").request("/blog");
    expect(await blog.text()).toContain("Console release notes");
    expect(await (await visitor(siteHost).request("/blog")).text()).not.toContain(
      "Console release notes",
    );

    // The site's owner writes on their site; the platform's post is not theirs to see.
    const owner = await signedIn(`owner-${backend}@quill.test`, siteHost);
    const own = await owner.post("/dashboard/post", {
      intent: "publish",
      version: 0,
      post: post("Quill site news"),
    });
    expect(own.status).toBe(200);
    const ownList = await (await owner.request("/dashboard/posts")).text();
    expect(ownList).toContain("Quill site news");
    expect(ownList).not.toContain("Console release notes");
    expect(await (await root.request("/dashboard/posts")).text()).not.toContain("Quill site news");
    // A platform post has no comments to moderate: that tab stays a site's.
    expect((await root.request("/dashboard/posts/comments")).status).toBe(404);
  });
});
