// Issue 33's sending bar: one campaign to 50,000 contacts through a local SMTP sink at ≥ 1,000
// messages/s (listmonk publishes about 830/s), on the built server as an owner drives it:
// the first start seeds the demo; with the server stopped, 50,000 subscribed contacts tagged
// for the campaign go into the demo site in bulk (bench/campaign-seed.ts); the server starts
// again with SMTP_URL at the sink (bench/smtp-sink-process.ts, a process of its own), the owner
// signs in and, through the campaigns screen's action (`POST …/emails.data`), saves a segment
// and a campaign (heading, text with merge tags, button) and sends it. The engine's job takes
// it from there (pg-boss, ledger, nodemailer pool of CAMPAIGN_CONNECTIONS). Measured: the
// command's answer, the first and last message at the sink, the server's resident memory
// (sampled every 100 ms; on PostgreSQL the primary and its workers) and CPU time, the machine's.
// Afterwards, server stopped, the ledger must say `sent` for every contact and the sink must
// hold as many distinct recipients: else the bench throws. BENCH_CAMPAIGN_CONTACTS (50,000);
// each BENCH_CAMPAIGN_CONNECTIONS value (default "4,8") sends from a fresh copy of the seeded
// data directory (PGlite); PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL) sends a new
// campaign per value on one seeded database. BENCH_CAMPAIGN_PROFILE=<dir> writes the server's
// CPU profiles there (--cpu-prof). Before each send, its peer (bench/campaign-mail.ts):
// BENCH_CAMPAIGN_PEER_MESSAGES (10,000) of the same letter rendered and sent over as many
// connections from the bench's process, with no database. Then the segment counts
// (bench/campaign-segments.ts); BENCH_CAMPAIGN_SEND=0 runs those alone. BENCH_CAMPAIGN_BACKENDS
// ("pglite,postgres") names the databases to send on.
import fs from "node:fs";
import os from "node:os";
import { send } from "../tests/e2e/support/http.ts";
import { startServer, tempDataDir, type RunningServer } from "../tests/e2e/support/server.ts";
import { decodeRouteData } from "../tests/support/route-data.ts";
import { benchLetter, startSink, transportPeer } from "./campaign-mail.ts";
import { benchCampaignSegments } from "./campaign-segments.ts";
import {
  demoAccountId,
  ledgerFacts,
  openBackend,
  seedAudience,
  type Backend,
} from "./campaign-seed.ts";
import { atLeast, mb, ms, ratio, type Figure, type Print } from "./report.ts";
import {
  cpuSeconds,
  demoHost,
  postgresAdminUrl,
  rssMb,
  scratchPostgres,
  signInOwner,
} from "./server.ts";
import type { SinkCounts } from "./smtp-sink-process.ts";
import { sleep } from "./tools.ts";

const contactCount = Number(process.env.BENCH_CAMPAIGN_CONTACTS ?? 50_000);
const connectionCounts = (process.env.BENCH_CAMPAIGN_CONNECTIONS ?? "4,8")
  .split(",")
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0);
const profileDir = process.env.BENCH_CAMPAIGN_PROFILE;
const backends = (process.env.BENCH_CAMPAIGN_BACKENDS ?? "pglite,postgres").split(",");
const peerMessages = Number(process.env.BENCH_CAMPAIGN_PEER_MESSAGES ?? 10_000);
const goalPerSecond = 1000;
const listmonkPerSecond = 830;
const tag = "bench-campaign";
/** No message for this long while some are missing: the send is stuck, the bench says so. */
const stallMs = 60_000;
const screen = "/dashboard/manage/marketing/emails.data";

type SendRun = {
  connections: number;
  audience: number;
  delivered: number;
  commandMs: number;
  firstMs: number;
  wallMs: number;
  steadyPerSecond: number;
  wallPerSecond: number;
  idleRss: number;
  peakRss: number;
  cpuSeconds: number;
  sinkCpuSeconds: number;
  bytes: number;
  /** The machine's 1-minute load average when the send began (a shared machine). */
  load: number;
  /** The share of the machine's CPU time (all cores, all processes) that was busy during the send. */
  machineBusy: number;
  /** The peer just before: rendering and SMTP alone, messages per second. */
  peerPerSecond: number;
};

/** Busy and total CPU time of the whole machine so far (every core, everyone's processes). */
function machineTicks(): { busy: number; total: number } {
  const [, ...values] = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/);
  const ticks = values.slice(0, 8).map(Number);
  const total = ticks.reduce((sum, value) => sum + value, 0);
  return { busy: total - ticks[3]! - ticks[4]!, total };
}

/** One screen command as the campaigns screen's fetcher sends it; its answer, or a throw. */
async function command<T>(port: number, cookie: string, body: object): Promise<T> {
  const reply = await send({
    port,
    host: demoHost,
    path: screen,
    method: "POST",
    json: body,
    cookie,
  });
  const answer = (decodeRouteData(reply.body) as { data?: T & { ok?: boolean } }).data;
  if (reply.status !== 200 || !answer?.ok)
    throw new Error(
      `bench: ${JSON.stringify(body).slice(0, 80)} answered ${reply.status} ${reply.body.slice(0, 300)}`,
    );
  return answer;
}

