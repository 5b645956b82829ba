// `npm test`: a production build (page tests and browser journeys use it), unit and
// integration tests (Vitest), then the browser journeys (Playwright in Debian's Chromium). Ends with one line CI can read: "N passed, N failed".
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

const tmp = path.resolve(".tmp");
fs.mkdirSync(tmp, { recursive: true });
const vitestReport = path.join(tmp, "vitest-report.json");
const playwrightReport = path.join(tmp, "playwright-report.json");

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chromium)) {
  console.error(
    `npm test needs Chromium for the browser tests, and none was found at ${chromium}.\n` +
      "Install Debian's package (sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary.",
  );
  process.exit(1);
}

function run(command: string, args: string[], env: Record<string, string> = {}): number {
  console.log(`\n$ ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function readJson(file: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

fs.rmSync(vitestReport, { force: true });
fs.rmSync(playwrightReport, { force: true });

const buildExit = run("react-router", ["build"]);
const vitestExit =
  buildExit === 0
    ? run("vitest", [
        "run",
        "--reporter=default",
        "--reporter=json",
        `--outputFile.json=${vitestReport}`,
      ])
    : 1;
const playwrightExit =
  buildExit === 0
    ? run("playwright", ["test", "--reporter=list,json"], {
        PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
      })
    : 1;

type VitestFile = {
  name: string;
  startTime: number;
  endTime: number;
  assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[];
};
type PlaywrightSuite = {
  file: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    tests: {
      status: string;
      results: {
        duration: number;
        error?: { message?: string };
        attachments?: { name: string; path?: string }[];
      }[];
    }[];
  }[];
};
const vitest = readJson(vitestReport) as
  | {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
      testResults?: VitestFile[];
    }
  | undefined;
const playwright = readJson(playwrightReport) as
  | {
      stats: {
        expected: number;
        unexpected: number;
        flaky: number;
        skipped: number;
        duration: number;
      };
      suites?: PlaywrightSuite[];
    }
  | undefined;

const passed =
  (vitest?.numPassedTests ?? 0) +
  (playwright?.stats.expected ?? 0) +
  (playwright?.stats.flaky ?? 0);
const failed = (vitest?.numFailedTests ?? 0) + (playwright?.stats.unexpected ?? 0);
const skipped =
  (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (playwright?.stats.skipped ?? 0);

const problems: string[] = [];
if (!vitest) problems.push("vitest produced no report");
if (!playwright) problems.push("playwright produced no report");
if (buildExit !== 0) problems.push("the build failed");
if (vitestExit !== 0 && failed === 0) problems.push(`vitest exited with ${vitestExit}`);
if (playwrightExit !== 0 && failed === 0) problems.push(`playwright exited with ${playwrightExit}`);
/** Where the minutes went: the slowest files of each runner, and each runner's total. */
function printSlowest(title: string, seconds: Map<string, number>, total: number | undefined) {
  const rows = [...seconds].sort((a, b) => b[1] - a[1]).slice(0, 15);
  if (rows.length === 0) return;
  const sum = [...seconds.values()].reduce((all, one) => all + one, 0);
  console.log(
    `\n${title}: ${total === undefined ? "" : `${Math.round(total)} s wall, `}` +
      `${Math.round(sum)} s in ${seconds.size} files; the slowest:`,
  );
  for (const [file, time] of rows)
    console.log(`${time.toFixed(1).padStart(8)} s  ${path.relative(process.cwd(), file)}`);
}

const vitestFiles = vitest?.testResults ?? [];
printSlowest(
  "Vitest",
  new Map(vitestFiles.map((file) => [file.name, (file.endTime - file.startTime) / 1000])),
  vitestFiles.length
    ? (Math.max(...vitestFiles.map((file) => file.endTime)) -
        Math.min(...vitestFiles.map((file) => file.startTime))) /
        1000
    : undefined,
);

const specSeconds = new Map<string, number>();
function addSuite(suite: PlaywrightSuite) {
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests)
      for (const result of test.results)
        specSeconds.set(suite.file, (specSeconds.get(suite.file) ?? 0) + result.duration / 1000);
  for (const inner of suite.suites ?? []) addSuite({ ...inner, file: suite.file });
}
for (const suite of playwright?.suites ?? []) addSuite(suite);
printSlowest("Playwright", specSeconds, playwright ? playwright.stats.duration / 1000 : undefined);

// The failures by name at the end, where a CI log shown from its tail still has them, each
// with the first lines of why (and, for a journey, what the page showed): a log cut from its
// head keeps no other trace of a failure that happens once in many runs.
const failures: string[] = [];
const firstLines = (text: string, count: number) =>
  stripVTControlCharacters(text)
    .split("\n")
    .filter((line) => line.trim())
    .slice(0, count)
    .map((line) => `      ${line.slice(0, 200)}`)
    .join("\n");
for (const file of vitestFiles)
  for (const test of file.assertionResults ?? [])
    if (test.status === "failed")
      failures.push(
        `vitest  ${path.relative(process.cwd(), file.name)} › ${test.fullName}\n` +
          firstLines(test.failureMessages?.[0] ?? "", 12),
      );
/** What the page showed (Playwright's error context) and what a spec attached of its server. */
function pageSnapshot(attachments: { name: string; path?: string }[] = []) {
  const read = (name: string, title: string, pick: (lines: string) => string) => {
    const found = attachments.find((one) => one.name === name && one.path);
    try {
      return found?.path ? `\n      ${title}:\n${pick(fs.readFileSync(found.path, "utf8"))}` : "";
    } catch {
      return "";
    }
  };
  return (
    read("error-context", "what the page showed", (text) => firstLines(text, 40)) +
    read("server-and-page", "what the page and server said (its head and tail)", (text) => {
      const lines = text.split("\n");
      const shown = lines.length <= 33 ? lines : [...lines.slice(0, 8), "…", ...lines.slice(-24)];
      return firstLines(shown.join("\n"), 33);
    })
  );
}
function addFailures(suite: PlaywrightSuite) {
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests)
      if (test.status === "unexpected") {
        const last = test.results.at(-1);
        failures.push(
          `playwright  ${suite.file} › ${spec.title}\n` +
            firstLines(last?.error?.message ?? "", 8) +
            pageSnapshot(last?.attachments),
        );
      }
  for (const inner of suite.suites ?? []) addFailures({ ...inner, file: suite.file });
}
for (const suite of playwright?.suites ?? []) addFailures(suite);
if (failures.length) console.log(`\nFailed:\n${failures.map((line) => `  ${line}`).join("\n")}`);

if (process.env.TEST_DATABASE_URL)
  console.log(`\nDatabase tests also ran on PostgreSQL (TEST_DATABASE_URL).`);
for (const problem of problems) console.error(`error: ${problem}`);

console.log(
  `\n${passed} passed, ${failed + problems.length} failed${skipped ? `, ${skipped} skipped` : ""}`,
);
process.exit(failed === 0 && problems.length === 0 && passed > 0 ? 0 : 1);
