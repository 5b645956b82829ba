// The built server as the bench sees it from outside: started on a fresh data directory (timed
// from spawn to "listening"), its resident memory from /proc, what /api/health reports, and the
// demo's pages and people. Nothing here changes the server.
import http from "node:http";
import fs from "node:fs";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { send, signIn } from "../tests/e2e/support/http.ts";
import { startServer, tempDataDir, type RunningServer } from "../tests/e2e/support/server.ts";

export const demoHost = "demo.localhost";
export const owner = { email: "owner@demo.test", password: "Lyceum-Demo-2026!" };
export const demoPeople = {
  owner,
  student: { email: "student@demo.test", password: owner.password },
};

export type BenchServer = RunningServer & {
  /** Milliseconds from spawn to the "listening" line. */
  startMs: number;
  dispose: () => Promise<void>;
};

/** Starts the built server on an empty PGlite directory, or on `env.DATABASE_URL`. */
export async function startBenchServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const dataDir = tempDataDir("bench");
  const started = performance.now();
  const server = await startServer({ dataDir, env: { LOG_LEVEL: "warn", ...env } }).catch(
    (error: unknown) => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw error;
    },
  );
  const startMs = performance.now() - started;
  return {
    ...server,
    startMs,
    dispose: async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A process and its descendants (cluster workers, if any), by process id. */
function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  const tree: number[] = [];
  const visit = (id: number) => {
    tree.push(id);
    for (const child of children.get(id) ?? []) visit(child);
  };
  visit(pid);
  return tree;
}

/** Resident memory of a process and its descendants (cluster workers, if any), in MB. */
export function rssMb(pid: number): number {
  let kilobytes = 0;
  for (const id of processTree(pid)) {
    try {
      const status = fs.readFileSync(`/proc/${id}/status`, "utf8");
      kilobytes += Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    } catch {
      // The process ended while we looked.
    }
  }
  return kilobytes / 1024;
}

/** CPU seconds (user + system, every thread) a process and its descendants have used so far. */
export function cpuSeconds(pid: number): number {
  let ticks = 0;
  for (const id of processTree(pid)) {
    try {
      const stat = fs.readFileSync(`/proc/${id}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended while we looked.
    }
  }
  // USER_HZ: 100 on Linux.
  return ticks / 100;
}

export type EventLoopDelay = { p50Ms: number; p99Ms: number; maxMs: number };

/** The event-loop delay the server reports on /api/health, or null while it reports none. */
export async function eventLoopDelay(port: number): Promise<EventLoopDelay | null> {
  const health = await send({ port, host: "localhost", path: "/api/health" });
  try {
    const loop = (JSON.parse(health.body) as { eventLoop?: Partial<EventLoopDelay> }).eventLoop;
    if (loop && typeof loop.p99Ms === "number") {
      return { p50Ms: Number(loop.p50Ms), p99Ms: loop.p99Ms, maxMs: Number(loop.maxMs) };
    }
  } catch {
    // Not JSON: treated as not reported.
  }
  return null;
}

/** A GET as a browser sends it (`Accept-Encoding: br, gzip`), the body left as served. */
export function getAsServed({
  port,
  host,
  path,
  agent,
}: {
  port: number;
  host: string;
  path: string;
  agent?: http.Agent;
}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = { host, "accept-encoding": "br, gzip" };
    const request = http.get({ host: "127.0.0.1", port, path, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.on("error", reject);
  });
}

/** The demo's home, its newest blog post and its first course. */
export async function demoPages(port: number) {
  const first = async (listing: string, prefix: string) => {
    const page = await send({ port, host: demoHost, path: listing });
    const slug = new RegExp(`href="${prefix}/([^"?#/]+)"`).exec(page.body)?.[1];
    if (!slug) throw new Error(`bench: demo's ${listing} links to no ${prefix}/… page`);
    return `${prefix}/${slug}`;
  };
  return [
    { name: "home", path: "/" },
    { name: "post", path: await first("/blog", "/blog") },
    { name: "course", path: await first("/course", "/course") },
  ];
}

/** Renders each page once for a browser on `demo.localhost:<port>`: its cache key has the port. */
export async function warmPageCache(port: number, pages: { path: string }[]) {
  for (const page of pages)
    await getAsServed({ port, host: `${demoHost}:${port}`, path: page.path });
}

/** Signs in as the demo's owner; the Cookie header to send from then on. */
export function signInOwner(port: number): Promise<string> {
  return signInDemo(port, owner);
}

/** Signs in as one of the demo's people; the Cookie header to send from then on. */
export function signInDemo(
  port: number,
  person: { email: string; password: string },
): Promise<string> {
  return signIn({ port, host: demoHost, ...person });
}

/** The lesson a signed-in person's `/course/{slug}/learn` sends them to. */
export async function playerLesson(port: number, slug: string, cookie: string): Promise<string> {
  const path = `/course/${slug}/learn`;
  const answer = await send({ port, host: demoHost, path, cookie });
  const location = answer.headers.location;
  if (answer.status !== 302 || typeof location !== "string" || !location.startsWith(path)) {
    throw new Error(`bench: ${path} answered ${answer.status}, not a lesson's address`);
  }
  return location;
}

/** The PostgreSQL server the bench may use: BENCH_DATABASE_URL, else TEST_DATABASE_URL. */
export const postgresAdminUrl = () =>
  process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

/** A new empty database on that server: the server's env for it, and `drop()`. */
export async function scratchPostgres(adminUrl: string) {
  const name = `lyceum_bench_${randomBytes(6).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    // A production server on PostgreSQL refuses to start without its own AUTH_SECRET.
    env: { DATABASE_URL: url.toString(), AUTH_SECRET: randomBytes(24).toString("hex") },
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
