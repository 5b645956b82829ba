import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { contactConsents, contacts, segments } from "~/features/contacts/tables.server";
import type { Viewer } from "~/features/members/members.server";
import { createSecretBox } from "~/platform/secret-box.server";
import { createAccount, createMember } from "../../../tests/factories";
import { recordingJobs, sendingServices } from "../../../tests/support/campaign-rig";
import { decodeQuotedPrintable, startSmtpSink } from "../../../tests/support/smtp-sink";
import {
  backends,
  createTestDatabase,
  logicTestOn,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { campaignFrame, commandCampaigns } from "./campaign-commands.server";
import { personalise, compileCampaign } from "./campaign-render.server";
import type { CampaignInput } from "./campaign-shapes";
import { campaignCounts } from "./campaign-ledger.server";
import { runCampaignSend, type SendingServices } from "./campaign-sending.server";
import { createPacer } from "./sending-pace";
import { outcomeOfError, smtpTransport, type CampaignTransport } from "./campaign-transport.server";
import { fillMergeTags } from "./merge-tags";
import {
  isMachine,
  recordClick,
  recordOpen,
  unsubscribeRecipient,
} from "./recipient-actions.server";
import { recipientLinks, verifyRecipient } from "./recipient-links.server";
import { campaignRecipients, campaigns } from "./tables.server";

const secretBox = createSecretBox("campaigns-test-secret-0123456789abcdef");

const letter = (overrides: Partial<CampaignInput> = {}): CampaignInput => ({
  name: "November letter",
  subject: "News for {{first_name | friend}}",
  preheader: "What is new this month",
  blocks: [
    { type: "heading", text: "Hello {{first_name | friend}}" },
    { type: "text", text: "Our <new> course opens.\n\nSee you there." },
    { type: "button", label: "Read more", href: "https://example.com/course?a=1&b=2" },
    { type: "divider" },
  ],
  ...overrides,
});

describe("M5 campaign content", () => {
  test("M5 merge tags are filled, escaped for HTML, and fall back when a contact has no value", () => {
    const values = { email: "ada@example.com", name: "Ada <Lovelace>", fields: { city: "Paris" } };
    expect(fillMergeTags("Hi {{first_name | there}} from {{ city }}", values)).toBe(
      "Hi Ada from Paris",
    );
    expect(fillMergeTags("{{name}}", values, (v) => v.replace(/</g, "&lt;"))).toBe(
      "Ada &lt;Lovelace>",
    );
    expect(fillMergeTags("Hi {{first_name | there}}{{unknown}}!", { ...values, name: "" })).toBe(
      "Hi there!",
    );
  });

  test("M5 MJML makes responsive, dark-mode-aware HTML and a plain-text part; each recipient gets their own links", async () => {
    const compiled = await compileCampaign({
      subject: "News",
      preheader: "What is new",
      blocks: letter().blocks!.map((block) => ({ alt: "", href: "", ...block })) as never,
      frame: campaignFrame({ lang: "en", siteName: "Demo School" }),
    });
    expect(compiled.html).toContain("prefers-color-scheme: dark");
    expect(compiled.html).toContain("@media only screen");
    expect(compiled.links).toEqual(["https://example.com/course?a=1&b=2"]);
    const links = recipientLinks(secretBox, {
      origin: "https://demo.example.com",
      campaignId: "11111111-1111-4111-8111-111111111111",
      contactId: "22222222-2222-4222-8222-222222222222",
      tracking: true,
    });
    const mail = personalise(compiled, { email: "a@example.com", name: "Ada", fields: {} }, links);
    expect(mail.html).toContain("Hello Ada");
    expect(mail.html).toContain("Our &lt;new&gt; course opens.");
    expect(mail.html).toContain(links.click!(0));
    expect(mail.html).not.toContain("lyceum.invalid");
    expect(mail.html).toContain(links.unsubscribe);
    expect(mail.html).toContain(links.open!);
    expect(mail.text).toContain(`Read more: ${links.click!(0)}`);
    expect(mail.text).toContain(links.unsubscribe);
    expect(mail.text).toContain("Our <new> course opens.");
    const untracked = personalise(
      compiled,
      { email: "a@example.com", name: "", fields: {} },
      { ...links, click: undefined, open: undefined },
    );
    expect(untracked.html).toContain("Hello friend");
    expect(untracked.html).toContain("https://example.com/course?a=1&amp;b=2");
    expect(untracked.html).not.toContain("/api/email/open/");
    // A link's signature names its recipient: changing the contact breaks it.
    const [campaignId, contactId, signature] = new URL(links.oneClick).pathname
      .split("/")
      .slice(-3);
    expect(
      verifyRecipient(secretBox, {
        campaignId: campaignId!,
        contactId: contactId!,
        signature: signature!,
      }),
    ).toBe(true);
    expect(
      verifyRecipient(secretBox, {
        campaignId: campaignId!,
        contactId: campaignId!,
        signature: signature!,
      }),
    ).toBe(false);
  });

  test("M5 SMTP answers become ledger outcomes (a spam block is no bounce); 421 slows the pace down, which creeps back up", () => {
    expect(outcomeOfError({ responseCode: 421, response: "421 busy" })).toEqual({
      kind: "later",
      slowDown: true,
      reason: "421 busy",
    });
    expect(outcomeOfError({ responseCode: 550, response: "550 no such user" })).toMatchObject({
      kind: "refused",
      bounced: true,
    });
    expect(
      outcomeOfError({ responseCode: 550, response: "550 5.7.1 Message rejected as spam" }),
    ).toMatchObject({ kind: "refused", bounced: false });
    expect(outcomeOfError({ responseCode: 554 })).toMatchObject({
      kind: "refused",
      bounced: false,
    });
    expect(outcomeOfError({ code: "ECONNECTION" })).toMatchObject({
      kind: "later",
      slowDown: false,
    });
    let now = 0;
    const pacer = createPacer(100, () => now);
    expect(pacer.wait()).toBe(0);
    expect(pacer.wait()).toBe(10);
    pacer.slowDown();
    expect(pacer.rate).toBe(50);
    now += 11_000;
    pacer.settle();
    expect(pacer.rate).toBeCloseTo(55);
  });

  test("M5 machine opens and clicks (proxies, scanners, HEAD, within seconds of the send) are told apart", () => {
    const sentAt = new Date(0);
    const later = new Date(60_000);
    const person = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15";
    expect(isMachine({ userAgent: person, method: "GET", sentAt, now: later })).toBe(false);
    expect(isMachine({ userAgent: person, method: "GET", sentAt, now: new Date(2_000) })).toBe(
      true,
    );
    expect(isMachine({ userAgent: person, method: "HEAD", sentAt, now: later })).toBe(true);
    expect(
      isMachine({
        userAgent: "Mozilla/5.0 (via ggpht.com GoogleImageProxy)",
        method: "GET",
        sentAt,
        now: later,
      }),
    ).toBe(true);
  });
});

describe.each(backends)("M5 campaigns on %s", (backend) => {
  const logicTest = logicTestOn(backend);
  let db: TestDatabase;
  let accountId: string;
  let manager: Viewer;
  let student: Viewer;
  let segmentId: string;
  const { queued, jobs } = recordingJobs();

  const services = (transport: CampaignTransport, extra: Partial<SendingServices> = {}) =>
    sendingServices({ database: db.database, jobs, secretBox, transport }, extra);

  const person = async (roleName: string, caps: string[]): Promise<Viewer> => {
    const { user, membership } = await createMember(db.database, { accountId, roleName });
    return {
      user: { ...user, image: null },
      membership: { ...membership, caps },
      isSuperAdmin: false,
    } as Viewer;
  };

  /** `count` contacts tagged `tag`, `subscribed` unless said otherwise. */
  const addContacts = (count: number, tag: string, status = "subscribed") =>
    db.database.forAccount(accountId, (tx) =>
      tx
        .insert(contacts)
        .values(
          Array.from({ length: count }, (_, i) => ({
            accountId,
            email: `${tag}-${status}-${i}@example.com`,
            name: `Reader ${i}`,
            status: status as "subscribed",
            source: "import" as const,
            tags: [tag],
          })),
        )
        .returning({ id: contacts.id, email: contacts.email }),
    );

  /** A segment of the contacts tagged `tag`. */
  const segmentOfTag = async (tag: string, name = tag) => {
    const [segment] = await db.database.forAccount(accountId, (tx) =>
      tx
        .insert(segments)
        .values({ accountId, name, rules: { tagsAny: [tag] } })
        .returning({ id: segments.id }),
    );
    return segment!;
  };

  const newCampaign = async (sending: SendingServices, input: CampaignInput = letter()) => {
    const saved = await commandCampaigns(sending, {
      accountId,
      viewer: manager,
      body: { intent: "saveCampaign", id: null, campaign: input },
    });
    if (!saved.ok) throw new Error(JSON.stringify(saved));
    return (saved as { id: string }).id;
  };
  const ledger = (campaignId: string) =>
    db.database.forAccount(accountId, (tx) =>
      tx
        .select()
        .from(campaignRecipients)
        .where(
          and(
            eq(campaignRecipients.accountId, accountId),
            eq(campaignRecipients.campaignId, campaignId),
          ),
        ),
    );

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    accountId = (await createAccount(db.database, { settings: { sitetitle: "Demo School" } }))
      .accountId;
    manager = await person("site_owner", ["manage_options"]);
    student = await person("student", []);
    segmentId = (await segmentOfTag("readers", "Readers")).id;
  });
  afterAll(() => db.dispose());

  logicTest("M5 a student may not write or send campaigns", async () => {
    const sink = await startSmtpSink();
    const sending = services(smtpTransport({ smtpUrl: sink.url, connections: 2 }));
    await expect(
      commandCampaigns(sending, {
        accountId,
        viewer: student,
        body: { intent: "saveCampaign", id: null, campaign: letter() },
      }),
    ).rejects.toMatchObject({ status: 403 });
    sending.transport.close();
    await sink.close();
  });

  logicTest(
    "M5 a test send of an A/B campaign sends both subjects to each address, marked A and B, merge tags filled; without a test, one",
    async () => {
      const sink = await startSmtpSink();
      const sending = services(smtpTransport({ smtpUrl: sink.url, connections: 1 }));
      try {
        const test = (id: string, to: string[]) =>
          commandCampaigns(sending, {
            accountId,
            viewer: manager,
            body: { intent: "testCampaign", id, to },
          });
        const subjectOf = (raw: string) =>
          /^Subject: (.*)$/m.exec(decodeQuotedPrintable(raw).replace(/\r\n[ \t]+/g, " "))![1];
        const ab = await newCampaign(
          sending,
          letter({ subjectB: "Last call, {{first_name | friend}}", abSamplePercent: 20 }),
        );
        const answer = await test(ab, ["one@school.example", "two@school.example"]);
        expect(answer).toEqual({
          ok: true,
          tests: [
            { variant: "a", subject: "News for friend" },
            { variant: "b", subject: "Last call, friend" },
          ],
        });
        expect(sink.accepted.map((mail) => [mail.to, subjectOf(mail.raw)])).toEqual([
          ["one@school.example", "[Test A] News for friend"],
          ["one@school.example", "[Test B] Last call, friend"],
          ["two@school.example", "[Test A] News for friend"],
          ["two@school.example", "[Test B] Last call, friend"],
        ]);
        // Each its own message: four Message-IDs, each HTML titled with its own subject.
        expect(new Set(sink.accepted.map((mail) => mail.messageId)).size).toBe(4);
        expect(decodeQuotedPrintable(sink.accepted[1]!.raw)).toContain(
          "<title>Last call, friend</title>",
        );

        // Subject B kept but the test switched off (no share): one message, marked as before.
        const plain = await newCampaign(
          sending,
          letter({ subjectB: "Last call", abSamplePercent: 0 }),
        );
        const before = sink.accepted.length;
        expect(await test(plain, ["one@school.example"])).toEqual({
          ok: true,
          tests: [{ variant: "a", subject: "News for friend" }],
        });
        expect(sink.accepted.slice(before).map((mail) => subjectOf(mail.raw))).toEqual([
          "[Test] News for friend",
        ]);
      } finally {
        sending.transport.close();
        await sink.close();
      }
    },
  );

  test("M5 a campaign to a segment reaches each subscribed contact once; the ledger's counts match the sink's; 20 concurrent starts make one ledger", async () => {
    const readers = await addContacts(30, "readers");
    await addContacts(3, "readers", "unsubscribed");
    await addContacts(2, "readers", "bounced");
    await addContacts(5, "others");
    const sink = await startSmtpSink();
    const sending = services(smtpTransport({ smtpUrl: sink.url, connections: 4 }));
    const campaignId = await newCampaign(sending, letter({ segmentIds: [segmentId] }));
    const starts = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        commandCampaigns(sending, {
          accountId,
          viewer: manager,
          body: { intent: "sendCampaign", id: campaignId },
        }),
      ),
    );
    expect(starts.filter((start) => start.status === "fulfilled")).toHaveLength(1);
    expect(
      starts
        .filter((start) => start.status === "rejected")
        .map((start) => (start as PromiseRejectedResult).reason.code),
    ).toEqual(Array(19).fill("campaigns.wrongState"));
    expect(queued.filter((job) => job.data.campaignId === campaignId)).toHaveLength(1);

    const result = await runCampaignSend(sending, { accountId, campaignId, runId: "run-1" });
    expect(result).toMatchObject({ sent: 30, ended: "sent" });
    expect(sink.accepted).toHaveLength(30);
    expect(new Set(sink.accepted.map((mail) => mail.to))).toEqual(
      new Set(readers.map((reader) => reader.email.toLowerCase())),
    );
    // Headers unfolded (nodemailer folds long ones onto continuation lines).
    const first = decodeQuotedPrintable(sink.accepted[0]!.raw).replace(/\r\n[ \t]+/g, " ");
    expect(first).toMatch(/^List-Unsubscribe: <http:\/\/[^>]+\/api\/email\/unsubscribe\/[^>]+>/m);
    expect(first).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(first).toMatch(/^Subject: News for Reader/m);
    const counts = await db.database.forAccount(accountId, (tx) =>
      campaignCounts(tx, { accountId, campaignId }),
    );
    expect(counts).toMatchObject({ audience: 30, sent: 30, failed: 0, skipped: 0, queued: 0 });
    sending.transport.close();
    await sink.close();
  });

  logicTest(
    "M5 a relay that defers slows down and takes the message later; a dead mailbox fails once and marks the contact bounced",
    async () => {
      const [deferred, dead, fine] = await addContacts(3, `relay-${backend}`);
      const tag = `relay-${backend}`;
      const segment = await segmentOfTag(tag);
      const sink = await startSmtpSink({
        answer: (to, attempt) =>
          to === deferred!.email.toLowerCase() && attempt === 1
            ? 451
            : to === dead!.email.toLowerCase()
              ? 550
              : undefined,
      });
      const sending = services(smtpTransport({ smtpUrl: sink.url, connections: 1 }));
      const campaignId = await newCampaign(sending, letter({ segmentIds: [segment.id] }));
      await commandCampaigns(sending, {
        accountId,
        viewer: manager,
        body: { intent: "sendCampaign", id: campaignId },
      });
      const first = await runCampaignSend(sending, { accountId, campaignId, runId: "relay-1" });
      expect(first.sent).toBe(1);
      expect(first.again).toBeGreaterThan(0);
      const rows = await ledger(campaignId);
      const stateOf = (email: string) => rows.find((row) => row.email === email)!;
      expect(stateOf(deferred!.email)).toMatchObject({ state: "deferred", attempts: 1 });
      expect(stateOf(dead!.email)).toMatchObject({ state: "failed" });
      expect(stateOf(dead!.email).bouncedAt).not.toBeNull();
      expect(stateOf(fine!.email)).toMatchObject({ state: "sent" });
      const [deadContact] = await db.database.forAccount(accountId, (tx) =>
        tx
          .select()
          .from(contacts)
          .where(and(eq(contacts.accountId, accountId), eq(contacts.id, dead!.id))),
      );
      expect(deadContact!.status).toBe("bounced");
      // The deferred message comes due: the next run sends it and the campaign ends.
      await db.database.forAccount(accountId, (tx) =>
        tx
          .update(campaignRecipients)
          .set({ nextAttemptAt: new Date(Date.now() - 1000) })
          .where(eq(campaignRecipients.campaignId, campaignId)),
      );
      const second = await runCampaignSend(sending, { accountId, campaignId, runId: "relay-2" });
      expect(second).toMatchObject({ sent: 1, ended: "sent" });
      const counts = await db.database.forAccount(accountId, (tx) =>
        campaignCounts(tx, { accountId, campaignId }),
      );
      expect(counts.sent + counts.failed + counts.skipped).toBe(counts.audience);
      expect(sink.accepted.map((mail) => mail.to).sort()).toEqual(
        [deferred!.email, fine!.email].map((e) => e.toLowerCase()).sort(),
      );
      sending.transport.close();
      await sink.close();
    },
  );

  test("M5 a run that dies mid-send is taken over: nobody is skipped, and what went twice went with the same Message-ID", async () => {
    const tag = `crash-${backend}`;
    await addContacts(40, tag);
    const segment = await segmentOfTag(tag);
    const sink = await startSmtpSink();
    const relay = smtpTransport({ smtpUrl: sink.url, connections: 2 });
    let delivered = 0;
    // The first run's process "dies" after 15 messages: the relay took the 16th, its answer never came back.
    const dying: CampaignTransport = {
      async send(message) {
        if (delivered >= 15) {
          await relay.send(message);
          return new Promise(() => {});
        }
        delivered++;
        return relay.send(message);
      },
      close() {},
    };
    const sending = services(dying, { concurrency: 1, leaseSeconds: 1 });
    const campaignId = await newCampaign(sending, letter({ segmentIds: [segment.id] }));
    await commandCampaigns(sending, {
      accountId,
      viewer: manager,
      body: { intent: "sendCampaign", id: campaignId },
    });
    void runCampaignSend(sending, { accountId, campaignId, runId: "dead-run" });
    for (let i = 0; i < 100 && sink.accepted.length < 16; i++)
      await new Promise((r) => setTimeout(r, 50));
    // While the dead run's hold is fresh, another run waits its turn.
    await expect(
      runCampaignSend(services(relay), { accountId, campaignId, runId: "early-run" }),
    ).rejects.toThrow(/being sent by another run/);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const result = await runCampaignSend(services(relay, { leaseSeconds: 1 }), {
      accountId,
      campaignId,
      runId: "second-run",
    });
    expect(result.ended).toBe("sent");
    const counts = await db.database.forAccount(accountId, (tx) =>
      campaignCounts(tx, { accountId, campaignId }),
    );
    expect(counts).toMatchObject({ audience: 40, sent: 40, queued: 0 });
    const recipients = new Set(sink.accepted.map((mail) => mail.to));
    expect(recipients.size).toBe(40);
    // At most the message in flight went twice, with one Message-ID: one copy in the mailbox.
    expect(sink.accepted.length - recipients.size).toBeLessThanOrEqual(1);
    expect(sink.distinct()).toBe(40);
    relay.close();
    await sink.close();
  });

  test("M5 a dead run's hold: taken at once when this process alone sends (the embedded database), after the lease otherwise; a live run at a slow relay keeps its hold past the lease", async () => {
    const tag = `hold-${backend}`;
    await addContacts(6, tag);
    const segment = await segmentOfTag(tag);
    const sink = await startSmtpSink();
    const relay = smtpTransport({ smtpUrl: sink.url, connections: 1 });
    const started = async () => {
      const campaignId = await newCampaign(services(relay), letter({ segmentIds: [segment.id] }));
      await commandCampaigns(services(relay), {
        accountId,
        viewer: manager,
        body: { intent: "sendCampaign", id: campaignId },
      });
      return campaignId;
    };
    // A run of a process that died a moment ago: its hold is fresh.
    const heldByTheDead = (campaignId: string) =>
      db.database.forAccount(accountId, (tx) =>
        tx
          .update(campaigns)
          .set({ senderRun: "killed-process-run", senderSeenAt: new Date() })
          .where(eq(campaigns.id, campaignId)),
      );
    const first = await started();
    await heldByTheDead(first);
    await expect(
      runCampaignSend(services(relay), { accountId, campaignId: first, runId: "shared" }),
    ).rejects.toThrow(/being sent by another run/);
    expect(
      await runCampaignSend(services(relay, { exclusive: true }), {
        accountId,
        campaignId: first,
        runId: "restarted",
      }),
    ).toMatchObject({ sent: 6, ended: "sent" });

    // A relay taking 300 ms a message: one batch of six lasts 1.8 s against a lease of 1 s.
    const slow: CampaignTransport = {
      async send(message) {
        await new Promise((resolve) => setTimeout(resolve, 300));
        return relay.send(message);
      },
      close() {},
    };
    const second = await started();
    const running = runCampaignSend(services(slow, { concurrency: 1, leaseSeconds: 1 }), {
      accountId,
      campaignId: second,
      runId: "slow",
    });
    await new Promise((resolve) => setTimeout(resolve, 1_400));
    // Alive and answered: neither another process nor this one (it is live here) takes it.
    for (const exclusive of [false, true])
      await expect(
        runCampaignSend(services(relay, { leaseSeconds: 1, exclusive }), {
          accountId,
          campaignId: second,
          runId: `eager-${exclusive}`,
        }),
      ).rejects.toThrow(/being sent by another run/);
    expect(await running).toMatchObject({ sent: 6, ended: "sent" });
    expect(sink.distinct()).toBe(12);
    relay.close();
    await sink.close();
  });

  logicTest(
    "M5 a stopping server ends a send between batches; the next run goes on from the ledger, its links where the owner reached the site",
    async () => {
      const tag = `stop-${backend}`;
      await addContacts(3, tag);
      const segment = await segmentOfTag(tag);
      const sink = await startSmtpSink();
      const relay = smtpTransport({ smtpUrl: sink.url, connections: 1 });
      const campaignId = await newCampaign(services(relay), letter({ segmentIds: [segment.id] }));
      await commandCampaigns(services(relay), {
        accountId,
        viewer: manager,
        body: { intent: "sendCampaign", id: campaignId },
        // A local server's port, which the site's own address (a job has no request) lacks.
        linkOrigin: "http://school.localhost:5173",
      });
      await expect(
        runCampaignSend(services(relay, { active: () => false }), {
          accountId,
          campaignId,
          runId: "stopping",
        }),
      ).rejects.toThrow(/stopping/);
      expect(sink.accepted).toHaveLength(0);
      // Its hold is released: the retry claims the campaign at once.
      expect(
        await runCampaignSend(services(relay), { accountId, campaignId, runId: "after" }),
      ).toMatchObject({ sent: 3, ended: "sent" });
      const mail = decodeQuotedPrintable(sink.accepted[0]!.raw).replace(/\r\n[ \t]+/g, " ");
      expect(mail).toMatch(/^List-Unsubscribe: <http:\/\/school\.localhost:5173\/api\/email\//m);
      expect(sink.accepted[0]!.messageId).not.toContain("5173");
      relay.close();
      await sink.close();
    },
  );

  test("M5 one click unsubscribes for good (20 concurrent clicks log one change); opens and clicks are counted once, machines apart", async () => {
    const tag = `unsub-${backend}`;
    const [reader, other] = await addContacts(2, tag);
    const segment = await segmentOfTag(tag);
    const sink = await startSmtpSink();
    const sending = services(smtpTransport({ smtpUrl: sink.url, connections: 2 }));
    const campaignId = await newCampaign(sending, letter({ segmentIds: [segment.id] }));
    await commandCampaigns(sending, {
      accountId,
      viewer: manager,
      body: { intent: "sendCampaign", id: campaignId },
    });
    await runCampaignSend(sending, { accountId, campaignId, runId: "u-1" });
    const ref = { accountId, campaignId, contactId: reader!.id };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        unsubscribeRecipient(db.database, {
          ...ref,
          ip: "203.0.113.7",
          userAgent: "Mail",
          oneClick: true,
        }),
      ),
    );
    expect(answers.every(Boolean)).toBe(true);
    const logged = await db.database.forAccount(accountId, (tx) =>
      tx
        .select()
        .from(contactConsents)
        .where(
          and(eq(contactConsents.accountId, accountId), eq(contactConsents.contactId, reader!.id)),
        ),
    );
    expect(logged.filter((line) => line.action === "unsubscribe")).toHaveLength(1);
    expect(logged.find((line) => line.action === "unsubscribe")).toMatchObject({
      wording: "List-Unsubscribe=One-Click",
      origin: `campaign:${campaignId}`,
    });
    const person = "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0";
    const later = new Date(Date.now() + 60_000);
    await recordOpen(
      db.database,
      { ...ref, contactId: other!.id, userAgent: "GoogleImageProxy", method: "GET" },
      later,
    );
    await recordOpen(db.database, { ...ref, userAgent: person, method: "GET" }, later);
    await recordOpen(db.database, { ...ref, userAgent: person, method: "GET" }, later);
    expect(
      await recordClick(db.database, { ...ref, index: 0, userAgent: person, method: "GET" }, later),
    ).toBe("https://example.com/course?a=1&b=2");
    expect(
      await recordClick(db.database, { ...ref, index: 7, userAgent: person, method: "GET" }, later),
    ).toBeNull();
    const counts = await db.database.forAccount(accountId, (tx) =>
      campaignCounts(tx, { accountId, campaignId }),
    );
    expect(counts).toMatchObject({
      sent: 2,
      opened: 1,
      machineOpened: 1,
      clicked: 1,
      unsubscribed: 1,
    });
    // A second campaign to the same segment leaves the unsubscribed reader out.
    const next = await newCampaign(sending, letter({ segmentIds: [segment.id] }));
    const started = await commandCampaigns(sending, {
      accountId,
      viewer: manager,
      body: { intent: "sendCampaign", id: next },
    });
    expect(started).toMatchObject({ audience: 1 });
    sending.transport.close();
    await sink.close();
  });
});
