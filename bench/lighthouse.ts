// Lighthouse (the npm package) in Debian's Chromium on the public site's home and a blog post.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";

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
  return {
    port,
    stop() {
      child.kill("SIGKILL");
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

const categories = ["performance", "accessibility", "best-practices", "seo"] as const;

/** The four category scores (0–100) for each URL; goal ≥ 95 each. */
export async function benchLighthouse(urls: string[]): Promise<string[][]> {
  if (!fs.existsSync(chromium)) return [["lighthouse: no Chromium at " + chromium]];
  const browser = await launchChromium();
  const rows: string[][] = [["page (goal ≥ 95 each)", ...categories]];
  try {
    for (const url of urls) {
      const result = await lighthouse(url, {
        port: browser.port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...categories],
        // A desktop run: the bench measures the server and markup, not a throttled phone.
        formFactor: "desktop",
        screenEmulation: { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1 },
        throttlingMethod: "provided",
      });
      const scores = categories.map((c) => {
        const score = result?.lhr.categories[c]?.score;
        return score === null || score === undefined ? "-" : String(Math.round(score * 100));
      });
      rows.push([url, ...scores]);
    }
  } finally {
    browser.stop();
  }
  return rows;
}
