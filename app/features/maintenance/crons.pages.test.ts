import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import { createAccount, createMember, createUserWithPassword } from "../../../tests/factories";
import { createClient } from "../../../tests/support/http-client";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestAppWithPages } from "../../../tests/support/test-server";

const password = "Crons-Kettle-Orbit-31";
const path = "/dashboard/maintenance/crons";

describe.each(logicBackends)("M8 /dashboard/maintenance/crons on %s", (backend) => {
  let db: TestDatabase;
  let made: Awaited<ReturnType<typeof createTestAppWithPages>>;
  let host = "";
  let ip = 0;

  /** Signed in on the site, or for the super-admin on the base domain, the console's host. */
  async function signedIn(email: string, at = email === "root@platform.test" ? "localhost" : host) {
    const client = createClient(made.app, { host: at, ip: `10.67.0.${++ip}` });
    const res = await client.post("/api/auth/sign-in/email", { email, password });
    expect(res.status, email).toBe(200);
    return client;
  }

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await upsertPlanCatalogue(db.database);
    made = await createTestAppWithPages(db.database);
    const account = await createAccount(db.database, { settings: { plan: "professional" } });
    host = `${account.slug}.localhost`;
    for (const [email, roleName] of [
      [`owner-${backend}@crons.test`, "site_owner"],
      [`student-${backend}@crons.test`, "student"],
      // SUPER_ADMIN_EMAILS of the test app.
      ["root@platform.test", "student"],
    ] as const) {
      const user = await createUserWithPassword(db.database, { email, name: roleName, password });
      await createMember(db.database, { accountId: account.accountId, roleName, user });
    }
  });
  afterAll(() => db?.dispose());

  test("M8 only super-admins open the crons screen and send its commands, on the base domain", async () => {
    const owner = await signedIn(`owner-${backend}@crons.test`);
    const student = await signedIn(`student-${backend}@crons.test`);
    const rootOnSite = await signedIn("root@platform.test", host);
    const root = await signedIn("root@platform.test");
    // On a site the console does not exist, for the super-admin signed in there too.
    for (const refused of [owner, student, rootOnSite]) {
      expect((await refused.request(path)).status).toBe(404);
      const command = { intent: "runNow", name: "auth.expired-sessions" };
      expect((await refused.post(path, command)).status).toBe(404);
    }
    const anonymous = await createClient(made.app, { host }).request(path);
    expect(anonymous.status).toBe(302);

    const page = await root.request(path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-testid="crons-table"');
    // The app's schedules, each with its cron in words.
    for (const name of [
      "auth.expired-sessions",
      "content.publish-due",
      "mail.outbox-cleanup",
      "orders.subscription-sweep",
    ]) {
      expect(html).toContain(`data-name="${name}"`);
    }
    expect(html).toContain("Hourly, at :23");
    expect(html).toContain("Every 5 min");
    // Nothing ran yet (the test app fires no schedule by itself).
    expect(html).toContain("Not run yet");
  });

  test("M8 a super-admin's run now runs the job once; invalid commands are refused", async () => {
    const root = await signedIn("root@platform.test");
    const jobs = made.services.jobs;
    expect(
      (await root.post(path, { intent: "runNow", name: "auth.expired-sessions" })).status,
    ).toBe(200);
    expect((await root.post(path, { intent: "runNow", name: "no.such-job" })).status).toBe(404);
    expect((await root.post(path, { intent: "runNow" })).status).toBe(400);
    expect((await root.post(path, { intent: "retry", jobId: "not-a-uuid" })).status).toBe(400);
    expect(
      (await root.post(path, { intent: "retry", jobId: "00000000-0000-4000-8000-000000000000" }))
        .status,
    ).toBe(200);
    await jobs.drain();
    const report = (await jobs.schedules()).find((s) => s.name === "auth.expired-sessions")!;
    expect(report.runs).toHaveLength(1);
    expect(report.lastRun).toMatchObject({
      state: "completed",
      trigger: "manual",
      result: { sessions: 0, verifications: 0 },
    });
    const html = await (await root.request(path)).text();
    expect(html).toMatch(/data-name="auth\.expired-sessions"[\s\S]*?data-state="completed"/);
    expect(html).toContain("Sessions removed: 0");
  });

  test("M8 a failed run shows its error; a super-admin's retry runs it again", async () => {
    const root = await signedIn("root@platform.test");
    const jobs = made.services.jobs;
    const last = async () =>
      (await jobs.schedules()).find((s) => s.name === "auth.expired-sessions")!.lastRun!;
    // The run of the test above, as if its handler had thrown.
    const { id } = await last();
    await db.database.owner.execute(
      sql`update pgboss.job set state = 'failed', completed_on = now(),
            output = ${JSON.stringify({ message: "database gone away", stack: "Error: database gone away\n    at sweep (cleanup.ts:1:1)" })}::jsonb
          where id = ${id}::uuid`,
    );
    const html = await (await root.request(path)).text();
    expect(html).toMatch(/data-name="auth\.expired-sessions"[\s\S]*?data-state="failed"/);
    expect(html).toContain("database gone away");
    expect(html).toContain("Retry: Expired sessions");
    const owner = await signedIn(`owner-${backend}@crons.test`);
    expect((await owner.post(path, { intent: "retry", jobId: id })).status).toBe(404);
    expect((await root.post(path, { intent: "retry", jobId: id })).status).toBe(200);
    await jobs.drain();
    expect(await last()).toMatchObject({ id, state: "completed", attempts: 2, error: null });
  });
});