const bench = (backend: Backend, dataDir: string, env: Record<string, string> = {}) =>
  startServer({
    dataDir,
    env: { LOG_LEVEL: "warn", ...backend.env, ...env },
  });

/** A server with the demo, stopped again, and the audience seeded into its database. */
async function prepare(backend: Backend, dataDir: string): Promise<void> {
  const first = await bench(backend, dataDir);
  await first.stop();
  const database = await openBackend(backend, dataDir);
  try {
    const began = performance.now();
    const accountId = await demoAccountId(database);
    await seedAudience(database, { accountId, count: contactCount, tag });
    console.log(
      `\ncampaigns (${backend.label}): ${contactCount} contacts seeded in ${((performance.now() - began) / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.close();
  }
}

/** One send: a server at the sink, the owner's three commands, then the watch until the end. */
async function sendOnce(backend: Backend, dataDir: string, connections: number): Promise<SendRun> {
  const peerPerSecond = await transportPeer({ connections, messages: peerMessages });
  const sink = await startSink();
  let server: RunningServer | undefined;
  try {
    server = await bench(backend, dataDir, {
      SMTP_URL: sink.url,
      CAMPAIGN_CONNECTIONS: String(connections),
      CAMPAIGN_MAX_RATE: "0",
      ...(profileDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}` } : {}),
    });
    const { port } = server;
    const cookie = await signInOwner(port);
    const segment = await command<{ id: string }>(port, cookie, {
      intent: "saveSegment",
      id: null,
      segment: { name: `Bench readers ${connections}`, rules: { tagsAny: [tag] } },
    });
    const campaign = await command<{ id: string }>(port, cookie, {
      intent: "saveCampaign",
      id: null,
      campaign: {
        name: `Bench letter, ${connections} connections`,
        ...benchLetter,
        segmentIds: [segment.id],
        tracking: true,
      },
    });
    await sleep(1000);
    const idleRss = rssMb(server.child.pid!);
    const cpuBefore = cpuSeconds(server.child.pid!);
    const sinkCpuBefore = cpuSeconds(sink.child.pid!);
    const machineBefore = machineTicks();
    const load = os.loadavg()[0]!;
    const began = Date.now();
    const started = await command<{ audience: number }>(port, cookie, {
      intent: "sendCampaign",
      id: campaign.id,
    });
    const commandMs = Date.now() - began;
    let peakRss = idleRss;
    let counts = await sink.counts();
    let progressAt = Date.now();
    while (counts.messages < started.audience) {
      await sleep(100);
      peakRss = Math.max(peakRss, rssMb(server.child.pid!));
      const now = await sink.counts();
      if (now.messages > counts.messages) progressAt = Date.now();
      counts = now;
      if (Date.now() - progressAt > stallMs)
        throw new Error(`bench: the send stalled at ${counts.messages} of ${started.audience}`);
    }
    const cpu = cpuSeconds(server.child.pid!) - cpuBefore;
    const sinkCpu = cpuSeconds(sink.child.pid!) - sinkCpuBefore;
    const machineAfter = machineTicks();
    const machineBusy =
      (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total);
    // The last rows settle and the campaign is marked sent a moment after the last message.
    await sleep(1500);
    await server.stop();
    server = undefined;
    counts = await sink.counts();
    await checkLedger(backend, dataDir, campaign.id, started.audience, counts);
    const firstAt = counts.firstAt!;
    const lastAt = counts.lastAt!;
    return {
      connections,
      audience: started.audience,
      delivered: counts.messages,
      commandMs,
      firstMs: firstAt - began,
      wallMs: lastAt - began,
      steadyPerSecond: ((counts.messages - 1) * 1000) / Math.max(1, lastAt - firstAt),
      wallPerSecond: (counts.messages * 1000) / Math.max(1, lastAt - began),
      idleRss,
      peakRss,
      cpuSeconds: cpu,
      sinkCpuSeconds: sinkCpu,
      bytes: counts.bytes,
      load,
      machineBusy,
      peerPerSecond,
    };
  } finally {
    await server?.stop();
    await sink.close();
  }
}

/** Ledger and sink must agree with the audience, or the figure means nothing: throws. */
async function checkLedger(
  backend: Backend,
  dataDir: string,
  campaignId: string,
  audience: number,
  sink: SinkCounts,
) {
  const database = await openBackend(backend, dataDir);
  try {
    const accountId = await demoAccountId(database);
    const ledger = await ledgerFacts(database, { accountId, campaignId });
    const sent = ledger.states.sent ?? 0;
    const problems = [
      audience !== contactCount && `audience ${audience}, seeded ${contactCount}`,
      ledger.status !== "sent" && `campaign is ${ledger.status}, not sent`,
      sent !== audience && `ledger sent ${sent} of ${audience} (${JSON.stringify(ledger.states)})`,
      sink.messages !== audience && `sink received ${sink.messages} messages`,
      sink.recipients !== audience && `sink saw ${sink.recipients} distinct recipients`,
    ].filter(Boolean);
    if (problems.length) throw new Error(`bench: campaign send is wrong: ${problems.join("; ")}`);
  } finally {
    await database.close();
  }
}

