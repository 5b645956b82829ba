import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  backends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createJobQueue } from "~/platform/jobs/jobs.server";
import { createLogger } from "~/platform/logger.server";
import { createMailer, readOutbox } from "./mail.server";
import { mailOutbox } from "./tables.server";
import { renderMail } from "./templates.server";

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP peer on loopback: what nodemailer actually puts on the wire, no mocks. */
async function startSmtpPeer() {
  const received: Received[] = [];
  // The next this many messages are answered "451 try again later".
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (refusals > 0) {
          refusals -= 1;
          const busy = new Error("mailbox busy, try again later");
          return callback(Object.assign(busy, { responseCode: 451 }));
        }
        const from = session.envelope.mailFrom;
        received.push({
          from: from ? from.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    refuseNext: (count: number) => {
      refusals = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Undoes quoted-printable, which nodemailer uses for long or non-ASCII lines. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe("mail over SMTP", () => {
  let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
  let db: TestDatabase;

  beforeAll(async () => {
    [peer, db] = await Promise.all([startSmtpPeer(), createTestDatabase("pglite")]);
  });
  afterAll(async () => {
    await peer?.close();
    await db?.dispose();
  });

  test("a reset mail reaches the SMTP peer with its recipient, subject and link", async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${peer.port}/?ignoreTLS=true`,
      from: "Lyceum <no-reply@lyceum.test>",
      database: db.database,
    });
    expect(mailer.transport).toBe("smtp");
    const url = "https://demo.localhost/reset-password?token=tok3n-abc";
    const mail = renderMail({
      template: "resetPassword",
      lang: "en",
      vars: { siteName: "Demo School", url },
    });
    await mailer.send({ site: "demo.localhost", to: "learner@example.com", ...mail });

    expect(peer.received).toHaveLength(1);
    const [message] = peer.received;
    expect(message!.from).toBe("no-reply@lyceum.test");
    expect(message!.to).toEqual(["learner@example.com"]);
    expect(message!.raw).toMatch(/^Subject: Reset your password on Demo School\r?$/m);
    expect(message!.raw).toMatch(/^To: learner@example\.com\r?$/m);
    const body = decodeQuotedPrintable(message!.raw);
    expect(body).toContain(url);
    expect(body).toContain(`href="${url}"`);
    // SMTP delivery leaves nothing behind in the outbox.
    expect(await readOutbox(db.database)).toEqual([]);
  });

  test("I36 a calendar invitation travels as the mail's text/calendar part with its method", async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${peer.port}/?ignoreTLS=true`,
      from: "no-reply@lyceum.test",
      database: db.database,
    });
    const content = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:CANCEL\r\nEND:VCALENDAR\r\n";
    const before = peer.received.length;
    await mailer.send({
      site: "demo.localhost",
      to: "sam@example.com",
      subject: "Cancelled",
      text: "x",
      html: "<p>x</p>",
      calendar: { method: "CANCEL", content },
    });
    const raw = peer.received[before]!.raw;
    expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=CANCEL/i);
    expect(raw).toMatch(/filename=invite\.ics/);
  });

  test("a refused delivery rejects the send instead of passing silently", async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${peer.port}/?ignoreTLS=true`,
      from: "no-reply@lyceum.test",
      database: db.database,
    });
    const bad = mailer.send({
      site: "demo.localhost",
      to: "not an address",
      subject: "x",
      text: "x",
      html: "<p>x</p>",
    });
    await expect(bad).rejects.toThrow();
  });
});

describe.each(backends)("mail outbox on %s", (backend) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(() => db?.dispose());

  test("without SMTP a sent mail lands in the outbox, readable newest first and filtered", async () => {
    const { database } = db;
    const mailer = createMailer({ from: "no-reply@lyceum.test", database });
    expect(mailer.transport).toBe("outbox");
    const first = renderMail({
      template: "verifyEmail",
      lang: "fr",
      vars: { siteName: "Acme", url: "https://acme.localhost/verify?token=one" },
    });
    await mailer.send({ site: "acme.localhost", to: "Ada@Example.com", ...first });
    const second = renderMail({
      template: "resetPassword",
      lang: "en",
      vars: { siteName: "Acme", url: "https://acme.localhost/reset?token=two" },
    });
    await mailer.send({ site: "acme.localhost", to: "ada@example.com", ...second });
    await mailer.send({ site: "demo.localhost", to: "bob@example.com", ...second });

    const ada = await readOutbox(database, { to: "ada@example.com" });
    expect(ada.map((m) => m.subject)).toEqual([second.subject, first.subject]);
    expect(ada[1]).toMatchObject({
      site: "acme.localhost",
      toAddress: "Ada@Example.com",
      textBody: first.text,
      htmlBody: first.html,
    });
    expect(ada[1]!.createdAt).toBeInstanceOf(Date);
    expect(
      (await readOutbox(database, { site: "demo.localhost" })).map((m) => m.toAddress),
    ).toEqual(["bob@example.com"]);
    expect(await readOutbox(database)).toHaveLength(3);
    expect(await readOutbox(database, { to: "ada@example.com", site: "demo.localhost" })).toEqual(
      [],
    );
  });

  test("the request role cannot read, change or delete the outbox's one-time links", async () => {
    const { database } = db;
    const refused = { cause: { code: "42501" } };
    await expect(database.asApp((tx) => tx.select().from(mailOutbox))).rejects.toMatchObject(
      refused,
    );
    await expect(
      database.asApp((tx) => tx.execute(sql`update mail_outbox set subject = 'x'`)),
    ).rejects.toMatchObject(refused);
    await expect(
      database.asApp((tx) => tx.execute(sql`delete from mail_outbox`)),
    ).rejects.toMatchObject(refused);
    expect((await readOutbox(database)).length).toBeGreaterThan(0);
  });
});

describe("I37 mail through the job queue, the outbox as its record", () => {
  let db: TestDatabase;
  let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
  let queue: ReturnType<typeof createJobQueue>;
  const metered: { accountId: string; template?: string }[] = [];
  let mailer: ReturnType<typeof createMailer>;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    db = await createTestDatabase("pglite");
    queue = createJobQueue({
      database: db.database,
      logger: createLogger({ level: "silent" }),
      pollSeconds: 1,
    });
    mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${peer.port}?ignoreTLS=true`,
      from: "no-reply@lyceum.test",
      database: db.database,
      queue,
      retryDelaySeconds: 1,
      onSent: async (sent) => {
        metered.push(sent);
      },
    });
    await queue.start();
  });
  afterAll(async () => {
    await queue?.stop();
    await peer?.close();
    await db?.dispose();
  });

  const rowFor = async (to: string) =>
    (
      await db.database.owner
        .select()
        .from(mailOutbox)
        .where(sql`${mailOutbox.toAddress} = ${to}`)
    )[0]!;
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 150 && !(await check()); i++) await new Promise((r) => setTimeout(r, 100));
  };
  const message = (to: string) => ({
    site: "demo",
    to,
    subject: "Reset your password",
    text: "Open https://demo.lyceum.test/reset?token=one-time",
    html: "<p>Open <a href='https://demo.lyceum.test/reset?token=one-time'>the link</a></p>",
    accountId: "7a1d4c2e-0000-4000-8000-000000000001",
    template: "reset",
  });

  test("I37 a mail is queued with its record, sent by the job, marked sent with its one-time link emptied, and metered once", async () => {
    await mailer.send(message("ada@example.test"));
    expect((await rowFor("ada@example.test")).status).toMatch(/queued|sent/);
    await until(async () => (await rowFor("ada@example.test")).status === "sent");
    const row = await rowFor("ada@example.test");
    expect(row).toMatchObject({
      status: "sent",
      attempts: 1,
      lastError: null,
      textBody: "",
      htmlBody: "",
    });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(peer.received.filter((mail) => mail.to.includes("ada@example.test"))).toHaveLength(1);
    expect(metered).toEqual([
      { accountId: "7a1d4c2e-0000-4000-8000-000000000001", template: "reset" },
    ]);
    // The outbox screen lists mail kept instead of sent, not this record.
    expect(await readOutbox(db.database, { to: "ada@example.test" })).toEqual([]);
  });

  test("I37 a server that answers 451 gets the mail again later: the record keeps the attempt and its answer", async () => {
    peer.refuseNext(1);
    await mailer.send(message("bob@example.test"));
    await until(async () => (await rowFor("bob@example.test")).attempts >= 1);
    const refused = await rowFor("bob@example.test");
    expect(refused.lastError).toContain("try again later");
    await until(async () => (await rowFor("bob@example.test")).status === "sent");
    expect(await rowFor("bob@example.test")).toMatchObject({
      status: "sent",
      attempts: 2,
      lastError: null,
    });
    expect(peer.received.filter((mail) => mail.to.includes("bob@example.test"))).toHaveLength(1);
  });
});
