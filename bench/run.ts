// `npm run bench`: the built server on a fresh embedded database, measured from this machine
// against issue 12's goals. Each section prints its details; a summary of every figure with its
// goal, its peer or baseline and whether the goal is met comes last.
// `node bench/run.ts <section>[,<section>…]` runs only those sections: start, weight,
// lighthouse, cache, latency, renders, memory, postgres, sitemap, search, media, pages, gradebook,
// learning, checkout, console, contacts, campaigns, automations, automation-timeline, community,
// slots.
// BENCH_SECONDS (default 10) sets each load's length, BENCH_ROUNDS (3) the nginx rounds,
// BENCH_CONNECTIONS (20) the connections of the renders load.
import os from "node:os";
import path from "node:path";
import { runnerImport } from "vite";
import { benchLatency } from "./latency.ts";
import { benchLighthouse } from "./lighthouse.ts";
import { benchMedia } from "./media.ts";
import { benchPageCache } from "./page-cache.ts";
import { benchPostgres } from "./postgres.ts";
import { benchRenders } from "./renders.ts";
import { atMost, mb, print, printSummary, record } from "./report.ts";
import { demoHost, demoPages, rssMb, startBenchServer, warmPageCache } from "./server.ts";
import { sleep } from "./tools.ts";
import { benchWeight } from "./weight.ts";

