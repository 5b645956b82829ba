// The page cache against the fastest thing that could serve the same page: nginx sending the
// same bytes from a file (Debian's nginx, loopback only, one worker like our one process).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { send } from "../tests/e2e/support/http.ts";

type Load = { duration: number; connections: number };

export async function load(
  { port, host, path: urlPath }: { port: number; host: string; path: string },
  { duration, connections }: Load,
) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${urlPath}`,
    headers: { host },
    connections,
    duration,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** nginx from Debian; installed on the spot when missing and we may (root, apt-get). */
function findNginx(): string | null {
  const binary = "/usr/sbin/nginx";
  if (fs.existsSync(binary)) return binary;
  if (process.getuid?.() === 0) {
    console.log("bench: installing Debian's nginx-light for the comparison…");
    spawnSync("apt-get", ["install", "-y", "-qq", "nginx-light"], { stdio: "ignore" });
  }
  return fs.existsSync(binary) ? binary : null;
}

/** Serves `body` as one static file; resolves once it listens. */
async function startNginx(binary: string, body: Buffer) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "lyceum-nginx-"));
  fs.writeFileSync(path.join(root, "page.html"), body);
  // nginx started by root serves as an unprivileged worker, which must be able to read it.
  fs.chmodSync(root, 0o755);
  fs.chmodSync(path.join(root, "page.html"), 0o644);
  const port = await freePort();
  const config = path.join(root, "nginx.conf");
  fs.writeFileSync(
    config,
    `worker_processes 1;
daemon off;
error_log ${root}/error.log warn;
pid ${root}/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  types { text/html html; }
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / { try_files /page.html =404; }
  }
}
`,
  );
  const child = spawn(binary, ["-c", config, "-p", root], { stdio: "ignore" });
  for (let i = 0; i < 50; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    stop() {
      child.kill("SIGTERM");
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/** The path of the newest post on demo's blog. */
export async function firstBlogPost(port: number): Promise<string> {
  const blog = await send({ port, host: "demo.localhost", path: "/blog" });
  const slug = /href="\/blog\/([^"?#/]+)"/.exec(blog.body)?.[1];
  if (!slug) throw new Error("bench: the demo blog lists no post");
  return `/blog/${slug}`;
}

/** Cached and uncached renders of one blog post, and nginx on the same bytes. */
export async function benchPageCache(serverPort: number, options: Load): Promise<string[][]> {
  const host = "demo.localhost";
  const postPath = await firstBlogPost(serverPort);
  await send({ port: serverPort, host, path: postPath });
  const cachedResponse = await send({ port: serverPort, host, path: postPath });
  if (cachedResponse.headers["x-page-cache"] !== "hit") {
    throw new Error("bench: the blog post did not come from the page cache");
  }
  const bytes = Buffer.from(cachedResponse.body);

  const rows: string[][] = [];
  const row = (name: string, r: Awaited<ReturnType<typeof load>>) =>
    rows.push([name, r.rps.toFixed(0), String(r.p50), String(r.p99), String(r.failures)]);
  const cached = await load({ port: serverPort, host, path: postPath }, options);
  row(`cached ${postPath}`, cached);
  // An unknown query parameter always renders: the uncached cost of the same page.
  const uncached = await load({ port: serverPort, host, path: `${postPath}?render=1` }, options);
  row(`uncached ${postPath}`, uncached);

  const nginxBinary = findNginx();
  if (!nginxBinary) {
    rows.push(["nginx (not installed: apt-get install nginx-light)", "-", "-", "-", "-"]);
    return rows;
  }
  const nginx = await startNginx(nginxBinary, bytes);
  try {
    const fromFile = await load({ port: nginx.port, host: "localhost", path: "/" }, options);
    row(`nginx, same ${bytes.length} bytes from a file`, fromFile);
    rows.push([
      `cached / nginx (goal ≥ 0.5)`,
      (cached.rps / Math.max(1, fromFile.rps)).toFixed(2),
      "",
      "",
      "",
    ]);
    rows.push([
      "cached / uncached",
      (cached.rps / Math.max(1, uncached.rps)).toFixed(1),
      "",
      "",
      "",
    ]);
  } finally {
    nginx.stop();
  }
  return rows;
}
