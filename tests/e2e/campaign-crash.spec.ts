// Issue 33's bar for the sending engine: it "survives kill -9 mid-campaign: no contact gets a
// campaign twice, none is skipped, counts match the sink's". The built server sends a campaign to
// AUDIENCE contacts of the demo site through a slow SMTP sink (a real `smtp-server`), is killed
// with SIGKILL while messages are in flight, and starts again on the same data; the campaign's
// job, retried once its heartbeat has stopped, takes over the dead run's claim after the lease
// and sends the rest. Decision 055's guarantee is what is checked: nobody skipped, and nobody
// twice but the messages in flight at the kill (one per SMTP connection), each resent with the
// same Message-ID; the report and the ledger count what the sink took.
import fs from "node:fs";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "../../app/platform/db/database.server";
import { ledgerFacts, seedAudience } from "../support/campaign-audience";
import { startSmtpSink } from "../support/smtp-sink";
import { decodeRouteData } from "../support/route-data";
import { prepareDemoDatabase } from "./support/demo-server";
import { screenCommand, send, signIn } from "./support/http";
import { killHard, startServer, tempDataDir, type RunningServer } from "./support/server";
import { demoPassword } from "./support/session";
import { sleep } from "./support/shop";
import { expect, test } from "./support/test";

// One backend at a time: each is a whole server sending.
test.describe.configure({ mode: "default" });

const AUDIENCE = 400;
/** Messages in flight at once: at most this many may reach the sink twice (decision 055). */
const CONNECTIONS = 2;
/**
 * The sink's time per message: at most 100 messages/s over two connections, so the first run
 * sends for seconds and the kill always finds messages in flight.
 */
const SINK_DELAY_MS = 20;
const tag = "crash-readers";
const host = "demo.localhost";
const screen = "/dashboard/manage/marketing/emails";
const routeId = "routes/dashboard/marketing-emails";

