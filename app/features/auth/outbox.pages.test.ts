import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { mailOutbox } from "~/platform/mail/tables.server";
import { createAccount, createMember, createUserWithPassword } from "../../../tests/factories";
import { createClient } from "../../../tests/support/http-client";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestAppWithPages } from "../../../tests/support/test-server";

const password = "Outbox-Record-Lantern-31";
const superAdminEmail = "root@outbox.test";

// Issue 37: mail goes through the job queue, and the outbox screen is its record: what was
// kept (no relay), queued, sent, or failed after its retries, and why.
describe.each(logicBackends)("I37 the outbox screen is the mail's record on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  let ip = 0;

  const page = async (path: string, email = superAdminEmail) => {
    const client = createClient(app, { host: "localhost", ip: `10.91.0.${++ip}` });
    const signIn = await client.post("/api/auth/sign-in/email", { email, password });
    expect(signIn.status).toBe(200);
    const res = await client.request(path);
    // React's text separators out, so a line reads as the person sees it.
    return { status: res.status, html: (await res.text()).replaceAll("<!-- -->", "") };
  };

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    ({ app } = await createTestAppWithPages(db.database, { SUPER_ADMIN_EMAILS: superAdminEmail }));
    const hq = await createAccount(db.database, { slug: `outboxhq${backend}` });
    const root = await createUserWithPassword(db.database, { email: superAdminEmail, password });
    await createMember(db.database, { accountId: hq.accountId, user: root });
    const mail = (to: string, subject: string) => ({
      site: "demo",
      toAddress: to,
      subject,
      textBody: `Your one-time link for ${subject}`,
      htmlBody: "<p>link</p>",
    });
    await db.database.owner.insert(mailOutbox).values([
      mail("kept@outbox.test", "Kept mail"),
      {
        ...mail("queued@outbox.test", "Queued mail"),
        status: "queued",
        attempts: 2,
        lastError: "421 try later",
      },
      {
        ...mail("sent@outbox.test", "Sent mail"),
        status: "sent",
        attempts: 1,
        sentAt: new Date(),
        textBody: "",
        htmlBody: "",
      },
      {
        ...mail("failed@outbox.test", "Failed mail"),
        status: "failed",
        attempts: 7,
        lastError: "550 mailbox unavailable",
      },
    ]);
  });
  afterAll(() => db?.dispose());

  test("I37 every delivery state is listed with its attempts and last error", async () => {
    const { status, html } = await page("/dashboard/maintenance/outbox");
    expect(status).toBe(200);
    for (const subject of ["Kept mail", "Queued mail", "Sent mail", "Failed mail"])
      expect(html).toContain(subject);
    // Shown on the closed entry: no need to open each mail to see why it failed.
    expect(html).toMatch(/Attempts: 7[^<]*Last error: 550 mailbox unavailable/);
    expect(html).toMatch(/Attempts: 1[^<]*sent /);
    // A mail for an SMTP server is its recipient's: only kept mail shows its text.
    expect(html).toContain("Your one-time link for Kept mail");
    expect(html).not.toContain("Your one-time link for Queued mail");
    expect(html).not.toContain("Your one-time link for Failed mail");
  });

  test("I37 the record filters by delivery state; an unknown one shows all", async () => {
    const failed = (await page("/dashboard/maintenance/outbox?status=failed")).html;
    expect(failed).toContain("Failed mail");
    expect(failed).not.toContain("Sent mail");
    expect(failed).not.toContain("Kept mail");
    const sent = (await page("/dashboard/maintenance/outbox?status=sent")).html;
    expect(sent).toContain("Sent mail");
    expect(sent).not.toContain("Failed mail");
    const odd = await page("/dashboard/maintenance/outbox?status=nonsense");
    expect(odd.status).toBe(200);
    expect(odd.html).toContain("Failed mail");
    expect(odd.html).toContain("Kept mail");
    expect((await page("/dashboard/maintenance/outbox?status=%00")).status).toBe(400);
  });
});
