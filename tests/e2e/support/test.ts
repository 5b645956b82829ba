import fs from "node:fs";
import path from "node:path";
import { test as base, expect, type BrowserContext, type Response } from "@playwright/test";
import { projectRoot } from "./server";

export * from "@playwright/test";
export { expect };

const assets = path.join(projectRoot, "build/client");
const textTypes = /^(text\/html|text\/css|text\/javascript|application\/javascript)/;

/**
 * Issue 12's bar on every page the browser tests visit: HTML, scripts and styles from our
 * server arrive compressed, with `Vary: Accept-Encoding`. A file too small to be worth it has no
 * precompressed copy (scripts/vite-precompress.ts) and goes as it is.
 */
async function encodingProblem(response: Response): Promise<string | null> {
  const url = new URL(response.url());
  if (!/^(.+\.)?localhost$/.test(url.hostname) || response.status() !== 200) return null;
  const headers = await response.allHeaders().catch(() => null);
  if (!headers || !textTypes.test(headers["content-type"] ?? "")) return null;
  if (
    url.pathname.startsWith("/assets/") &&
    !fs.existsSync(path.join(assets, `${url.pathname}.br`))
  )
    return null;
  const encoding = headers["content-encoding"];
  const vary = headers["vary"] ?? "";
  if ((encoding === "br" || encoding === "gzip") && /accept-encoding/i.test(vary)) return null;
  return `${url.pathname}${url.search}: content-encoding ${encoding ?? "none"}, vary "${vary}"`;
}

type EncodingWatch = { watch: (context: BrowserContext) => void };

export const test = base.extend<{ encodingWatch: EncodingWatch }>({
  encodingWatch: [
    async ({ browser }, use) => {
      const checks: Promise<string | null>[] = [];
      const watch = (context: BrowserContext) =>
        context.on("response", (response) => checks.push(encodingProblem(response)));
      // Contexts a test opens itself are watched too.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const context = await newContext(...args);
        watch(context);
        return context;
      };
      await use({ watch });
      browser.newContext = newContext;
      const problems = (await Promise.all(checks)).filter(Boolean);
      expect(problems, "responses that arrived uncompressed").toEqual([]);
    },
    { auto: true },
  ],
  context: async ({ context, encodingWatch }, use) => {
    encodingWatch.watch(context);
    await use(context);
  },
});
