// The learning bench's clients (bench/learning.ts): requests as the demo site's own pages send
// them, timed to their last byte; a sign-in; a pool keeping N requests in flight; and wrk
// walking a list of paths. Plain Node: no app code.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { demoPassword } from "../scripts/demo-content.ts";
import { demoHost } from "./server.ts";
import { wrkTool } from "./tools.ts";

export type Reply = { status: number; ms: number; body: string; cookies: string[] };

/** One request to the demo site with its Origin (every non-GET needs it). */
export function call(
  port: number,
  method: string,
  requestPath: string,
  options: { cookie?: string; json?: unknown; agent?: http.Agent } = {},
): Promise<Reply> {
  const payload = options.json === undefined ? undefined : JSON.stringify(options.json);
  const headers: Record<string, string> = { host: demoHost, origin: `http://${demoHost}` };
  if (payload) headers["content-type"] = "application/json";
  if (options.cookie) headers.cookie = options.cookie;
  const { agent = false } = options;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, method, path: requestPath, headers, agent },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            ms: performance.now() - started,
            body,
            cookies: (response.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]!),
          }),
        );
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

/** Signs a demo person in through better-auth; the Cookie header to send from then on. */
export async function signIn(port: number, email: string) {
  const reply = await call(port, "POST", "/api/auth/sign-in/email", {
    json: { email, password: demoPassword },
  });
  if (reply.status !== 200 || !reply.cookies.some((c) => c.includes("session_token")))
    throw new Error(`bench: sign-in as ${email} answered ${reply.status}`);
  return reply.cookies.join("; ");
}

/** `work` for every item, `limit` at a time (a closed loop, as wrk's connections are); seconds. */
export async function inFlight<T>(
  items: T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<number> {
  const started = performance.now();
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return (performance.now() - started) / 1000;
}

export type Load = {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Answers other than 200, socket errors and timeouts. */
  bad: number;
  /** Those answers by status, e.g. "503×12", or "" when all were 200. */
  badStatuses: string;
};

const script = (paths: string[]) => `
local paths = {${paths.map((p) => JSON.stringify(p)).join(", ")}}
local threads, counter = {}, 0
function setup(thread)
  counter = counter + 1
  thread:set("id", counter)
  table.insert(threads, thread)
end
function init(args)
  n = id
  codes = {}
end
function request()
  n = n + 1
  return wrk.format(nil, paths[(n % #paths) + 1])
end
function response(status, headers, body)
  if status ~= 200 then codes[status] = (codes[status] or 0) + 1 end
end
function done(summary, latency, requests)
  local all, list = {}, {}
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("codes") or {}) do
      all[status] = (all[status] or 0) + count
    end
  end
  for status, count in pairs(all) do table.insert(list, '"' .. status .. '":' .. count) end
  local e = summary.errors
  io.write(string.format(
    'BENCHJSON {"requests":%d,"durationUs":%d,"p50":%d,"p95":%d,"p99":%d,"max":%d,' ..
    '"errors":%d,"statuses":{%s}}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95),
    latency:percentile(99), latency.max, e.connect + e.read + e.write + e.timeout,
    table.concat(list, ",")))
end
`;

/**
 * wrk (bench/wrk.ts's options: two threads, 30 s timeout, a browser's Accept-Encoding) over a
 * list of paths in turn, each thread from its own offset, reporting p95 besides p50 and p99:
 * bench/wrk.ts takes one path and reports no p95.
 */
export async function wrkPaths({
  port,
  paths,
  cookie,
  seconds,
  connections,
}: {
  port: number;
  paths: string[];
  cookie: string;
  seconds: number;
  connections: number;
}): Promise<Load> {
  const tool = wrkTool();
  if ("missing" in tool) throw new Error(tool.missing);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lyceum-wrk-"));
  const scriptPath = path.join(dir, "paths.lua");
  fs.writeFileSync(scriptPath, script(paths));
  const args = [
    "-t2",
    `-c${connections}`,
    `-d${seconds}s`,
    "--timeout",
    "30s",
    "-s",
    scriptPath,
    "-H",
    `Host: ${demoHost}`,
    "-H",
    "Accept-Encoding: br, gzip",
    "-H",
    `Cookie: ${cookie}`,
    `http://127.0.0.1:${port}${paths[0]}`,
  ];
  try {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(tool.path, args, { stdio: ["ignore", "pipe", "pipe"] });
      let text = "";
      child.stdout.on("data", (chunk) => (text += chunk));
      child.stderr.on("data", (chunk) => (text += chunk));
      child.on("error", reject);
      child.on("exit", (code) =>
        code === 0 ? resolve(text) : reject(new Error(`wrk exited ${code}:\n${text}`)),
      );
    });
    const line = /^BENCHJSON (.*)$/m.exec(output)?.[1];
    if (!line) throw new Error(`wrk printed no figures:\n${output}`);
    const { statuses } = JSON.parse(line) as { statuses: Record<string, number> };
    const raw = JSON.parse(line) as Record<string, number>;
    const msOf = (key: string) => raw[key]! / 1000;
    const counted = Object.entries(statuses);
    if (raw.errors) counted.push(["socket errors", raw.errors]);
    return {
      requests: raw.requests!,
      rps: raw.requests! / (raw.durationUs! / 1e6),
      p50: msOf("p50"),
      p95: msOf("p95"),
      p99: msOf("p99"),
      max: msOf("max"),
      bad: counted.reduce((sum, [, count]) => sum + count, 0),
      badStatuses: counted.map(([status, count]) => `${status}×${count}`).join(", "),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
