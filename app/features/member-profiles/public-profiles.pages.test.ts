// Issue 35 public member profiles (decision 071) through the production build: a member's page at
// /members/{slug} answers visitors only while the site allows public profiles and the member
// chose to show theirs (never a suspended member's, never another site's), with their own words
// escaped; the profile's own fields are checked at the boundary.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { certificates } from "~/features/certificates/tables.server";
import { members } from "~/features/members/tables.server";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import {
  createAccount,
  createCourse,
  createMember,
  createUserWithPassword,
} from "../../../tests/factories";
import { createClient } from "../../../tests/support/http-client";
import {
  createTestDatabase,
  logicBackends,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestAppWithPages } from "../../../tests/support/test-server";

const password = "Profiles-Harbour-Willow-35";

describe.each(logicBackends)("Issue 35 public member profiles on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  let accountId = "";
  let host = "";
  let otherHost = "";
  let ip = 0;
  let slug = "";
  let studentId = "";
  const emails = {
    owner: `owner-${backend}@profiles.test`,
    student: `sam-${backend}@profiles.test`,
  };

  const client = (at = host) => createClient(app, { host: at, ip: `10.71.0.${++ip}` });
  async function signedIn(email: string) {
    const browser = client();
    expect((await browser.post("/api/auth/sign-in/email", { email, password })).status).toBe(200);
    return browser;
  }
  const visit = (at = host) => client(at).request(`/members/${slug}`);
  const setSite = (owner: ReturnType<typeof client>, visible: boolean, open: boolean) =>
    owner.post("/dashboard/manage/users", { intent: "profiles", visible, public: open });

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await upsertPlanCatalogue(db.database);
    app = (await createTestAppWithPages(db.database)).app;
    const settings = { plan: "professional", features: ["lms", "groups"] as ("lms" | "groups")[] };
    const account = await createAccount(db.database, { slug: `profiles${backend}`, settings });
    const other = await createAccount(db.database, { slug: `elsewhere${backend}`, settings });
    accountId = account.accountId;
    host = `${account.slug}.localhost`;
    otherHost = `${other.slug}.localhost`;
    for (const [email, roleName, name] of [
      [emails.owner, "site_owner", "Olive Owner"],
      [emails.student, "student", "Sam Solder"],
    ] as const) {
      const user = await createUserWithPassword(db.database, { email, name, password });
      await createMember(db.database, { accountId, roleName, user });
      if (roleName === "student") {
        studentId = user.id;
        // The same person on another site, under the same address name.
        await createMember(db.database, { accountId: other.accountId, roleName, user });
      }
    }
    const course = await createCourse(db.database, {
      accountId,
      title: "Soldering basics",
      slug: "soldering",
    });
    await db.database.forAccount(accountId, async (tx) => {
      const [row] = await tx
        .select({ slug: members.slug })
        .from(members)
        .where(and(eq(members.accountId, accountId), eq(members.userId, studentId)));
      slug = row!.slug;
      await tx.insert(certificates).values({
        accountId,
        code: "SOLDER35",
        courseId: course.id,
        userId: studentId,
        studentName: "Sam Solder",
        courseTitle: "Soldering basics",
      });
    });
  }, 120_000);
  afterAll(() => db?.dispose());

  test("Issue 35 a member's public profile shows only where the site and the member allow it", async () => {
    const owner = await signedIn(emails.owner);
    const sam = await signedIn(emails.student);
    expect((await visit()).status).toBe(404);

    const saved = await sam.post("/api/account/profile", {
      bio: "Robots & <b>solder</b>\nEvery Friday.",
      links: ["https://www.sam-solders.example/robots/", "https://social.example/@sam?x=1&y=2"],
      profilePublic: true,
    });
    expect(saved.status).toBe(200);
    // The member chose it, the site does not allow it yet.
    expect((await visit()).status).toBe(404);
    const own = await (await sam.request("/dashboard/profile")).text();
    expect(own).toContain('data-testid="own-profile"');
    expect(own).toContain("This site keeps profiles for its members only.");

    expect((await setSite(sam, true, true)).status).toBe(403);
    expect((await setSite(owner, true, true)).status).toBe(200);
    const page = await visit();
    expect(page.status).toBe(200);
    expect(page.headers.get("x-robots-tag")).toBe("noindex");
    expect(page.headers.get("cache-control")).toContain("no-store");
    const html = await page.text();
    expect(html).toContain('data-testid="public-profile"');
    expect(html).toContain("Sam Solder");
    expect(html).toContain("Robots &amp; &lt;b&gt;solder&lt;/b&gt;");
    expect(html).not.toContain("<b>solder</b>");
    expect(html).toContain('href="/certificates/SOLDER35"');
    expect(html).toContain("Soldering basics");
    expect(html).toContain('<meta name="robots" content="noindex"');
    // Their links, by host and path, followed by no search engine (decision 074).
    const links = [...html.matchAll(/<a [^>]*rel="me nofollow ugc noopener noreferrer"[^>]*>/g)];
    expect(links.map(([tag]) => /href="([^"]+)"/.exec(tag)?.[1])).toEqual([
      "https://www.sam-solders.example/robots/",
      "https://social.example/@sam?x=1&amp;y=2",
    ]);
    expect(html).toContain("sam-solders.example/robots<");
    // The members' screen links the page; another site's member of the same name has none.
    expect(await (await sam.request(`/dashboard/members/${slug}`)).text()).toContain(
      `href="/members/${slug}"`,
    );
    expect((await visit(otherHost)).status).toBe(404);

    // Suspended, the page goes at once; reinstated, it is back.
    const at = `/dashboard/manage/user?id=${studentId}`;
    expect((await owner.post(at, { intent: "suspend", userId: studentId })).status).toBe(200);
    expect((await visit()).status).toBe(404);
    await owner.post(at, { intent: "reinstate", userId: studentId });
    expect((await visit()).status).toBe(200);

    // The member hides it again; then the site closes public profiles altogether.
    expect((await sam.post("/api/account/profile", { profilePublic: false })).status).toBe(200);
    expect((await visit()).status).toBe(404);
    await sam.post("/api/account/profile", { profilePublic: true });
    expect((await setSite(owner, true, false)).status).toBe(200);
    expect((await visit()).status).toBe(404);
    expect((await client().request("/members/nobody-at-all")).status).toBe(404);
  });

  test("Issue 35 a profile's own fields are checked at the boundary", async () => {
    const sam = await signedIn(emails.student);
    expect((await client().post("/api/account/profile", { bio: "Hi" })).status).toBe(401);
    for (const body of [
      {},
      { bio: "x".repeat(501) },
      { profilePublic: "yes" },
      { name: "" },
      { bio: 42 },
      { links: ["javascript:alert(1)"] },
      { links: ["data:text/html,hi"] },
      { links: ["https://localhost"] },
      { links: ["not a link"] },
      {
        links: ["https://a.example", "https://b.example", "https://c.example", "https://d.example"],
      },
      { links: [`https://a.example/${"x".repeat(300)}`] },
      { links: "https://a.example" },
      [],
    ])
      expect((await sam.post("/api/account/profile", body)).status, JSON.stringify(body)).toBe(400);
    const form = await sam.request("/api/account/profile", {
      method: "POST",
      form: { bio: "hello" },
    });
    expect([400, 415]).toContain(form.status);
    expect(
      (
        await sam.post("/api/account/profile", {
          bio: "  Trimmed  ",
          links: [" https://a.example "],
        })
      ).status,
    ).toBe(200);
    const [row] = await db.database.forAccount(accountId, (tx) =>
      tx
        .select({ bio: members.bio, name: members.name, links: members.links })
        .from(members)
        .where(and(eq(members.accountId, accountId), eq(members.userId, studentId))),
    );
    expect(row).toEqual({ bio: "Trimmed", name: "Sam Solder", links: ["https://a.example"] });
  });
});