async function benchBackend(backend: Backend, print: Print): Promise<Figure[]> {
  const seeded = tempDataDir("bench-campaigns");
  const runs: SendRun[] = [];
  try {
    await prepare(backend, seeded);
    for (const connections of connectionCounts) {
      // PGlite: every run from the same seeded copy; PostgreSQL: the same database, a new campaign.
      const pglite = !backend.env.DATABASE_URL;
      const dataDir = pglite ? tempDataDir("bench-campaigns-run") : seeded;
      if (pglite) fs.cpSync(seeded, dataDir, { recursive: true });
      try {
        runs.push(await sendOnce(backend, dataDir, connections));
      } finally {
        if (dataDir !== seeded) fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    fs.rmSync(seeded, { recursive: true, force: true });
  }
  print(
    `Campaign to ${contactCount} contacts through a local SMTP sink, ${backend.label} (built server, job queue, nodemailer pool; CAMPAIGN_MAX_RATE=0)`,
    [
      [
        "CAMPAIGN_CONNECTIONS",
        "delivered",
        "send command",
        "first message",
        "wall",
        "msg/s (wall)",
        "msg/s (first→last)",
        "RSS idle → peak",
        "server CPU (of 1 core)",
        "sink CPU",
        "machine busy",
        "load",
        "vs 1,000/s",
        "peer: render + SMTP alone",
      ],
      ...runs.map((run) => [
        String(run.connections),
        `${run.delivered} = ledger sent`,
        ms(run.commandMs),
        ms(run.firstMs),
        `${(run.wallMs / 1000).toFixed(1)} s`,
        run.wallPerSecond.toFixed(0),
        run.steadyPerSecond.toFixed(0),
        `${mb(run.idleRss)} → ${mb(run.peakRss)}`,
        `${run.cpuSeconds.toFixed(1)} s (${((run.cpuSeconds * 100000) / run.wallMs).toFixed(0)} %)`,
        `${run.sinkCpuSeconds.toFixed(1)} s`,
        `${(run.machineBusy * 100).toFixed(0)} %`,
        run.load.toFixed(1),
        ratio(run.wallPerSecond / goalPerSecond),
        `${run.peerPerSecond.toFixed(0)} msg/s → ${ratio(run.wallPerSecond / run.peerPerSecond)}`,
      ]),
    ],
  );
  if (runs[0])
    console.log(
      `  ${(runs[0].bytes / runs[0].delivered / 1024).toFixed(1)} KB per message as the sink read it`,
    );
  return runs.map((run) => ({
    figure: `campaign to ${run.audience} contacts, SMTP sink, ${run.connections} connections (${backend.label})`,
    measured: `${run.wallPerSecond.toFixed(0)} msg/s; first message ${ms(run.firstMs)}; peak RSS ${mb(run.peakRss)}`,
    goal: `≥ ${goalPerSecond} msg/s`,
    peer:
      `goal → ${ratio(run.wallPerSecond / goalPerSecond)}; render + SMTP alone ${run.peerPerSecond.toFixed(0)}/s → ` +
      `${ratio(run.wallPerSecond / run.peerPerSecond)}; listmonk ≈ ${listmonkPerSecond}/s (published) → ${ratio(run.wallPerSecond / listmonkPerSecond)}`,
    met: atLeast(run.wallPerSecond, goalPerSecond),
  }));
}

export async function benchCampaigns({ print }: { print: Print }): Promise<Figure[]> {
  if (profileDir) fs.mkdirSync(profileDir, { recursive: true });
  const figures: Figure[] = [];
  if (process.env.BENCH_CAMPAIGN_SEND !== "0") {
    if (backends.includes("pglite"))
      figures.push(...(await benchBackend({ label: "PGlite", env: {} }, print)));
    const adminUrl = postgresAdminUrl();
    if (!backends.includes("postgres")) {
      // PostgreSQL left out by BENCH_CAMPAIGN_BACKENDS.
    } else if (adminUrl) {
      const database = await scratchPostgres(adminUrl);
      try {
        figures.push(...(await benchBackend({ label: "PostgreSQL", env: database.env }, print)));
      } finally {
        await database.drop();
      }
    } else {
      figures.push({
        figure: "campaign send to a local SMTP sink (PostgreSQL)",
        measured: "n/a (no BENCH_DATABASE_URL or TEST_DATABASE_URL)",
        goal: `≥ ${goalPerSecond} msg/s`,
        met: null,
      });
    }
  }
  if (process.env.BENCH_CAMPAIGN_SEGMENTS !== "0")
    figures.push(...(await benchCampaignSegments({ print })));
  return figures;
}
