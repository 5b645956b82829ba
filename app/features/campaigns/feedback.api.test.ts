import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { contactConsents, contacts, segments } from "~/features/contacts/tables.server";
import type { Viewer } from "~/features/members/members.server";
import { ConfigError, parseEnv } from "~/platform/env.server";
import { createSecretBox } from "~/platform/secret-box.server";
import { createAccount, createMember } from "../../../tests/factories";
import { recordingJobs, sendingServices } from "../../../tests/support/campaign-rig";
import { startSmtpSink, type SunkMail } from "../../../tests/support/smtp-sink";
import {
  backends,
  createTestDatabase,
  logicTestOn,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestApp } from "../../../tests/support/test-server";
import { commandCampaigns } from "./campaign-commands.server";
import { campaignCounts } from "./campaign-ledger.server";
import { runCampaignSend } from "./campaign-sending.server";
import { smtpTransport } from "./campaign-transport.server";
import { campaignMessageOf, fieldBlocks } from "./feedback-reports.server";
import { campaignRecipients } from "./tables.server";

/*
 * M5 bounces and complaints that come back after a campaign (decision 055, addendum): real
 * campaigns sent to an SMTP sink, then RFC 3464 delivery reports and RFC 5965 abuse reports
 * about what the sink received, posted over HTTP to the app as an MTA's pipe would.
 */

const KEY = "feedback-key-0123456789abcdef0123456789abcdef";
const secretBox = createSecretBox("feedback-test-secret-0123456789abcdef");

let ipCount = 0;
const nextIp = () => `10.55.${Math.floor(ipCount / 250)}.${(ipCount++ % 250) + 1}`;

/** The original's header section, as `text/rfc822-headers` carries it. */
const headersOf = (raw: string) => raw.split(/\r?\n\r?\n/, 1)[0]!;

/** An RFC 3464 delivery status notification about one message the sink received. */
function dsn(
  mail: SunkMail,
  {
    action = "failed",
    status = "5.1.1",
    whole = false,
    messageId,
  }: { action?: string; status?: string; whole?: boolean; messageId?: string } = {},
) {
  const original = messageId
    ? headersOf(mail.raw).replace(/^Message-ID:.*(\r?\n[ \t].*)*$/im, `Message-ID: ${messageId}`)
    : whole
      ? mail.raw
      : headersOf(mail.raw);
  return [
    "From: MAILER-DAEMON@mx.example.net (Mail Delivery System)",
    "To: bounces@lyceum.test",
    "Subject: Undelivered Mail Returned to Sender",
    "Date: Thu, 26 Nov 2026 10:00:00 +0000",
    "Message-ID: <20261126100000.A1B2C3@mx.example.net>",
    "MIME-Version: 1.0",
    "Content-Type: multipart/report; report-type=delivery-status;",
    '\tboundary="=_dsn_boundary"',
    "",
    "--=_dsn_boundary",
    "Content-Type: text/plain; charset=us-ascii",
    "",
    "This is the mail system at host mx.example.net.",
    "Your message could not be delivered to one or more recipients.",
    "",
    "--=_dsn_boundary",
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; mx.example.net",
    "Arrival-Date: Thu, 26 Nov 2026 09:59:58 +0000",
    "",
    `Final-Recipient: rfc822; ${mail.to}`,
    `Original-Recipient: rfc822;${mail.to}`,
    `Action: ${action}`,
    `Status: ${status}`,
    "Remote-MTA: dns; mail.example.com",
    `Diagnostic-Code: smtp; 550 ${status} <${mail.to}>: Recipient address`,
    " rejected: User unknown in virtual mailbox table",
    "",
    "--=_dsn_boundary",
    `Content-Type: ${whole ? "message/rfc822" : "text/rfc822-headers"}`,
    "",
    original,
    "",
    "--=_dsn_boundary--",
    "",
  ].join("\r\n");
}

