import fs from "node:fs";
import { defineConfig } from "@playwright/test";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chromium)) {
  throw new Error(
    `Chromium not found at ${chromium}. Install Debian's package (sudo apt-get install chromium) or set CHROMIUM_PATH.`,
  );
}

/** Files whose tests run in one worker, one after another, for a minute or more (decision 059). */
const longFiles =
  /\/(xss|campaigns|posts|content-acceptance|forms|pages|site-settings-header)\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  globalSetup: "./tests/e2e/global-setup.ts",
  // A journey that takes 40 s on a quiet machine took over 60 s on CI's busy two cores (decision 046).
  timeout: 120_000,
  workers: 2,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // One more try in CI only, for Chromium's own hiccups under load (a screenshot refused with
  // "Unable to capture screenshot" on an unchanged page); the report still names such a test flaky.
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  // The kill -9 specs start and kill whole servers in rounds and load both cores: beside them,
  // other journeys' 5-second waits ran out (decision 046). They run last, after every other
  // journey (`--no-deps` runs one alone).
  //
  // The files that run as one long group in one worker go first (as Vitest's long files do,
  // decision 046): Playwright hands out groups in project order, and the xss journey (~110 s)
  // last in the alphabet ran alone at the end while the other worker had nothing left.
  projects: [
    { name: "long", testMatch: longFiles },
    { name: "journeys", testIgnore: [/-crash\.spec\.ts$/, longFiles] },
    { name: "crash", testMatch: /-crash\.spec\.ts$/, dependencies: ["long", "journeys"] },
  ],
  // Screenshot baselines (tests/e2e/support/screenshot.ts compares against them), one folder per
  // spec file. No platform in the path: they are rendered by Debian's Chromium on this machine
  // kind, as CI is (README, "Screenshot baselines").
  snapshotPathTemplate: "tests/e2e/__screenshots__/{testFilePath}/{arg}{ext}",
  expect: {
    // Twice Playwright's 5 s: two workers, their servers and Chromium share CI's two cores.
    timeout: 10_000,
    toHaveScreenshot: {
      // Same browser, same fonts, software rendering: repeated runs match to the pixel, so the
      // tolerances only absorb anti-aliasing noise at edges. A pixel counts as different past
      // 0.1 (YIQ distance, 0 to 1; Playwright's default 0.2 lets a light grey border vanish
      // unnoticed), and a screen may have 50 such pixels: a glyph's worth. A layout regression
      // (a shifted block, a changed colour, a missing control) moves thousands.
      threshold: 0.1,
      maxDiffPixels: 50,
      animations: "disabled",
      caret: "hide",
      scale: "css",
    },
  },
  use: {
    browserName: "chromium",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        // Fewer renderer processes: pages of the many *.localhost sites share up to four
        // instead of one per site and page. On site-chrome's 25 journeys this cut the
        // browsers' CPU by about a sixth (user 133 → 109 s, system 43 → 38 s; decision 056).
        "--disable-site-isolation-trials",
        "--renderer-process-limit=4",
        "--disable-renderer-accessibility",
      ],
    },
    screenshot: "only-on-failure",
  },
});
