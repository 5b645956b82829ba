import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  createAccount,
  createCourse,
  createMember,
  createPage,
  createPost,
  createUserWithPassword,
} from "../../../tests/factories";
import { createClient } from "../../../tests/support/http-client";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestApp } from "../../../tests/support/test-server";
import type { SearchResults } from "./validation";

const password = "Search-Lantern-Orchid-42";

describe.each(logicBackends)("P10 site search API on %s", (backend) => {
  let db: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let host: string;
  let otherHost: string;
  let ip = 0;
  const visitor = (on = host) => createClient(app, { host: on, ip: `10.88.0.${++ip}` });
  const search = async (query: string, client = visitor()) => {
    const res = await client.request(`/api/search?${query}`);
    return { status: res.status, body: (await res.json()) as SearchResults & { error?: unknown } };
  };

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = createTestApp(db.database).app;
    const account = await createAccount(db.database, { slug: `find${backend}` });
    const other = await createAccount(db.database, { slug: `rival${backend}` });
    host = `${account.slug}.localhost`;
    otherHost = `${other.slug}.localhost`;
    const accountId = account.accountId;
    await createCourse(db.database, {
      accountId,
      title: "Intro to Python",
      slug: "intro-python",
      // Stored as the course builder's rich text; the hit shows its words.
      description: "<p>Variables, <strong>loops</strong> &amp; functions.</p>",
    });
    await createCourse(db.database, { accountId, title: "Advanced Python Patterns" });
    await createCourse(db.database, { accountId, title: "Python drafts", status: "draft" });
    for (let n = 1; n <= 12; n++)
      await createCourse(db.database, { accountId, title: `Watercolour ${n}` });
    await createPost(db.database, { accountId, title: "Why Python reads well", slug: "why" });
    await createPost(db.database, { accountId, title: "100% off_sale notes", slug: "sale" });
    await createPage(db.database, { accountId, title: "Python FAQ", slug: "faq" });
    await createPage(db.database, { accountId, title: "Python setup", slug: "setup", kind: "doc" });
    await createCourse(db.database, { accountId: other.accountId, title: "Rival Python course" });
    const member = await createUserWithPassword(db.database, {
      email: `pythonista-${backend}@find.test`,
      name: "Petra Pythonista",
      password,
    });
    await createMember(db.database, { accountId, roleName: "student", user: member });
    const outsider = await createUserWithPassword(db.database, {
      email: `outsider-${backend}@find.test`,
      name: "Oscar Outsider",
      password,
    });
    await createMember(db.database, { accountId: other.accountId, user: outsider });
  });
  afterAll(() => db?.dispose());

  test("P10 finds published courses, posts, pages and docs of this account by title", async () => {
    const { status, body } = await search("q=python&type=all");
    expect(status).toBe(200);
    expect(body.hits.courses.map((hit) => hit.title)).toEqual([
      "Intro to Python",
      "Advanced Python Patterns",
    ]);
    expect(body.hits.courses[0]).toMatchObject({
      url: "/course/intro-python",
      detail: "Variables, loops & functions.",
    });
    expect(body.hits.blog).toEqual([expect.objectContaining({ url: "/blog/why" })]);
    expect(body.hits.pages.map((hit) => hit.url).sort()).toEqual(["/docs/setup", "/faq"]);
    // Another account's course and a draft are never found.
    expect(JSON.stringify(body)).not.toContain("Rival");
    expect(JSON.stringify(body)).not.toContain("drafts");
  });

  test("P10 spaces arrive as + and every word must appear, in any order", async () => {
    const both = await search("q=python+intro");
    expect(both.body.hits.courses.map((hit) => hit.title)).toEqual(["Intro to Python"]);
    expect(both.body.term).toBe("python intro");
    const none = await search("q=python+watercolour");
    expect(none.body.hits.courses).toEqual([]);
  });

  test("P10 at most 9 results per type", async () => {
    const { body } = await search("q=watercolour&type=courses");
    expect(body.hits.courses).toHaveLength(9);
    expect(body.hits.blog).toEqual([]);
  });

  test("P10 a scope searches only its type", async () => {
    const { body } = await search("q=python&type=blog");
    expect(body.hits.courses).toEqual([]);
    expect(body.hits.blog).toHaveLength(1);
  });

  test("P10 LIKE wildcards in the term are plain characters", async () => {
    expect((await search("q=100%25")).body.hits.blog).toHaveLength(1);
    expect((await search("q=off_sale")).body.hits.blog).toHaveLength(1);
    expect((await search("q=%25")).body.hits.blog).toHaveLength(1);
    expect((await search("q=_")).body.hits.blog).toHaveLength(1);
    expect((await search("q=Pyth%25")).body.hits.courses).toEqual([]);
  });

  test("P10 members are found by name for signed-in members only", async () => {
    const anonymous = await search("q=petra&type=members");
    expect(anonymous.body.hits.members).toEqual([]);
    expect(anonymous.body.membersNeedSignIn).toBe(true);

    const client = visitor();
    const signIn = await client.post("/api/auth/sign-in/email", {
      email: `pythonista-${backend}@find.test`,
      password,
    });
    expect(signIn.status).toBe(200);
    const member = await search("q=petra&type=members", client);
    expect(member.body.membersNeedSignIn).toBe(false);
    expect(member.body.hits.members).toEqual([
      expect.objectContaining({ title: "Petra Pythonista", url: expect.stringMatching(/\?to=/) }),
    ]);
    // Only the name, slug-based link and picture: never the e-mail address.
    expect(JSON.stringify(member.body)).not.toContain("@find.test");
    // Another account's member stays unknown here.
    expect((await search("q=oscar&type=members", client)).body.hits.members).toEqual([]);
  });

  test("P10 an empty or oversized term, or an unknown type, is a clear 400", async () => {
    for (const query of ["q=", "q=%20%20", `q=${"x".repeat(101)}`, "q=python&type=groups"]) {
      const { status, body } = await search(query);
      expect(status).toBe(400);
      expect(body.error).toMatchObject({ code: "request.invalid" });
    }
  });

  test("P10 the same term on another account's host finds that account's rows only", async () => {
    const { body } = await search("q=python", visitor(otherHost));
    expect(body.hits.courses.map((hit) => hit.title)).toEqual(["Rival Python course"]);
    expect(body.hits.blog).toEqual([]);
  });

  test("P10 the search function sees nothing without an account in the transaction", async () => {
    const rows = await db.database.asApp((tx) =>
      tx.execute(sql`select * from search_site('python', array['courses','blog','pages'], 9)`),
    );
    expect(rows.rows).toEqual([]);
  });

  test("P10 the search function belongs to the search role, so its trigram indexes are used", async () => {
    // Row-level security keeps ILIKE out of index conditions; the function's owner skips the
    // policies and applies the account rule itself (drizzle/0011_search.sql).
    const { rows } = await db.database.owner.execute<{ owner: string; bypass: boolean }>(
      sql`select r.rolname as owner, r.rolbypassrls as bypass from pg_proc p
            join pg_roles r on r.oid = p.proowner where p.proname = 'search_site'`,
    );
    expect(rows[0]).toEqual({ owner: "lyceum_search", bypass: true });
  });
});