// The server runs React's production build (server/main.ts); so do the sections that render in
// this process (pages): the development build's checks would be measured instead of the page.
process.env.NODE_ENV ??= "production";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** Issue 32's bound on the idle server's resident memory, PGlite (PostgreSQL's: bench/postgres.ts). */
const rssGoalPglite = 300;

const sections = [
  "start",
  "weight",
  "lighthouse",
  "cache",
  "latency",
  "renders",
  "memory",
  "postgres",
  "sitemap",
  "search",
  "media",
  "pages",
  "gradebook",
  "learning",
  "checkout",
  "console",
  "contacts",
  "campaigns",
  "automations",
  "automation-timeline",
  "community",
  "slots",
] as const;
const serverSections = ["start", "weight", "lighthouse", "cache", "latency", "renders", "memory"];
const loadSections = ["cache", "latency", "renders"];

const only = process.argv[2]?.split(",").filter(Boolean);
const unknown = only?.filter((s) => !(sections as readonly string[]).includes(s)) ?? [];
if (unknown.length > 0) {
  console.error(`bench: unknown section ${unknown.join(", ")}; sections: ${sections.join(", ")}`);
  process.exit(2);
}
const wanted = (section: string) => !only || only.includes(section);

/**
 * Loads a bench module through Vite's module runner with vitest.config.ts's `~/` alias: modules
 * that import the app's own code (extensionless, `~/`) cannot run under Node's type stripping.
 */
async function importWithAppAliases<T>(file: string): Promise<T> {
  const app = `${path.resolve(import.meta.dirname, "../app")}/`;
  const { module } = await runnerImport<T>(path.resolve(import.meta.dirname, file), {
    resolve: { alias: [{ find: /^~\//, replacement: app }] },
    // The runner has no CSS pipeline: a sheet (the page blocks' module) becomes its class names.
    plugins: [
      {
        name: "bench-css-stub",
        enforce: "pre",
        resolveId: (id: string) => (/\.css(\?|$)/.test(id) ? `\0bench-css:${id}.js` : undefined),
        load: (id: string) =>
          id.startsWith("\0bench-css:")
            ? "export default new Proxy({}, { get: (_, name) => String(name) });"
            : undefined,
      },
    ],
    logLevel: "warn",
  });
  return module;
}

console.log(
  `Lyceum bench: ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}, Node ${process.version}; ${seconds} s per load (BENCH_SECONDS)`,
);

if (serverSections.some(wanted)) {
  // The first start on an empty data directory: migrations and the demo seed included.
  const server = await startBenchServer();
  try {
    await sleep(2000);
    const rssAfterStart = rssMb(server.child.pid!);
    const pages = await demoPages(server.port);
    const page = (name: string) => pages.find((p) => p.name === name)!;
    if (wanted("start")) {
      print("First start, PGlite, empty data directory", [
        ["spawn → listening", "idle RSS 2 s later"],
        [`${(server.startMs / 1000).toFixed(2)} s`, mb(rssAfterStart)],
      ]);
      record({
        figure: "first start on an empty data dir (PGlite, with the demo seed)",
        measured: `${(server.startMs / 1000).toFixed(2)} s`,
        goal: "≤ 3 s",
        met: atMost(server.startMs, 3000),
      });
    }
    // Issue 32 weighs and scores a page built with blocks too: the demo's "Our story".
    const shown = [...pages, { name: "page", path: "/about" }];
    if (wanted("weight")) await benchWeight(server.port, shown, print);
    if (wanted("lighthouse")) {
      await warmPageCache(server.port, shown);
      await benchLighthouse(
        shown.map((p) => ({ name: p.name, url: `http://${demoHost}:${server.port}${p.path}` })),
        print,
      );
    }
    if (wanted("cache"))
      await benchPageCache(server.port, page("home"), { seconds, rounds }, print);
    if (wanted("latency")) await benchLatency(server.port, page("home"), { seconds }, print);
    const renderOptions = { seconds, connections, label: "PGlite" };
    if (wanted("renders")) await benchRenders(server.port, pages, renderOptions, print);
    if (wanted("memory")) {
      // Run alone, the section brings its own load: the renders, kept out of the summary.
      if (!loadSections.some(wanted)) {
        await benchRenders(server.port, pages, { ...renderOptions, summarise: false }, print);
      }
      await sleep(5000);
      const rssAfterLoads = rssMb(server.child.pid!);
      print("Idle resident memory of the server process, PGlite", [
        ["after start", "after the loads (5 s idle)"],
        [mb(rssAfterStart), mb(rssAfterLoads)],
      ]);
      for (const [when, value] of [
        ["start", rssAfterStart],
        ["the loads", rssAfterLoads],
      ] as const) {
        record({
          figure: `idle RSS after ${when} (PGlite)`,
          measured: mb(value),
          goal: `≤ ${rssGoalPglite} MB`,
          met: atMost(value, rssGoalPglite),
        });
      }
    }
  } finally {
    await server.dispose();
  }
}

if (wanted("postgres")) await benchPostgres({ seconds, connections }, print);

if (wanted("sitemap")) {
  const { benchSitemap } = await importWithAppAliases<typeof import("./sitemap.ts")>("sitemap.ts");
  await benchSitemap({ print });
}

if (wanted("search")) {
  const { benchSearch } = await importWithAppAliases<typeof import("./search.ts")>("search.ts");
  await benchSearch({ print });
}

if (wanted("media")) await benchMedia({ print });
if (wanted("pages")) {
  const { benchPageRender } =
    await importWithAppAliases<typeof import("./page-render.ts")>("page-render.ts");
  for (const figure of await benchPageRender({ print })) record(figure);
}

if (wanted("gradebook")) {
  const { benchGradebook } =
    await importWithAppAliases<typeof import("./gradebook.ts")>("gradebook.ts");
  for (const figure of await benchGradebook({ print })) record(figure);
}

if (wanted("learning")) {
  const { benchLearning } =
    await importWithAppAliases<typeof import("./learning.ts")>("learning.ts");
  for (const figure of await benchLearning({ seconds, print })) record(figure);
}

if (wanted("checkout")) {
  // Plain Node (no app code): imported as it is, only when asked for.
  const { benchCheckout } = await import("./checkout.ts");
  for (const figure of await benchCheckout({ seconds, print })) record(figure);
}

if (wanted("contacts")) {
  const { benchContacts } =
    await importWithAppAliases<typeof import("./contacts.ts")>("contacts.ts");
  for (const figure of await benchContacts({ print })) record(figure);
}

if (wanted("campaigns")) {
  const { benchCampaigns } =
    await importWithAppAliases<typeof import("./campaigns.ts")>("campaigns.ts");
  for (const figure of await benchCampaigns({ print })) record(figure);
}

if (wanted("automations")) {
  const { benchAutomations } =
    await importWithAppAliases<typeof import("./automations.ts")>("automations.ts");
  for (const figure of await benchAutomations({ print })) record(figure);
}

if (wanted("automation-timeline")) {
  const { benchAutomationTimeline } =
    await importWithAppAliases<typeof import("./automation-timeline.ts")>("automation-timeline.ts");
  for (const figure of await benchAutomationTimeline({ print })) record(figure);
}

if (wanted("community")) {
  const { benchCommunity } =
    await importWithAppAliases<typeof import("./community.ts")>("community.ts");
  for (const figure of await benchCommunity({ print })) record(figure);
}

if (wanted("slots")) {
  const { benchSlots } = await importWithAppAliases<typeof import("./slots.ts")>("slots.ts");
  for (const figure of await benchSlots({ print })) record(figure);
}

if (wanted("console")) {
  const { benchConsole } = await importWithAppAliases<typeof import("./console.ts")>("console.ts");
  for (const figure of await benchConsole({ print })) record(figure);
}

printSummary();
