// Issue 37: every public page type passes the W3C Nu HTML checker (vnu) with no error. The pages
// come from the built server on the demo, as a visitor gets them, and are checked in one run of
// the checker: one JVM start costs seconds, one per page would cost a minute.
import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { expect, test } from "vitest";
import { startDemoServer } from "./e2e/support/demo-server";
import { tempDataDir } from "./e2e/support/server";
import { createPost } from "./factories";

/** Each public page type once, on the site whose seed shows it, with the status it answers. */
const pages: { site: string; path: string; status?: number }[] = [
  { site: "demo", path: "/" },
  { site: "demo", path: "/about" },
  { site: "demo", path: "/blog" },
  { site: "demo", path: "/blog/colour-theory" },
  { site: "demo", path: "/blog/category/study-tips" },
  { site: "demo", path: "/blog/tag/habits" },
  { site: "demo", path: "/course" },
  { site: "demo", path: "/course/design-foundations" },
  { site: "demo", path: "/product/design-foundations" },
  { site: "demo", path: "/product/gold" },
  { site: "demo", path: "/checkout" },
  { site: "demo", path: "/docs" },
  { site: "demo", path: "/docs/getting-started" },
  { site: "demo", path: "/book" },
  { site: "demo", path: "/book/career-coaching" },
  { site: "demo", path: "/form/newsletter" },
  { site: "demo", path: "/f/design-launch/guide" },
  { site: "demo", path: "/thankyou" },
  { site: "demo", path: "/subscribed" },
  { site: "demo", path: "/login" },
  { site: "demo", path: "/signup" },
  { site: "demo", path: "/no-such-page", status: 404 },
  // Another theme (boxed, serif) and a right-to-left site.
  { site: "acme", path: "/" },
  { site: "souk", path: "/" },
  // The platform's own site, and the page of a host that is no site.
  { site: "", path: "/" },
  { site: "", path: "/product" },
  { site: "", path: "/use-cases" },
  { site: "", path: "/pricing" },
  { site: "", path: "/features" },
  { site: "", path: "/signup" },
  { site: "nowhere", path: "/", status: 404 },
];

function get(port: number, host: string, urlPath: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.get(
      { host: "127.0.0.1", port, path: urlPath, headers: { host, "accept-language": "en" } },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
  });
}

// The package's main export is the path of its vnu.jar (a String object; it has no types).
const vnuJar = String(createRequire(import.meta.url)("vnu-jar"));

type NuMessage = {
  type: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
};

/** The checker's errors on these files; it writes its JSON report to stderr. */
function nuErrors(files: string[]): Promise<NuMessage[]> {
  const args = ["-jar", vnuJar, "--format", "json", "--errors-only", ...files];
  return new Promise((resolve, reject) => {
    execFile("java", args, { maxBuffer: 64 * 1024 * 1024 }, (error, _stdout, stderr) => {
      try {
        resolve((JSON.parse(stderr) as { messages: NuMessage[] }).messages);
      } catch {
        reject(error ?? new Error(`vnu printed no report:\n${stderr}`));
      }
    });
  });
}

const hasJava = spawnSync("java", ["-version"]).status === 0;

test("I37 the Nu checker finds 0 errors on every public page type", async (context) => {
  if (!hasJava) context.skip("no `java` on PATH: the Nu checker (vnu.jar) needs Java 11 or later");
  // The demo's posts have no categories nor tags: one more post gives their archives a page.
  const { server, dataDir } = await startDemoServer("nu", (database, accountId) =>
    createPost(database, {
      accountId,
      title: "Study habits that stick",
      slug: "study-habits",
      categories: ["Study tips"],
      tags: ["habits"],
    }),
  );
  const outDir = tempDataDir("nu-pages");
  try {
    const files = new Map<string, string>();
    const statuses: string[] = [];
    for (const page of pages) {
      const host = page.site ? `${page.site}.localhost:${server.port}` : `localhost:${server.port}`;
      const { status, body } = await get(server.port, host, page.path);
      const name = `${page.site || "platform"}${page.path}`;
      if (status !== (page.status ?? 200)) statuses.push(`${name} answered ${status}`);
      const file = path.join(outDir, `${name.replace(/[^a-z0-9]+/gi, "-")}.html`);
      fs.writeFileSync(file, body);
      files.set(file, name);
    }
    expect(statuses).toEqual([]);
    const errors = (await nuErrors([...files.keys()])).filter((m) => m.type !== "info");
    const report = errors.map((m) => {
      const page = files.get(decodeURI(m.url.replace(/^file:/, ""))) ?? m.url;
      return `${page}:${m.lastLine ?? "?"} ${m.message}\n    ${m.extract ?? ""}`;
    });
    expect(report, report.join("\n")).toEqual([]);
  } finally {
    await server.stop("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}, 300_000);
