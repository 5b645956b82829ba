// `npm test`: a production build (page tests and browser journeys use it), unit and
// integration tests (Vitest), then the browser journeys (Playwright in Debian's Chromium). Ends with one line CI can read: "N passed, N failed".
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

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

const vitest = readJson(vitestReport) as
  | {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
    }
  | undefined;
const playwright = readJson(playwrightReport) as
  { stats: { expected: number; unexpected: number; flaky: number; skipped: number } } | undefined;

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
if (process.env.TEST_DATABASE_URL)
  console.log(`\nDatabase tests also ran on PostgreSQL (TEST_DATABASE_URL).`);
for (const problem of problems) console.error(`error: ${problem}`);

console.log(
  `\n${passed} passed, ${failed + problems.length} failed${skipped ? `, ${skipped} skipped` : ""}`,
);
process.exit(failed === 0 && problems.length === 0 && passed > 0 ? 0 : 1);