function backends() {
  return ["pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])] as const;
}

/** Sink counts at which the kill comes: anywhere in a batch of 200 but its very ends. */
function killPoint(): number {
  const inBatch = 30 + Math.floor(Math.random() * 140);
  return Math.random() < 0.5 ? inBatch : 200 + inBatch;
}

type Report = {
  status: string;
  counts: { audience: number; queued: number; sent: number; failed: number; skipped: number };
};

/** The campaign as its report screen loads it (the loader's data, as the screen's fetch gets it). */
async function report(port: number, cookie: string, id: string): Promise<Report | null> {
  const reply = await send({
    port,
    host,
    path: `${screen}.data?tab=campaigns&campaign=${id}&_routes=${routeId}`,
    cookie,
  }).catch(() => null);
  if (reply?.status !== 200) return null;
  const routes = decodeRouteData(reply.body) as Record<
    string,
    { data?: { campaigns?: { opened?: Report | null } } }
  >;
  return routes[routeId]?.data?.campaigns?.opened ?? null;
}

for (const backend of backends()) {
  test(`M5 a campaign survives kill -9 mid-send: after a restart every contact has it, none twice but the answers unwritten or in flight, at most ${2 * CONNECTIONS} (same Message-ID), and the report and ledger count what the sink took (${backend})`, async () => {
    test.setTimeout(180_000);
    const began = performance.now();
    const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
    const sink = await startSmtpSink({ keepRaw: false, delayMs: SINK_DELAY_MS });
    const dataDir = tempDataDir("campaign-crash");
    const admin =
      backend === "postgres"
        ? new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
        : undefined;
    const dbName = `lyceum_campaign_crash_${process.pid}_${Date.now()}`;
    let url: string | undefined;
    const env: Record<string, string> = {
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      // The same secret for both starts: the owner's session and the readers' links outlive the kill.
      AUTH_SECRET: "e2e-only-secret-campaign-crash-0123456789",
      SMTP_URL: sink.url,
      CAMPAIGN_CONNECTIONS: String(CONNECTIONS),
      CAMPAIGN_MAX_RATE: "0",
      // The dead run's hold ends 5 s after its last batch rather than two minutes, and its job
      // is retried at the first look after its heartbeat stops (10 s), not up to a minute later.
      CAMPAIGN_LEASE_SECONDS: "5",
      JOBS_SUPERVISE_SECONDS: "2",
    };
    if (admin) {
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName}`);
      const address = new URL(process.env.TEST_DATABASE_URL!);
      address.pathname = `/${dbName}`;
      url = address.toString();
      env.DATABASE_URL = url;
      // One process, as on PGlite: a cluster's workers are other specs' subject.
      env.WEB_CONCURRENCY = "1";
    }
    let server: RunningServer | undefined;
    try {
      const accountId = await prepareDemoDatabase({ dataDir, url }, (database, demoAccountId) =>
        seedAudience(database, { accountId: demoAccountId, count: AUDIENCE, tag }),
      );
      const preparedMs = performance.now() - began;
      server = await startServer({ dataDir, env });
      let { port } = server;
      const cookie = await signIn({ port, host, email: "owner@demo.test", password: demoPassword });
      const command = <T>(body: { intent: string } & Record<string, unknown>) =>
        screenCommand<T>({ port, host, screen, cookie, body });
      const segment = await command<{ id: string }>({
        intent: "saveSegment",
        id: null,
        segment: { name: "Crash readers", rules: { tagsAny: [tag] } },
      });
      const campaign = await command<{ id: string }>({
        intent: "saveCampaign",
        id: null,
        campaign: {
          name: "Sent through a kill -9",
          subject: "News for {{first_name | friend}}",
          blocks: [
            { type: "heading", text: "Hello {{first_name | there}}" },
            { type: "text", text: "We wrote to {{email}} from {{city | your town}}." },
          ],
          segmentIds: [segment.id],
          tracking: true,
        },
      });
      const sending = performance.now();
      const started = await command<{ audience: number }>({
        intent: "sendCampaign",
        id: campaign.id,
      });
      expect(started.audience).toBe(AUDIENCE);

      const killAt = killPoint();
      let firstAt = 0;
      while (sink.accepted.length < killAt) {
        if (sink.accepted.length > 0) firstAt ||= performance.now();
        if (performance.now() - sending > 60_000)
          throw new Error(
            `the sink took ${sink.accepted.length} messages in 60 s:\n${server.output()}`,
          );
        await sleep(2);
      }
      const beforeKill = sink.accepted.length;
      await killHard(server);
      server = undefined;
      const killed = performance.now();
      // Those the sink was still taking at the kill: their senders never heard the sink's answer.
      await sleep(SINK_DELAY_MS * 5);
      const atKill = sink.accepted.length;
      console.log(
        `${backend}: killed at ${beforeKill} messages (aimed at ${killAt}; ${atKill} once those in ` +
          `flight landed), ${seconds(sending)} after the send began (the first message ` +
          `${((firstAt - sending) / 1000).toFixed(1)} s after)`,
      );

      server = await startServer({ dataDir, env });
      ({ port } = server);
      const restartMs = performance.now() - killed;
      let last: Report | null = null;
      while (last?.status !== "sent") {
        if (performance.now() - killed > 90_000)
          throw new Error(
            `not sent 90 s after the kill (${JSON.stringify(last)}, the sink took ${sink.accepted.length}):\n${server.output()}`,
          );
        await sleep(250);
        last = await report(port, cookie, campaign.id);
      }
      const recoveredMs = performance.now() - killed;
      // The last messages' answers are in the ledger before the campaign is marked sent; a
      // moment more for anything a mistaken second run would still send.
      await sleep(500);
      expect(await server.stop("SIGTERM")).toBe(0);
      server = undefined;

      // The ledger, read with the server gone.
      const database = await openDatabase(
        url ? { kind: "postgres", url } : { kind: "pglite", dataDir },
      );
      let facts: Awaited<ReturnType<typeof ledgerFacts>>;
      let uncertain: string[];
      try {
        facts = await ledgerFacts(database, { accountId, campaignId: campaign.id });
        uncertain = await database.forAccount(accountId, async (tx) => {
          const { rows } = await tx.execute<{ email: string }>(sql`
            select lower(email) as email from campaign_recipients
             where account_id = ${accountId} and campaign_id = ${campaign.id} and uncertain`);
          return rows.map((row) => row.email);
        });
      } finally {
        await database.close();
      }

      const mails = sink.accepted;
      const byAddress = Map.groupBy(mails, (mail) => mail.to);
      const audience = Array.from({ length: AUDIENCE }, (_, n) => `reader${n + 1}@sink.example`);
      const skipped = audience.filter((address) => !byAddress.has(address));
      const strangers = [...byAddress.keys()].filter((address) => !audience.includes(address));
      const twice = [...byAddress.entries()].filter(([, copies]) => copies.length > 1);
      const extraCopies = twice.reduce((sum, [, copies]) => sum + copies.length - 1, 0);
      const otherIds = twice.filter(
        ([, copies]) => new Set(copies.map((c) => c.messageId)).size > 1,
      );
      const idPrefix = `<c.${campaign.id}.`;
      const foreignIds = mails.filter((mail) => !mail.messageId.startsWith(idPrefix));
      const twiceNotUncertain = twice.filter(([address]) => !uncertain.includes(address));
      console.log(
        `${backend}: restarted in ${(restartMs / 1000).toFixed(1)} s, sent ${(recoveredMs / 1000).toFixed(1)} s after the ` +
          `kill; the sink took ${mails.length} messages for ${byAddress.size} addresses ` +
          `(${twice.length} twice: ${twice.map(([address]) => address).join(", ") || "none"}); ` +
          `ledger ${JSON.stringify(facts.states)}, ${facts.uncertain} rows sent again as uncertain; ` +
          `report ${JSON.stringify(last.counts)}; database prepared in ${(preparedMs / 1000).toFixed(1)} s, ` +
          `${seconds(began)} in all`,
      );

      // The kill came mid-send: some taken, not all, and the dead run left claimed rows behind.
      expect(beforeKill).toBeGreaterThan(0);
      expect(atKill).toBeLessThan(AUDIENCE);
      expect(facts.uncertain).toBeGreaterThan(0);
      // None skipped, no one else written to.
      expect(skipped).toEqual([]);
      expect(strangers).toEqual([]);
      // Twice only for messages in flight at the kill or whose answers were not yet written (at
      // most as many as connections, campaign-settle.server.ts), under the same Message-ID.
      expect(
        extraCopies,
        `sent twice: ${twice.map(([address]) => address).join(", ")}`,
      ).toBeLessThanOrEqual(2 * CONNECTIONS);
      expect(otherIds).toEqual([]);
      expect(foreignIds).toEqual([]);
      expect(twiceNotUncertain).toEqual([]);
      // The report and the ledger count what the sink took.
      expect(last.counts).toMatchObject({
        audience: AUDIENCE,
        queued: 0,
        sent: byAddress.size,
        failed: 0,
        skipped: 0,
      });
      expect(byAddress.size).toBe(AUDIENCE);
      expect(facts).toMatchObject({ status: "sent", audience: AUDIENCE });
      expect(facts.states).toEqual({ sent: byAddress.size });
    } finally {
      if (server) await killHard(server);
      await sink.close();
      if (admin) {
        await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await admin.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
