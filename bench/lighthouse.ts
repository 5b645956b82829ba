// Lighthouse (the npm package) in Debian's Chromium on the public site's home, a post, a course
// and a page built with blocks (issue 32: each page type): its default configuration, a phone
// (Moto G Power emulation) on simulated slow 4G with a 4× CPU slowdown, as PageSpeed Insights
// scores pages. Nothing of that config is overridden.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { atLeast, notMeasured, record, type Print } from "./report.ts";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Headless Chromium with a DevTools port Lighthouse can drive. */
async function launchChromium() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "lyceum-lh-"));
  const child = spawn(
    chromium,
    [
      "--headless=new",
      "--remote-debugging-port=0",
      "--no-first-run",
      "--no-sandbox",
      `--user-data-dir=${profile}`,
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`chromium did not start:\n${output}`)), 20_000);
    child.stderr!.on("data", (chunk) => {
      output += chunk;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return {
    port,
    async stop() {
      // Asked to quit, Chromium takes its helper processes along; they write into the profile
      // until then, so it is removed only after.
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    },
  };
}

/**
 * Issue 32 asks 100 for performance (it accepts 98 per page type, which the summary's figures
 * let a reader judge); the other goals are issue 12's.
 */
const categories = [
  { id: "performance", label: "Lighthouse mobile performance", goal: 100 },
  { id: "accessibility", label: "Lighthouse mobile accessibility", goal: 100 },
  { id: "best-practices", label: "Lighthouse mobile best practices", goal: 100 },
  { id: "seo", label: "Lighthouse mobile SEO", goal: 100 },
] as const;
const goalText = (goal: number) => (goal === 100 ? "100" : `≥ ${goal}`);

/** Mobile performance before the islands (issue 32) by page; the built page was not measured. */
const performanceBefore: Record<string, number> = { home: 71, post: 74, course: 74 };

/** The metrics behind the performance score, as Lighthouse simulated them. */
const metrics = [
  ["first-contentful-paint", "FCP"],
  ["largest-contentful-paint", "LCP"],
  ["total-blocking-time", "TBT"],
  ["cumulative-layout-shift", "CLS"],
  ["speed-index", "SI"],
] as const;

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];
type Scored = { name: string; url: string; score: (number | null)[]; lhr?: Result };

/** Audits that cost a category points: what to fix first. */
function failingAudits(lhr: Result, categoryId: string): string[] {
  return (lhr.categories[categoryId]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1)
    .map((audit) => audit!.id);
}

/** The four category scores (0–100) of each page, printed, and the lowest of each recorded. */
export async function benchLighthouse(pages: { name: string; url: string }[], print: Print) {
  if (!fs.existsSync(chromium)) {
    for (const c of categories) {
      notMeasured(c.label, goalText(c.goal), `no Chromium at ${chromium}`);
    }
    return;
  }
  const browser = await launchChromium();
  const scores: Scored[] = [];
  try {
    for (const page of pages) {
      const run = async () =>
        (
          await lighthouse(page.url, {
            port: browser.port,
            output: "json",
            logLevel: "error",
            onlyCategories: categories.map((c) => c.id),
          })
        )?.lhr;
      let lhr = await run();
      // A lost trace (NO_NAVSTART and the like) is Lighthouse's own hiccup: one more try.
      if (lhr?.runtimeError) {
        console.log(`lighthouse ${page.url}: ${lhr.runtimeError.message}; trying once more`);
        lhr = await run();
      }
      scores.push({
        ...page,
        lhr,
        score: categories.map((c) => {
          const score = lhr?.categories[c.id]?.score;
          return score === null || score === undefined ? null : Math.round(score * 100);
        }),
      });
    }
  } finally {
    await browser.stop();
  }
  const show = (score: number | null) => (score === null ? "-" : String(score));
  print("Lighthouse, default config: mobile, simulated slow 4G, 4× CPU slowdown", [
    [
      "page",
      ...categories.map((c) => `${c.id} (goal ${goalText(c.goal)})`),
      "performance before",
      ...metrics.map(([, m]) => m),
    ],
    ...scores.map((s) => [
      `${s.name} ${new URL(s.url).pathname}`,
      ...s.score.map(show),
      String(performanceBefore[s.name] ?? "-"),
      ...metrics.map(([id]) => s.lhr?.audits[id]?.displayValue ?? "-"),
    ]),
  ]);
  for (const s of scores) {
    const failing = categories.flatMap((c, i) =>
      // Performance's audits are the metrics printed above.
      c.id !== "performance" && s.lhr && s.score[i] !== null && s.score[i]! < c.goal
        ? [`${c.id}: ${failingAudits(s.lhr, c.id).join(", ")}`]
        : [],
    );
    if (failing.length > 0) console.log(`  ${s.name}, audits below 1: ${failing.join("; ")}`);
  }
  categories.forEach((category, i) => {
    const measured = scores.filter((s) => s.score[i] !== null);
    if (measured.length === 0) {
      notMeasured(category.label, goalText(category.goal), "Lighthouse returned no score");
      return;
    }
    if (category.id === "performance") {
      // Issue 32's bar is per page type: each page its own figure, beside its score before.
      for (const s of measured) {
        const before = performanceBefore[s.name];
        record({
          figure: `${category.label} (${s.name} ${new URL(s.url).pathname})`,
          measured: String(s.score[i]),
          goal: goalText(category.goal),
          before: before === undefined ? undefined : String(before),
          met: atLeast(s.score[i]!, category.goal),
        });
      }
      return;
    }
    const lowest = measured.reduce((a, b) => (b.score[i]! < a.score[i]! ? b : a));
    record({
      figure: `${category.label} (lowest: ${lowest.name})`,
      measured: String(lowest.score[i]),
      goal: goalText(category.goal),
      peer: measured.map((s) => `${s.name} ${s.score[i]}`).join(", "),
      met: atLeast(lowest.score[i]!, category.goal),
    });
  });
}
