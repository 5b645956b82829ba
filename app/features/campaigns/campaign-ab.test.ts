import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { contacts, segments } from "~/features/contacts/tables.server";
import type { Viewer } from "~/features/members/members.server";
import { createSecretBox } from "~/platform/secret-box.server";
import { createAccount, createMember } from "../../../tests/factories";
import { recordingJobs, sendingServices } from "../../../tests/support/campaign-rig";
import { startSmtpSink } from "../../../tests/support/smtp-sink";
import {
  backends,
  createTestDatabase,
  logicTestOn,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { abSampleSize, abVerdict, normalCdf } from "./campaign-ab";
import { CAMPAIGN_DECIDE_JOB, decideAbTest } from "./campaign-ab.server";
import { commandCampaigns } from "./campaign-commands.server";
import { campaignCounts } from "./campaign-ledger.server";
import { loadCampaign } from "./campaign-records.server";
import type { CampaignInput } from "./campaign-shapes";
import {
  CAMPAIGN_SEND_JOB,
  runCampaignSend,
  type SendingServices,
} from "./campaign-sending.server";
import { smtpTransport } from "./campaign-transport.server";
import { recordClick } from "./recipient-actions.server";
import { campaignRecipients } from "./tables.server";

const secretBox = createSecretBox("campaigns-ab-test-secret-0123456789abcdef");
const person = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15";

describe("M5 A/B verdicts", () => {
  test("M5 A/B the winner is the higher click rate, with the two-proportion test's confidence", () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 6);
    // 1 click in 10 against 8 in 10: z ≈ 3.15, clearly B.
    expect(abVerdict({ sent: 10, clicked: 1 }, { sent: 10, clicked: 8 })).toEqual({
      winner: "b",
      confidence: expect.closeTo(0.99835, 4),
      significant: true,
    });
    // 5.0 % against 6.2 % of 1,000 each: B is likelier, but not proven.
    expect(abVerdict({ sent: 1000, clicked: 50 }, { sent: 1000, clicked: 62 })).toEqual({
      winner: "b",
      confidence: expect.closeTo(0.7568, 3),
      significant: false,
    });
    // Equal rates, or no clicks at all, keep A with no confidence in either.
    expect(abVerdict({ sent: 200, clicked: 10 }, { sent: 200, clicked: 10 })).toMatchObject({
      winner: "a",
      confidence: 0,
    });
    expect(abVerdict({ sent: 5, clicked: 0 }, { sent: 5, clicked: 0 })).toMatchObject({
      winner: "a",
      significant: false,
    });
    expect(abVerdict({ sent: 0, clicked: 0 }, { sent: 4, clicked: 1 })).toMatchObject({
      winner: "b",
      confidence: 0,
    });
  });

  test("M5 A/B half the sample each, and no test when nobody would be left for the winner", () => {
    expect(abSampleSize(100, 20)).toBe(10);
    expect(abSampleSize(1000, 50)).toBe(250);
    expect(abSampleSize(10, 2)).toBe(1);
    expect(abSampleSize(2, 50)).toBe(0);
    expect(abSampleSize(4, 50)).toBe(1);
    expect(abSampleSize(100, 0)).toBe(0);
  });
});

