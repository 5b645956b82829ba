import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PLATFORM_ACCOUNT_ID } from "~/features/accounts/accounts.server";
import {
  createAccount,
  createMember,
  createPage,
  createUserWithPassword,
} from "../../../tests/factories";
import { createClient } from "../../../tests/support/http-client";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestAppWithPages } from "../../../tests/support/test-server";
import { getPage, listDocs } from "./pages.server";
import { pages } from "./tables.server";

const password = "Platform-Lantern-Quill-52";
// SUPER_ADMIN_EMAILS of the test app (tests/support/test-server.ts).
const rootEmail = "root@platform.test";

const docSave = (title: string, kind: "doc" | "page" = "doc") => ({
  intent: "publish",
  version: 0,
  page: {
    title,
    slug: "",
    kind,
    description: `About ${title}`,
    data: {
      root: { props: {} },
      content: [{ type: "Text", props: { id: "t", text: `The text of ${title}.` } }],
    },
    seoTitle: "",
    seoDescription: "",
    seoImage: "",
  },
});

describe.each(logicBackends)("I14 the platform's docs over HTTP on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  let siteHost: string;
  let siteDocId: string;
  let ip = 0;
  const ownerEmail = `owner-${backend}@platform-docs.test`;

  /** Signed in on the site; the super-admin on the base domain, the console's host (decision 037). */
  async function signedIn(email: string) {
    const host = email === rootEmail ? "localhost" : siteHost;
    const client = createClient(app, { host, ip: `10.67.0.${++ip}` });
    const res = await client.post("/api/auth/sign-in/email", { email, password });
    expect(res.status, email).toBe(200);
    return client;
  }
  const anonymous = (host: string) => createClient(app, { host, ip: `10.67.1.${++ip}` });

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = (await createTestAppWithPages(db.database)).app;
    const site = await createAccount(db.database, { slug: `docsite${backend}` });
    siteHost = `${site.slug}.localhost`;
    const user = await createUserWithPassword(db.database, {
      email: ownerEmail,
      name: "Owner",
      password,
    });
    await createMember(db.database, { accountId: site.accountId, roleName: "site_owner", user });
    await createUserWithPassword(db.database, { email: rootEmail, name: "Root", password });
    siteDocId = (
      await createPage(db.database, { accountId: site.accountId, kind: "doc", slug: "site-doc" })
    ).id;
  });
  afterAll(() => db?.dispose());

  test("I14 a super-admin publishes a platform doc at /dashboard/docs; anyone reads it at the base domain's /docs", async () => {
    const root = await signedIn(rootEmail);
    const screen = await root.request("/dashboard/docs");
    expect(screen.status).toBe(200);
    expect(await screen.text()).toContain("Platform docs");
    const saved = await root.post("/dashboard/docs/new", docSave("Reading the platform docs"));
    expect(saved.status).toBe(200);
    const slug = "reading-the-platform-docs";
    const stored = await listDocs(db.database, { accountId: PLATFORM_ACCOUNT_ID });
    expect(stored.map((doc) => doc.slug)).toContain(slug);

    const index = await anonymous("localhost").request("/docs");
    expect(index.status).toBe(200);
    const indexHtml = await index.text();
    expect(indexHtml).toContain("Reading the platform docs");
    expect(indexHtml).toContain("About Reading the platform docs");
    const doc = await anonymous("localhost").request(`/docs/${slug}`);
    expect(doc.status).toBe(200);
    const html = await doc.text();
    expect(html).toContain("<title>Reading the platform docs · Lyceum</title>");
    expect(html).toContain("The text of Reading the platform docs.");
    expect(html).toContain('data-testid="docs-sidebar"');
    const sitemap = await (await anonymous("localhost").request("/sitemap.xml")).text();
    expect(sitemap).toContain(`<loc>http://localhost/docs/${slug}</loc>`);

    // Not a site's doc, and the reserved account has no site of its own.
    expect((await anonymous(siteHost).request(`/docs/${slug}`)).status).toBe(404);
    expect((await anonymous("platform.localhost").request(`/docs/${slug}`)).status).toBe(404);
    expect((await anonymous("platform.localhost").request("/")).status).toBe(404);
  });

  test("I14 a site's owner is refused the platform's docs: the screens and every action", async () => {
    const root = await signedIn(rootEmail);
    await root.post("/dashboard/docs/new", docSave("Owners keep out"));
    const doc = await getPage(db.database, {
      accountId: PLATFORM_ACCOUNT_ID,
      slug: "owners-keep-out",
      kind: "doc",
    });
    expect(doc).not.toBeNull();
    const id = (await listPlatformDocIds()).get("owners-keep-out")!;

    const owner = await signedIn(ownerEmail);
    for (const path of ["/dashboard/docs", "/dashboard/docs/new", `/dashboard/docs/${id}`])
      // The console is the base domain's: on a site it does not exist.
      expect((await owner.request(path)).status, path).toBe(404);
    const actions: [string, unknown][] = [
      ["/dashboard/docs/new", docSave("Sneaked in")],
      [`/dashboard/docs/${id}`, { intent: "trash" }],
      [`/dashboard/docs/${id}`, { ...docSave("Rewritten"), version: 1 }],
      ["/dashboard/docs", { id, intent: "trash" }],
      ["/dashboard/docs", { intent: "reorderDocs", docs: [{ id, parentId: null, position: 9 }] }],
    ];
    for (const [path, body] of actions)
      expect((await owner.post(path, body)).status, path).toBe(404);
    expect(
      await getPage(db.database, {
        accountId: PLATFORM_ACCOUNT_ID,
        slug: "owners-keep-out",
        kind: "doc",
      }),
    ).toMatchObject({ title: "Owners keep out" });
    expect(
      await getPage(db.database, {
        accountId: PLATFORM_ACCOUNT_ID,
        slug: "sneaked-in",
        kind: "doc",
      }),
    ).toBeNull();
    // The owner's own pages screen shows the site's docs, not the platform's.
    const list = await (await owner.request("/dashboard/pages?kind=doc")).text();
    expect(list).not.toContain("Owners keep out");
  });

  test("I14 the platform's screens hold the platform's docs only", async () => {
    const root = await signedIn(rootEmail);
    expect(
      (await root.post("/dashboard/docs/new", docSave("A platform page", "page"))).status,
    ).toBe(400);
    // A site's doc is not the platform's: its id opens nothing there.
    expect((await root.request(`/dashboard/docs/${siteDocId}`)).status).toBe(404);
    // Nor is a site's pages screen on the base domain.
    expect((await root.request(`/dashboard/pages/${siteDocId}`)).status).toBe(404);
  });

  async function listPlatformDocIds() {
    const rows = await db.database.forAccount(PLATFORM_ACCOUNT_ID, (tx) =>
      tx.select({ id: pages.id, slug: pages.slug }).from(pages),
    );
    return new Map(rows.map((row) => [row.slug, row.id]));
  }
});
