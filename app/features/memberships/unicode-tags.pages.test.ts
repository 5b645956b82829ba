import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  createAccount,
  createMember,
  createPost,
  createUserWithPassword,
} from "../../../tests/factories";
import { createClient } from "../../../tests/support/http-client";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestAppWithPages } from "../../../tests/support/test-server";

const password = "Quartz-Harbour-Lantern-42";
let lastOctet = 1;
const freshIp = () => `10.45.${Math.floor(lastOctet / 250)}.${(lastOctet++ % 250) + 1}`;
const path = (...parts: string[]) => "/" + parts.map(encodeURIComponent).join("/");

/** Per script: the members-only tag (A), another tag (B), and a post with each. */
const scripts = [
  { name: "Arabic", a: "مميز", b: "عام", protectedSlug: "درس-مميز", openSlug: "درس-عام" },
  {
    name: "Russian",
    a: "Премиум",
    b: "Новости",
    protectedSlug: "премиум-урок",
    openSlug: "новости-недели",
  },
  { name: "Chinese", a: "高级", b: "新闻", protectedSlug: "高级课程", openSlug: "本周新闻" },
];

/*
 * I31-12, decision 045: slugs keep every script. A members-only rule on one tag covers the posts
 * with that tag only (before, "مميز", "Премиум" and "高级" all slugged to "" and one rule covered
 * them all); archives and posts answer at their percent-encoded Unicode addresses.
 */
describe.each(logicBackends)("I31-12 Unicode tags and slugs over HTTP on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  let host = "";
  const visitor = () => createClient(app, { host, ip: freshIp() });

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = (await createTestAppWithPages(db.database)).app;
    const site = await createAccount(db.database);
    host = `${site.slug}.localhost`;
    const email = `owner-${site.slug}@example.test`;
    const user = await createUserWithPassword(db.database, {
      email,
      name: "مالك الموقع",
      password,
    });
    await createMember(db.database, { accountId: site.accountId, roleName: "site_owner", user });
    for (const script of scripts) {
      await createPost(db.database, {
        accountId: site.accountId,
        title: `${script.name} members`,
        slug: script.protectedSlug,
        content: `<p>${script.name} secret body</p>`,
        tags: [script.a],
      });
      await createPost(db.database, {
        accountId: site.accountId,
        title: `${script.name} news`,
        slug: script.openSlug,
        content: `<p>${script.name} open body</p>`,
        tags: [script.b],
      });
    }
    await createPost(db.database, {
      accountId: site.accountId,
      title: "Accented",
      slug: "accented",
      tags: ["Café"],
    });
  });
  afterAll(() => db?.dispose());

  test("I31-12 an owner saves a level with an Arabic slug and a rule per script's tag A", async () => {
    const owner = createClient(app, { host, ip: freshIp() });
    const signIn = await owner.post("/api/auth/sign-in/email", {
      email: `owner-${host.split(".")[0]}@example.test`,
      password,
    });
    expect(signIn.status).toBe(200);
    const saved = await owner.post("/api/memberships", {
      name: "ذهبي",
      slug: "ذهبي",
      description: "",
      durationDays: null,
      status: "active",
      position: 0,
      rules: scripts.map((script) => ({ resource: "post_tag", tag: script.a })),
    });
    expect(saved.status).toBe(201);
    // The owner's member slug keeps their Arabic name too (it was "member" before).
    const slugs = await db.database.owner.execute<{ slug: string }>(
      `select slug from members where email like 'owner-%'`,
    );
    expect(slugs.rows.map((row) => row.slug)).toContain("مالك-الموقع");
  });

  test.each(scripts)(
    "I31-12 $name: the post with tag A is members-only, the post with tag B is open",
    async (script) => {
      const closed = await visitor().request(path("blog", script.protectedSlug));
      expect(closed.status).toBe(200);
      expect(await closed.text()).not.toContain(`${script.name} secret body`);
      const open = await visitor().request(path("blog", script.openSlug));
      expect(open.status).toBe(200);
      expect(await open.text()).toContain(`${script.name} open body`);
    },
  );

  test.each(scripts)(
    "I31-12 $name: each tag has its own archive at its percent-encoded address",
    async (script) => {
      const a = await visitor().request(path("blog", "tag", script.a.toLowerCase()));
      expect(a.status).toBe(200);
      const aHtml = await a.text();
      expect(aHtml).toContain(`${script.name} members`);
      expect(aHtml).not.toContain(`${script.name} news`);
      const b = await visitor().request(path("blog", "tag", script.b.toLowerCase()));
      expect(b.status).toBe(200);
      expect(await b.text()).toContain(`${script.name} news`);
    },
  );

  test("I31-12 an accentless archive address from before decision 045 moves to the new one", async () => {
    const old = await visitor().request("/blog/tag/cafe");
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe("/blog/tag/caf%C3%A9");
    expect((await visitor().request("/blog/tag/caf%C3%A9")).status).toBe(200);
    // A decomposed "é" is the same archive, in its one canonical form.
    const decomposed = await visitor().request("/blog/tag/cafe%CC%81");
    expect(decomposed.status).toBe(301);
    expect(decomposed.headers.get("location")).toBe("/blog/tag/caf%C3%A9");
  });
});