describe.each(backends)("M5 A/B subjects on %s", (backend) => {
  const logicTest = logicTestOn(backend);
  let db: TestDatabase;
  let accountId: string;
  let manager: Viewer;
  const { queued, jobs } = recordingJobs();
  const services = (transport: SendingServices["transport"]) =>
    sendingServices({ database: db.database, jobs, secretBox, transport });

  /** A campaign testing two subjects on `percent` % of `count` contacts tagged `tag`, started. */
  const startedTest = async (sending: SendingServices, tag: string, count: number) => {
    await db.database.forAccount(accountId, (tx) =>
      tx.insert(contacts).values(
        Array.from({ length: count }, (_, i) => ({
          accountId,
          email: `${tag}-${i}@example.com`,
          name: `Reader ${i}`,
          status: "subscribed" as const,
          source: "import" as const,
          tags: [tag],
        })),
      ),
    );
    const [segment] = await db.database.forAccount(accountId, (tx) =>
      tx
        .insert(segments)
        .values({ accountId, name: tag, rules: { tagsAny: [tag] } })
        .returning({ id: segments.id }),
    );
    const campaign: CampaignInput = {
      name: `Test ${tag}`,
      subject: "Subject A for {{first_name | you}}",
      subjectB: "Subject B for {{first_name | you}}",
      blocks: [
        { type: "text", text: "Hello" },
        { type: "button", label: "Open", href: "https://example.com/offer" },
      ],
      segmentIds: [segment!.id],
      abSamplePercent: 20,
      abWaitMinutes: 120,
    };
    const saved = await commandCampaigns(sending, {
      accountId,
      viewer: manager,
      body: { intent: "saveCampaign", id: null, campaign },
    });
    const campaignId = (saved as { id: string }).id;
    await commandCampaigns(sending, {
      accountId,
      viewer: manager,
      body: { intent: "sendCampaign", id: campaignId },
    });
    return campaignId;
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
  const counts = (campaignId: string) =>
    db.database.forAccount(accountId, (tx) => campaignCounts(tx, { accountId, campaignId }));

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    accountId = (await createAccount(db.database, { settings: { sitetitle: "Demo School" } }))
      .accountId;
    const { user, membership } = await createMember(db.database, {
      accountId,
      roleName: "site_owner",
    });
    manager = {
      user: { ...user, image: null },
      membership: { ...membership, caps: ["manage_options"] },
      isSuperAdmin: false,
    } as Viewer;
  });
  afterAll(() => db.dispose());

  logicTest(
    "M5 A/B a sample gets each subject, the rest waits; the verdict by clicks sends the winner to the rest, and the ledger adds up throughout",
    async () => {
      const sink = await startSmtpSink();
      const sending = services(smtpTransport({ smtpUrl: sink.url, connections: 4 }));
      const campaignId = await startedTest(sending, "ab-flow", 100);
      const rows = await ledger(campaignId);
      const byVariant = (variant: string) => rows.filter((row) => row.variant === variant);
      expect(byVariant("a")).toHaveLength(10);
      expect(byVariant("b")).toHaveLength(10);
      expect(byVariant("winner").every((row) => row.state === "held")).toBe(true);
      expect(byVariant("winner")).toHaveLength(80);
      expect(
        queued.find(
          (job) => job.data.campaignId === campaignId && job.name === CAMPAIGN_DECIDE_JOB,
        ),
      ).toMatchObject({
        options: { singletonKey: campaignId, startAfterSeconds: 7200 },
      });

      // The sample goes out; the run ends without ending the campaign.
      const sample = await runCampaignSend(sending, { accountId, campaignId, runId: "ab-1" });
      expect(sample).toEqual({ sent: 20 });
      const subjectOf = (to: string) =>
        /^Subject: (.*)$/m.exec(sink.accepted.find((mail) => mail.to === to)!.raw)![1];
      for (const row of byVariant("a"))
        expect(subjectOf(row.email)).toMatch(/^Subject A for Reader/);
      for (const row of byVariant("b"))
        expect(subjectOf(row.email)).toMatch(/^Subject B for Reader/);
      expect(await counts(campaignId)).toMatchObject({ audience: 100, sent: 20, queued: 80 });
      expect(
        (await loadCampaign(db.database, { accountId, viewer: manager, id: campaignId })).status,
      ).toBe("sending");

      // People click: 1 of A's ten, 8 of B's ten, a minute after the send.
      const clickAt = new Date(Date.now() + 60_000);
      const click = (row: (typeof rows)[number]) =>
        recordClick(
          db.database,
          {
            accountId,
            campaignId,
            contactId: row.contactId,
            index: 0,
            userAgent: person,
            method: "GET",
          },
          clickAt,
        );
      await click(byVariant("a")[0]!);
      for (const row of byVariant("b").slice(0, 8)) await click(row);

      const deciding = { database: db.database, jobs, sendJob: CAMPAIGN_SEND_JOB };
      const verdict = await decideAbTest(deciding, { accountId, campaignId });
      expect(verdict).toMatchObject({ winner: "b", significant: true });
      expect(verdict!.confidence).toBeGreaterThan(0.99);
      expect(queued.at(-1)).toMatchObject({
        name: CAMPAIGN_SEND_JOB,
        options: { singletonKey: `${campaignId}:decided` },
      });
      // Decided once: the job run again changes nothing.
      expect(await decideAbTest(deciding, { accountId, campaignId })).toBeNull();

      const rest = await runCampaignSend(sending, { accountId, campaignId, runId: "ab-2" });
      expect(rest).toEqual({ sent: 80, ended: "sent" });
      for (const row of byVariant("winner"))
        expect(subjectOf(row.email)).toMatch(/^Subject B for Reader/);
      expect(sink.accepted).toHaveLength(100);
      expect(new Set(sink.accepted.map((mail) => mail.to)).size).toBe(100);
      expect(await counts(campaignId)).toMatchObject({
        audience: 100,
        sent: 100,
        queued: 0,
        clicked: 9,
      });

      const report = await loadCampaign(db.database, {
        accountId,
        viewer: manager,
        id: campaignId,
      });
      expect(report.ab).toMatchObject({
        samplePercent: 20,
        waitMinutes: 120,
        winner: "b",
        a: { subject: "Subject A for {{first_name | you}}", sent: 10, clicked: 1 },
        b: { sent: 10, clicked: 8 },
      });
      expect(report.ab!.confidence).toBeGreaterThan(0.99);
      // The chart's running totals end at the ledger's figures.
      expect(report.timeline.at(-1)).toMatchObject({ sent: 100, clicked: 9 });
      sending.transport.close();
      await sink.close();
    },
  );

  logicTest(
    "M5 A/B a campaign cancelled while its test runs skips the held rows; nothing is decided",
    async () => {
      const sink = await startSmtpSink();
      const sending = services(smtpTransport({ smtpUrl: sink.url, connections: 2 }));
      const campaignId = await startedTest(sending, "ab-cancel", 30);
      await runCampaignSend(sending, { accountId, campaignId, runId: "cancel-1" });
      await commandCampaigns(sending, {
        accountId,
        viewer: manager,
        body: { intent: "cancelCampaign", id: campaignId },
      });
      expect(await counts(campaignId)).toMatchObject({
        audience: 30,
        sent: 6,
        skipped: 24,
        queued: 0,
      });
      expect(
        await decideAbTest(
          { database: db.database, jobs, sendJob: CAMPAIGN_SEND_JOB },
          { accountId, campaignId },
        ),
      ).toBeNull();
      sending.transport.close();
      await sink.close();
    },
  );

  logicTest("M5 A/B an audience too small for a sample goes with subject A, untested", async () => {
    const sink = await startSmtpSink();
    const sending = services(smtpTransport({ smtpUrl: sink.url, connections: 1 }));
    const before = queued.length;
    const campaignId = await startedTest(sending, "ab-small", 2);
    expect((await ledger(campaignId)).map((row) => [row.variant, row.state])).toEqual([
      ["a", "queued"],
      ["a", "queued"],
    ]);
    expect(queued.slice(before).map((job) => job.name)).not.toContain(CAMPAIGN_DECIDE_JOB);
    expect(await runCampaignSend(sending, { accountId, campaignId, runId: "small-1" })).toEqual({
      sent: 2,
      ended: "sent",
    });
    const report = await loadCampaign(db.database, { accountId, viewer: manager, id: campaignId });
    expect(report.ab).toBeNull();
    sending.transport.close();
    await sink.close();
  });

  test("M5 A/B twenty decisions at once make one verdict and release the rest once", async () => {
    const sink = await startSmtpSink();
    const sending = services(smtpTransport({ smtpUrl: sink.url, connections: 2 }));
    const campaignId = await startedTest(sending, `ab-race-${backend}`, 40);
    const before = queued.length;
    const verdicts = await Promise.all(
      Array.from({ length: 20 }, () =>
        decideAbTest(
          { database: db.database, jobs, sendJob: CAMPAIGN_SEND_JOB },
          { accountId, campaignId },
        ),
      ),
    );
    expect(verdicts.filter(Boolean)).toHaveLength(1);
    expect(queued.slice(before).filter((job) => job.name === CAMPAIGN_SEND_JOB)).toHaveLength(1);
    const rows = await ledger(campaignId);
    expect(rows.filter((row) => row.state === "held")).toHaveLength(0);
    expect(rows.filter((row) => row.state === "queued")).toHaveLength(40);
    sending.transport.close();
    await sink.close();
  });
});