/** An RFC 5965 abuse report (a feedback loop's), the original inline as its example has it. */
function arf(mail: SunkMail, feedbackType = "abuse") {
  return [
    "From: <staff@feedback.example.net>",
    "Date: Thu, 26 Nov 2026 11:00:00 +0000",
    "Subject: FW: abuse report",
    "To: <abuse@lyceum.test>",
    "MIME-Version: 1.0",
    "Content-Type: multipart/report; report-type=feedback-report;",
    '     boundary="part1_13d.2e68ed54_boundary"',
    "",
    "--part1_13d.2e68ed54_boundary",
    'Content-Type: text/plain; charset="US-ASCII"',
    "Content-Transfer-Encoding: 7bit",
    "",
    "This is an email abuse report for an email message received from IP",
    "192.0.2.1 on Thu, 26 Nov 2026 10:00:00 +0000.",
    "",
    "--part1_13d.2e68ed54_boundary",
    "Content-Type: message/feedback-report",
    "",
    `Feedback-Type: ${feedbackType}`,
    "User-Agent: SomeGenerator/1.0",
    "Version: 1",
    "Original-Mail-From: <bounces@lyceum.test>",
    `Original-Rcpt-To: <${mail.to}>`,
    "Arrival-Date: Thu, 26 Nov 2026 10:00:00 +0000",
    "Reporting-MTA: dns; mail.example.net",
    "Source-IP: 192.0.2.1",
    "",
    "--part1_13d.2e68ed54_boundary",
    "Content-Type: message/rfc822",
    "Content-Disposition: inline",
    "",
    mail.raw,
    "--part1_13d.2e68ed54_boundary--",
    "",
  ].join("\r\n");
}

describe("M5 reading bounce and complaint reports", () => {
  test("M5 MAIL_FEEDBACK_KEY: unset by default, else 32+ printable characters; a bad one stops start-up without echoing it", () => {
    expect(parseEnv({}).MAIL_FEEDBACK_KEY).toBeUndefined();
    expect(parseEnv({ MAIL_FEEDBACK_KEY: "" }).MAIL_FEEDBACK_KEY).toBeUndefined();
    expect(parseEnv({ MAIL_FEEDBACK_KEY: KEY }).MAIL_FEEDBACK_KEY).toBe(KEY);
    for (const bad of ["short-key", `${KEY} with spaces`]) {
      expect(() => parseEnv({ MAIL_FEEDBACK_KEY: bad })).toThrow(ConfigError);
      expect(() => parseEnv({ MAIL_FEEDBACK_KEY: bad })).toThrow(
        /^Invalid environment variable MAIL_FEEDBACK_KEY/,
      );
      expect(() => parseEnv({ MAIL_FEEDBACK_KEY: bad })).not.toThrow(bad);
    }
  });

  test("M5 report fields: folded lines joined, names compared without case, blocks split by blank lines", () => {
    const blocks = fieldBlocks(
      "Reporting-MTA: dns; mx\r\n\r\nFinal-Recipient: rfc822; a@b\r\nSTATUS: 5.1.1\r\nDiagnostic-Code: smtp; 550\r\n  no such user\r\n",
    );
    expect(blocks).toHaveLength(2);
    expect(blocks[1]!.get("status")).toBe("5.1.1");
    expect(blocks[1]!.get("diagnostic-code")).toBe("smtp; 550 no such user");
  });

  test("M5 only a campaign message's Message-ID names a campaign and a contact", () => {
    const campaignId = "6f1c3e0a-9b7d-4c2e-8f5a-1d2e3f4a5b6c";
    const contactId = "0b5d2c3e-1a2b-4c3d-8e4f-5a6b7c8d9e0f";
    expect(campaignMessageOf(`<c.${campaignId}.${contactId}@Demo.localhost:3000>`)).toEqual({
      campaignId,
      contactId,
      host: "demo.localhost:3000",
    });
    expect(campaignMessageOf(`<t.${campaignId}.1700000000000.1@demo.localhost>`)).toBeNull();
    expect(campaignMessageOf(`<c.${campaignId}.not-a-contact@demo.localhost>`)).toBeNull();
    expect(campaignMessageOf(`<c.${campaignId}.${contactId}@demo.localhost/x>`)).toBeNull();
    expect(campaignMessageOf(undefined)).toBeNull();
  });
});

