// Issue 35 the Members screens as a browser reaches them (the production build): the list, a
// member's page and the CSV behind the managers' check, a command's bad input answered 400, and a
// suspension that shuts the member's dashboard on their very next request.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import { createAccount, createMember, createUserWithPassword } from "../../../tests/factories";
import { createClient } from "../../../tests/support/http-client";
import {
  createTestDatabase,
  logicBackends,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestAppWithPages } from "../../../tests/support/test-server";

const password = "Members-Lantern-Copper-35";

describe.each(logicBackends)("Issue 35 the Members screens' pages on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  let host = "";
  let ip = 0;
  const people = { owner: "", student: "" };
  const emails = {
    owner: `owner-${backend}@members.test`,
    student: `student-${backend}@members.test`,
  };

  async function signedIn(email: string) {
    const client = createClient(app, { host, ip: `10.35.0.${++ip}` });
    const res = await client.post("/api/auth/sign-in/email", { email, password });
    expect(res.status, email).toBe(200);
    return client;
  }

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await upsertPlanCatalogue(db.database);
    app = (await createTestAppWithPages(db.database)).app;
    const account = await createAccount(db.database, {
      slug: `members${backend}`,
      settings: { plan: "professional", features: ["lms", "groups"] },
    });
    host = `${account.slug}.localhost`;
    for (const [who, roleName, name] of [
      ["owner", "site_owner", "Olive Owner"],
      ["student", "student", "=Stan Student"],
    ] as const) {
      const user = await createUserWithPassword(db.database, {
        email: emails[who],
        name,
        password,
      });
      await createMember(db.database, { accountId: account.accountId, roleName, user });
      people[who] = user.id;
    }
  }, 120_000);
  afterAll(() => db?.dispose());

  test("Issue 35 the list, a member's page and the CSV open for managers only", async () => {
    const owner = await signedIn(emails.owner);
    const student = await signedIn(emails.student);
    const list = await owner.request("/dashboard/manage/users?q=stan");
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain('data-testid="members-screen"');
    expect(html).toContain("Stan Student");
    expect(html).not.toContain("Olive Owner</p>");
    expect(html).not.toContain('data-testid="invites"');
    // An invitation waits on the screen, with its role, until withdrawn (decision 074).
    const invited = await owner.post("/dashboard/manage/users", {
      intent: "invite",
      emails: ["ina.invited@example.test"],
      role: "instructor",
    });
    expect(invited.status).toBe(200);
    const waiting = await (await owner.request("/dashboard/manage/users")).text();
    expect(waiting).toContain('data-testid="invites"');
    expect(waiting).toContain("ina.invited@example.test");
    const revoke = { intent: "revokeInvite", email: "ina.invited@example.test" };
    expect((await student.post("/dashboard/manage/users", revoke)).status).toBe(403);
    expect((await owner.post("/dashboard/manage/users", revoke)).status).toBe(200);
    expect((await owner.post("/dashboard/manage/users", revoke)).status).toBe(404);
    expect(await (await owner.request("/dashboard/manage/users")).text()).not.toContain(
      "ina.invited@example.test",
    );
    const page = await owner.request(`/dashboard/manage/user?id=${people.student}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('data-testid="member-screen"');
    const bare = await owner.request("/dashboard/manage/user");
    expect(bare.status).toBe(302);
    expect(bare.headers.get("location")).toBe("/dashboard/manage/users");
    expect((await owner.request("/dashboard/manage/user?id=nobody")).status).toBe(404);
    const csv = await owner.request("/dashboard/manage/users.csv?role=student");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const text = await csv.text();
    expect(text).toContain("name,email,role,joined,last_seen,status");
    // The name starts with "=": a spreadsheet reads it as text.
    expect(text).toContain(`"'=Stan Student",${emails.student},student,`);
    expect(text).not.toContain(emails.owner);
    for (const path of [
      "/dashboard/manage/users",
      `/dashboard/manage/user?id=${people.owner}`,
      "/dashboard/manage/users.csv",
    ])
      expect((await student.request(path)).status, path).toBe(403);
    expect(
      (await student.post("/dashboard/manage/user", { intent: "suspend", userId: people.owner }))
        .status,
    ).toBe(403);
  });

  test("Issue 35 a suspension answers at once: the member's next request finds no dashboard", async () => {
    const owner = await signedIn(emails.owner);
    const student = await signedIn(emails.student);
    expect((await student.request("/dashboard")).status).toBe(200);
    // The member's page posts its commands to itself (its address names the member).
    const at = `/dashboard/manage/user?id=${people.student}`;
    expect((await owner.post(at, { intent: "suspend" })).status).toBe(400);
    const suspended = await owner.post(at, { intent: "suspend", userId: people.student });
    expect(suspended.status).toBe(200);
    expect((await student.request("/dashboard")).status).toBe(403);
    const listed = await (await owner.request("/dashboard/manage/users?status=suspended")).text();
    expect(listed).toContain("Stan Student");
    await owner.post(at, { intent: "reinstate", userId: people.student });
    expect((await student.request("/dashboard")).status).toBe(200);
  });
});
