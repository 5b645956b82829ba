// What a first visit costs on the wire: each public page loaded once in Debian's Chromium with an
// empty cache, every response's bytes as received (compressed as served) read from DevTools
// Network events. The document itself is a page-cache hit, as a visitor usually gets it.
import fs from "node:fs";
import { chromium } from "@playwright/test";
import { atMost, kb, notMeasured, record, type Print } from "./report.ts";
import { demoHost, warmPageCache } from "./server.ts";

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

type Page = { name: string; path: string };

type Weight = {
  /** Every response, headers included: the bytes a first visit downloads. */
  total: number;
  requests: number;
  /** Response bodies (as encoded on the wire) by DevTools resource type. */
  body: Record<string, number>;
  documentCache: string;
  documentEncoding: string;
};

/**
 * Issue 32's bars on a first visit (the islands, decision 048), and the one of issue 12 it left
 * alone (CSS). `before` is the largest page's figure before the islands (home, post, course).
 */
export const weightGoals = [
  {
    key: "total",
    label: "first visit, all bytes on the wire",
    goal: 150,
    unit: "KB",
    before: "429 KB",
  },
  { key: "requests", label: "first visit, requests", goal: 15, unit: "", before: "131" },
  { key: "Script", label: "first visit, JS (compressed)", goal: 60, unit: "KB", before: "271 KB" },
  { key: "Stylesheet", label: "first visit, CSS (compressed)", goal: 25, unit: "KB" },
  { key: "Document", label: "first visit, cached HTML (compressed)", goal: 15, unit: "KB" },
] as const satisfies readonly {
  key: string;
  label: string;
  goal: number;
  unit: "KB" | "";
  before?: string;
}[];

async function measure(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  url: string,
): Promise<Weight> {
  // A new context is a new profile: nothing cached, no cookies.
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const responses = new Map<
    string,
    { type: string; headerBytes: number; bytes: number; headers: Record<string, string> }
  >();
  const entry = (id: string) => {
    let found = responses.get(id);
    if (!found) {
      found = { type: "Other", headerBytes: 0, bytes: 0, headers: {} };
      responses.set(id, found);
    }
    return found;
  };
  cdp.on("Network.responseReceived", (event) => {
    const found = entry(event.requestId);
    found.type = event.type;
    found.headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
  });
  cdp.on("Network.responseReceivedExtraInfo", (event) => {
    entry(event.requestId).headerBytes = Buffer.byteLength(event.headersText ?? "");
  });
  cdp.on("Network.loadingFinished", (event) => {
    entry(event.requestId).bytes = event.encodedDataLength;
  });
  await cdp.send("Network.enable");
  // What the brief's browsers send; Chromium would also offer deflate and zstd.
  await cdp.send("Network.setExtraHTTPHeaders", { headers: { "Accept-Encoding": "br, gzip" } });
  try {
    await page.goto(url, { waitUntil: "networkidle" });
    // Late requests (analytics after idle, lazy images) belong to the first visit too.
    await page.waitForTimeout(1000);
  } finally {
    await context.close();
  }
  const weight: Weight = {
    total: 0,
    requests: 0,
    body: {},
    documentCache: "?",
    documentEncoding: "identity",
  };
  for (const response of responses.values()) {
    if (response.bytes === 0 && response.headerBytes === 0) continue;
    weight.total += response.bytes;
    weight.requests += 1;
    const body = Math.max(0, response.bytes - response.headerBytes);
    weight.body[response.type] = (weight.body[response.type] ?? 0) + body;
    if (response.type === "Document") {
      weight.documentCache = response.headers["x-page-cache"] ?? "none";
      weight.documentEncoding = response.headers["content-encoding"] ?? "identity";
    }
  }
  return weight;
}

export async function benchWeight(port: number, pages: Page[], print: Print) {
  if (!fs.existsSync(chromiumPath)) {
    for (const g of weightGoals)
      notMeasured(
        g.label,
        `≤ ${g.goal}${g.unit ? ` ${g.unit}` : ""}`,
        `no Chromium at ${chromiumPath}`,
      );
    return;
  }
  // Fill the page cache so each document below is a hit (keyed by the browser's Host: with port).
  await warmPageCache(port, pages);
  const browser = await chromium.launch({ executablePath: chromiumPath });
  const weights: { page: Page; weight: Weight }[] = [];
  try {
    for (const page of pages) {
      weights.push({
        page,
        weight: await measure(browser, `http://${demoHost}:${port}${page.path}`),
      });
    }
  } finally {
    await browser.close();
  }
  const types = ["Document", "Script", "Stylesheet", "Font", "Image", "Fetch", "Other"];
  print(
    "First visit, empty cache, Chromium 1280×720 (KB; bodies compressed as served, total with headers)",
    [
      ["page", "requests", "total", ...types, "HTML cache", "HTML encoding"],
      ...weights.map(({ page, weight }) => [
        `${page.name} ${page.path}`,
        String(weight.requests),
        kb(weight.total),
        ...types.map((t) =>
          t === "Other"
            ? kb(
                Object.entries(weight.body)
                  .filter(([k]) => !types.includes(k))
                  .reduce((sum, [, v]) => sum + v, weight.body.Other ?? 0),
              )
            : kb(weight.body[t] ?? 0),
        ),
        weight.documentCache,
        weight.documentEncoding,
      ]),
    ],
  );
  for (const goal of weightGoals) {
    const value = (w: Weight) =>
      goal.key === "total"
        ? w.total
        : goal.key === "requests"
          ? w.requests
          : (w.body[goal.key] ?? 0);
    const worst = weights.reduce((a, b) => (value(b.weight) > value(a.weight) ? b : a));
    const measured = value(worst.weight);
    const inKb = goal.unit === "KB";
    record({
      figure: `${goal.label} (largest: ${worst.page.name})`,
      measured: inKb ? kb(measured) : String(measured),
      goal: `≤ ${goal.goal}${inKb ? " KB" : ""}`,
      before: "before" in goal ? goal.before : undefined,
      peer:
        goal.key === "Document" && worst.weight.documentEncoding === "identity"
          ? "served uncompressed"
          : undefined,
      met: atMost(measured, inKb ? goal.goal * 1024 : goal.goal),
    });
  }
}