describe.each(backends)("M5 bounce and complaint mails over HTTP on %s", (backend) => {
  const logicTest = logicTestOn(backend);
  let db: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let keyless: ReturnType<typeof createTestApp>["app"];
  type Site = { accountId: string; host: string; manager: Viewer };
  let site: Site;
  let other: Site;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;

  const { jobs } = recordingJobs();
  const sending = () =>
    sendingServices(
      {
        database: db.database,
        jobs,
        secretBox,
        transport: smtpTransport({ smtpUrl: sink.url, connections: 2 }),
      },
      { concurrency: 2 },
    );

  async function newSite(): Promise<Site> {
    const account = await createAccount(db.database);
    const { user, membership } = await createMember(db.database, {
      accountId: account.accountId,
      roleName: "site_owner",
    });
    const manager = {
      user: { ...user, image: null },
      membership: { ...membership, caps: ["manage_options"] },
      isSuperAdmin: false,
    } as Viewer;
    return {
      accountId: account.accountId,
      host: `${account.slug}.localhost`,
      manager,
    };
  }

  /**
   * `count` new readers of `on` in a segment of their own (or `again`'s), and a campaign to the
   * segment's subscribed readers sent through the sink.
   */
  async function sendTo(on: Site, count: number, again?: { tag: string; segmentId: string }) {
    const tag = again?.tag ?? `r${Date.now().toString(36)}${ipCount++}`;
    const segmentId =
      again?.segmentId ??
      (
        await db.database.forAccount(on.accountId, (tx) =>
          tx
            .insert(segments)
            .values({ accountId: on.accountId, name: tag, rules: { tagsAny: [tag] } })
            .returning({ id: segments.id }),
        )
      )[0]!.id;
    const readers = await db.database.forAccount(on.accountId, async (tx) =>
      count === 0
        ? []
        : tx
            .insert(contacts)
            .values(
              Array.from({ length: count }, (_, i) => ({
                accountId: on.accountId,
                email: `${tag}-${i}@example.com`,
                name: `Reader ${i}`,
                status: "subscribed" as const,
                source: "import" as const,
                tags: [tag],
              })),
            )
            .returning({ id: contacts.id, email: contacts.email }),
    );
    const services = sending();
    const saved = await commandCampaigns(services, {
      accountId: on.accountId,
      viewer: on.manager,
      body: {
        intent: "saveCampaign",
        id: null,
        campaign: {
          name: `Letter ${tag}`,
          subject: "News for {{first_name | friend}}",
          blocks: [{ type: "text", text: "Hello" }],
          segmentIds: [segmentId],
        },
      },
    });
    const campaignId = (saved as { id: string }).id;
    await commandCampaigns(services, {
      accountId: on.accountId,
      viewer: on.manager,
      body: { intent: "sendCampaign", id: campaignId },
    });
    await runCampaignSend(services, { accountId: on.accountId, campaignId, runId: tag });
    services.transport.close();
    const mailOf = (email: string) =>
      sink.accepted.find((mail) => mail.to === email.toLowerCase())!;
    return { campaignId, readers, mailOf, tag, segmentId };
  }

  /** A raw mail posted as `curl --data-binary @- -H 'authorization: Bearer …'` does. */
  const post = (
    body: string | Uint8Array<ArrayBuffer> | null,
    {
      key = KEY as string | null,
      type = "message/rfc822" as string | null,
      host = "localhost",
      ip = nextIp(),
      to = app,
    } = {},
  ) =>
    to.request(
      `http://${host}/api/email/feedback`,
      {
        method: "POST",
        headers: {
          host,
          ...(type ? { "content-type": type } : {}),
          ...(key ? { authorization: `Bearer ${key}` } : {}),
        },
        body,
      },
      { incoming: { socket: { remoteAddress: ip } } },
    );
  const codeOf = async (res: Response) =>
    ((await res.json()) as { error: { code: string } }).error.code;

  const contactOf = async (on: Site, id: string) =>
    (
      await db.database.forAccount(on.accountId, (tx) =>
        tx
          .select()
          .from(contacts)
          .where(and(eq(contacts.accountId, on.accountId), eq(contacts.id, id))),
      )
    )[0]!;
  const rowOf = async (on: Site, campaignId: string, contactId: string) =>
    (
      await db.database.forAccount(on.accountId, (tx) =>
        tx
          .select()
          .from(campaignRecipients)
          .where(
            and(
              eq(campaignRecipients.accountId, on.accountId),
              eq(campaignRecipients.campaignId, campaignId),
              eq(campaignRecipients.contactId, contactId),
            ),
          ),
      )
    )[0]!;
  const consentsOf = (on: Site, contactId: string) =>
    db.database.forAccount(on.accountId, (tx) =>
      tx
        .select()
        .from(contactConsents)
        .where(
          and(
            eq(contactConsents.accountId, on.accountId),
            eq(contactConsents.contactId, contactId),
          ),
        ),
    );
  const countsOf = (on: Site, campaignId: string) =>
    db.database.forAccount(on.accountId, (tx) =>
      campaignCounts(tx, { accountId: on.accountId, campaignId }),
    );

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const built = createTestApp(db.database, { MAIL_FEEDBACK_KEY: KEY });
    app = built.app;
    keyless = createTestApp(db.database).app;
    sink = await startSmtpSink();
    site = await newSite();
    other = await newSite();
  });
  afterAll(async () => {
    await sink?.close();
    await db?.dispose();
  });

  logicTest(
    "M5 a DSN mail that arrives later marks the contact bounced, the ledger row and the report count it, the consent log says why; posted again it changes nothing",
    async () => {
      const first = await sendTo(site, 3);
      const { campaignId, readers, mailOf } = first;
      const [ada, bob] = readers;
      expect(await countsOf(site, campaignId)).toMatchObject({ sent: 3, bounced: 0 });

      // No Origin, no session: the MTA's pipe, proven by the key.
      const res = await post(dsn(mailOf(ada!.email)));
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ bounced: 1, complained: 0, ignored: 0 });
      expect((await contactOf(site, ada!.id)).status).toBe("bounced");
      const row = await rowOf(site, campaignId, ada!.id);
      expect(row.bouncedAt).not.toBeNull();
      // The relay took it: it stays sent, and the figures still add up to the audience.
      expect(row.state).toBe("sent");
      expect(await countsOf(site, campaignId)).toMatchObject({
        audience: 3,
        sent: 3,
        bounced: 1,
        complained: 0,
      });
      const logged = await consentsOf(site, ada!.id);
      expect(logged.filter((line) => line.action === "bounce")).toHaveLength(1);
      expect(logged.find((line) => line.action === "bounce")).toMatchObject({
        origin: `campaign:${campaignId}`,
      });
      expect(logged.find((line) => line.action === "bounce")!.wording).toMatch(
        /^Delivery report: 5\.1\.1 smtp; 550 5\.1\.1 .*User unknown in virtual mailbox table$/,
      );
      expect((await contactOf(site, bob!.id)).status).toBe("subscribed");

      // The same DSN again (an MTA that retried): the same answer, nothing changed.
      const again = await post(dsn(mailOf(ada!.email)), { type: "text/plain" });
      expect(again.status).toBe(202);
      expect(await again.json()).toEqual({ bounced: 1, complained: 0, ignored: 0 });
      expect((await rowOf(site, campaignId, ada!.id)).bouncedAt).toEqual(row.bouncedAt);
      expect((await consentsOf(site, ada!.id)).filter((l) => l.action === "bounce")).toHaveLength(
        1,
      );

      // The whole original attached (message/rfc822), as application/octet-stream: bob too.
      const whole = await post(dsn(mailOf(bob!.email), { whole: true }), {
        type: "application/octet-stream",
      });
      expect(await whole.json()).toEqual({ bounced: 1, complained: 0, ignored: 0 });
      expect((await contactOf(site, bob!.id)).status).toBe("bounced");
      expect((await countsOf(site, campaignId)).bounced).toBe(2);

      // A bounced contact is no longer in a campaign's audience.
      const next = await sendTo(site, 0, first);
      const rows = await db.database.forAccount(site.accountId, (tx) =>
        tx
          .select({ contactId: campaignRecipients.contactId })
          .from(campaignRecipients)
          .where(eq(campaignRecipients.campaignId, next.campaignId)),
      );
      expect(rows.map((r) => r.contactId)).toEqual([readers[2]!.id]);
    },
  );

  logicTest(
    "M5 a delayed or temporary failure (4.x.x), a spam block (5.7.1) or a full mailbox (5.2.2), and a report of no campaign message are answered 202 and recorded nowhere",
    async () => {
      const { campaignId, readers, mailOf } = await sendTo(site, 1);
      const [ada] = readers;
      const mail = mailOf(ada!.email);
      for (const body of [
        dsn(mail, { action: "delayed", status: "4.4.7" }),
        dsn(mail, { action: "failed", status: "4.2.2" }),
        // Refusals of this message, not of the address: the reader stays subscribed.
        dsn(mail, { action: "failed", status: "5.7.1" }),
        dsn(mail, { action: "failed", status: "5.2.2" }),
        dsn(mail, { action: "delivered", status: "2.0.0" }),
        // A test send's Message-ID, and one of no shape of ours.
        dsn(mail, { messageId: "<t.6f1c3e0a-9b7d-4c2e-8f5a-1d2e3f4a5b6c.1.1@x.localhost>" }),
        dsn(mail, { messageId: "<CAF=abc@mail.gmail.com>" }),
        // A mail to the bounce address that is no report at all (an auto-reply).
        "From: ada@example.com\r\nSubject: Out of office\r\n\r\nBack on Monday.\r\n",
      ]) {
        const res = await post(body);
        expect(res.status).toBe(202);
        expect(await res.json()).toEqual({ bounced: 0, complained: 0, ignored: 1 });
      }
      expect((await contactOf(site, ada!.id)).status).toBe("subscribed");
      const row = await rowOf(site, campaignId, ada!.id);
      expect(row).toMatchObject({ bouncedAt: null, complainedAt: null, state: "sent" });
      expect(
        (await consentsOf(site, ada!.id)).filter((line) => line.action !== "subscribe"),
      ).toEqual([]);
    },
  );

  logicTest(
    "M5 an ARF abuse report marks the contact complained, counts a complaint, logs it, and no later campaign goes to them",
    async () => {
      const first = await sendTo(site, 2);
      const { campaignId, readers, mailOf } = first;
      const [ada, bob] = readers;
      // A feedback report of another type than abuse changes nothing.
      const notSpam = await post(arf(mailOf(ada!.email), "not-spam"));
      expect(await notSpam.json()).toEqual({ bounced: 0, complained: 0, ignored: 1 });
      expect((await contactOf(site, ada!.id)).status).toBe("subscribed");

      const res = await post(arf(mailOf(ada!.email)));
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ bounced: 0, complained: 1, ignored: 0 });
      expect((await contactOf(site, ada!.id)).status).toBe("complained");
      expect((await rowOf(site, campaignId, ada!.id)).complainedAt).not.toBeNull();
      expect(await countsOf(site, campaignId)).toMatchObject({
        sent: 2,
        complained: 1,
        bounced: 0,
      });
      const logged = (await consentsOf(site, ada!.id)).filter((l) => l.action === "complaint");
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ origin: `campaign:${campaignId}` });
      expect(logged[0]!.wording).toContain("Feedback-Type: abuse");
      expect(logged[0]!.wording).toContain("reporting-mta: dns; mail.example.net");
      await post(arf(mailOf(ada!.email)));
      expect(
        (await consentsOf(site, ada!.id)).filter((l) => l.action === "complaint"),
      ).toHaveLength(1);

      // A complaint outranks a bounce that came before it: bob bounced, then complained.
      await post(dsn(mailOf(bob!.email)));
      await post(arf(mailOf(bob!.email)));
      expect((await contactOf(site, bob!.id)).status).toBe("complained");
      expect(await countsOf(site, campaignId)).toMatchObject({ bounced: 1, complained: 2 });

      // Neither gets the next campaign to their segment: it has no audience left.
      const next = await sendTo(site, 0, first);
      const reached = await db.database.forAccount(site.accountId, (tx) =>
        tx
          .select({ contactId: campaignRecipients.contactId })
          .from(campaignRecipients)
          .where(eq(campaignRecipients.campaignId, next.campaignId)),
      );
      expect(reached).toEqual([]);
    },
  );

  logicTest(
    "M5 a report for another site's message cannot touch this site: the Message-ID's host picks the site, and the message must be in that site's ledger",
    async () => {
      const mine = await sendTo(site, 1);
      const theirs = await sendTo(other, 1);
      const myReader = mine.readers[0]!;
      const theirReader = theirs.readers[0]!;
      const theirMail = theirs.mailOf(theirReader.email);
      const myHost = `${site.host}:3000`;
      const forged = [
        // Their campaign and contact, under this site's host.
        `<c.${theirs.campaignId}.${theirReader.id}@${myHost}>`,
        // This site's campaign with their contact, and the reverse.
        `<c.${mine.campaignId}.${theirReader.id}@${myHost}>`,
        `<c.${theirs.campaignId}.${myReader.id}@${other.host}:3000>`,
        // A host that is no site, and the platform's own.
        `<c.${mine.campaignId}.${myReader.id}@nowhere.localhost>`,
        `<c.${mine.campaignId}.${myReader.id}@localhost>`,
      ];
      for (const messageId of forged) {
        // Posted to this site's host too: the request's host decides nothing.
        const res = await post(dsn(theirMail, { messageId }), { host: site.host });
        expect(await res.json(), messageId).toEqual({ bounced: 0, complained: 0, ignored: 1 });
      }
      expect((await contactOf(site, myReader.id)).status).toBe("subscribed");
      expect((await contactOf(other, theirReader.id)).status).toBe("subscribed");
      expect((await countsOf(site, mine.campaignId)).bounced).toBe(0);
      expect((await countsOf(other, theirs.campaignId)).bounced).toBe(0);

      // Their own message, named the same way, reaches their ledger only.
      const res = await post(
        dsn(theirMail, { messageId: `<c.${theirs.campaignId}.${theirReader.id}@${other.host}>` }),
        { host: site.host },
      );
      expect(await res.json()).toEqual({ bounced: 1, complained: 0, ignored: 0 });
      expect((await contactOf(other, theirReader.id)).status).toBe("bounced");
      expect((await contactOf(site, myReader.id)).status).toBe("subscribed");
      expect((await countsOf(site, mine.campaignId)).bounced).toBe(0);
    },
  );

  logicTest(
    "M5 the feedback endpoint: 404 with no key configured, 401 for a missing or wrong key (a session is no proof), 415 for other types, 400 for empty or unreadable mail, 413 past 1 MB; never 500",
    async () => {
      const { readers, mailOf } = await sendTo(site, 1);
      const report = dsn(mailOf(readers[0]!.email));
      const keylessRes = await post(report, { to: keyless });
      expect(keylessRes.status).toBe(404);
      expect(await codeOf(keylessRes)).toBe("route.notFound");

      for (const key of [null, "wrong-key-0123456789abcdef0123456789abcdef", `${KEY}x`, " "]) {
        const res = await post(report, { key });
        expect(res.status, String(key)).toBe(401);
        expect(await codeOf(res)).toBe("not_authenticated");
      }
      const basic = await app.request(
        "http://localhost/api/email/feedback",
        {
          method: "POST",
          headers: {
            host: "localhost",
            "content-type": "message/rfc822",
            authorization: `Basic ${Buffer.from(`mta:${KEY}`).toString("base64")}`,
          },
          body: report,
        },
        { incoming: { socket: { remoteAddress: nextIp() } } },
      );
      expect(basic.status).toBe(401);

      for (const type of ["application/json", "multipart/form-data; boundary=x", "text/html"]) {
        const res = await post(report, { type });
        expect(res.status, type).toBe(415);
        expect(await codeOf(res)).toBe("request.unsupportedMediaType");
      }
      // Bytes, so that no Content-Type is added for them.
      expect((await post(new TextEncoder().encode(report), { type: null })).status).toBe(415);

      const empty = await post(null);
      expect(empty.status).toBe(400);
      expect(await codeOf(empty)).toBe("campaigns.feedbackEmpty");
      for (const body of [
        "hello, no mail here",
        "{}",
        "\u0000\u0001\u0002",
        new Uint8Array([0xff, 0xfe, 0x00, 0x80]),
        // More parts than any report has.
        `Content-Type: multipart/mixed; boundary=a\r\n\r\n${"--a\r\nContent-Type: multipart/mixed; boundary=a\r\n\r\n".repeat(200)}`,
      ]) {
        const res = await post(body);
        expect(res.status).toBe(400);
        expect(await codeOf(res)).toBe("campaigns.feedbackUnreadable");
      }
      const huge = `${report}\r\n${"x".repeat(1024 * 1024)}`;
      const tooLarge = await post(huge);
      expect(tooLarge.status).toBe(413);
      expect(await codeOf(tooLarge)).toBe("request.tooLarge");
      // Broken bytes and NULs inside a report are read past, not stored.
      const garbled = await post(report.replace("Recipient address", "Recipient \u0000\ud800"));
      expect(garbled.status).toBe(202);
    },
  );

  logicTest(
    "M5 wrong keys are limited per client address: past 30 in 10 minutes, 429",
    async () => {
      const ip = "10.56.0.1";
      const answers: number[] = [];
      for (let i = 0; i < 31; i++) answers.push((await post("x", { key: "nope", ip })).status);
      expect(answers.slice(0, 30)).toEqual(Array(30).fill(401));
      expect(answers[30]).toBe(429);
    },
  );

  test("M5 20 concurrent posts of the same DSN give one bounce and one consent entry", async () => {
    const { campaignId, readers, mailOf } = await sendTo(site, 1);
    const [ada] = readers;
    const report = dsn(mailOf(ada!.email));
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(report)));
    expect(answers.map((res) => res.status)).toEqual(Array(20).fill(202));
    const logged = await consentsOf(site, ada!.id);
    expect(logged.filter((line) => line.action === "bounce")).toHaveLength(1);
    expect((await contactOf(site, ada!.id)).status).toBe("bounced");
    expect(await countsOf(site, campaignId)).toMatchObject({ sent: 1, bounced: 1 });
    // And twenty complaints at once about the same message: one line.
    await Promise.all(Array.from({ length: 20 }, () => post(arf(mailOf(ada!.email)))));
    const after = await consentsOf(site, ada!.id);
    expect(after.filter((line) => line.action === "complaint")).toHaveLength(1);
  });
});
