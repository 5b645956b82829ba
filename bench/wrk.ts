// wrk (Debian's package) as the load generator: written in C, it stays ahead of one Node process
// on two cores where autocannon (itself Node) saturated first. A Lua script reports its figures
// as one JSON line from wrk's `done` hook, and may count statuses and vary the query string.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { wrkTool } from "./tools.ts";

export type WrkOptions = {
  port: number;
  host: string;
  path: string;
  seconds: number;
  connections: number;
  threads?: number;
  cookie?: string;
  /** Adds `bench=<thread>-<n>` to each request's query: no two URLs alike, so no cache answers. */
  uniqueQuery?: boolean;
  /** Counts 503s and other statuses (a `response` hook: costs wrk some CPU per response). */
  countStatuses?: boolean;
};

export type WrkResult = {
  requests: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Socket errors and timeouts. */
  errors: number;
  /** Responses with a status ≥ 400 (wrk's own count). */
  badStatus: number;
  /** With countStatuses: 503s (a bounded queue's answer to overload) and other ≥ 400s. */
  status503: number;
  statusOther: number;
};

const script = ({ uniqueQuery, countStatuses }: WrkOptions, basePath: string) => `
local threads = {}
local counter = 0
function setup(thread)
  counter = counter + 1
  thread:set("id", counter)
  table.insert(threads, thread)
end
function init(args)
  n = 0
  s503 = 0
  sother = 0
end
${
  uniqueQuery
    ? `local separator = ${JSON.stringify(basePath.includes("?") ? "&" : "?")}
function request()
  n = n + 1
  return wrk.format(nil, ${JSON.stringify(basePath)} .. separator .. "bench=" .. id .. "-" .. n)
end`
    : ""
}
${
  countStatuses
    ? `function response(status, headers, body)
  if status == 503 then s503 = s503 + 1 elseif status >= 400 then sother = sother + 1 end
end`
    : ""
}
function done(summary, latency, requests)
  local s503total, sothertotal = 0, 0
  for _, thread in ipairs(threads) do
    s503total = s503total + (thread:get("s503") or 0)
    sothertotal = sothertotal + (thread:get("sother") or 0)
  end
  local e = summary.errors
  io.write(string.format(
    'BENCHJSON {"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"maxUs":%d,' ..
    '"errors":%d,"badStatus":%d,"status503":%d,"statusOther":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    latency.max, e.connect + e.read + e.write + e.timeout, e.status, s503total, sothertotal))
end
`;

/** Why wrk cannot run here, or null when it can. */
export function wrkMissing(): string | null {
  const tool = wrkTool();
  return "missing" in tool ? tool.missing : null;
}

/** Runs wrk against 127.0.0.1 with the given Host; resolves with its figures. */
export async function wrk(options: WrkOptions): Promise<WrkResult> {
  const tool = wrkTool();
  if ("missing" in tool) throw new Error(tool.missing);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lyceum-wrk-"));
  const scriptPath = path.join(dir, "bench.lua");
  fs.writeFileSync(scriptPath, script(options, options.path));
  const threads = Math.min(options.threads ?? 2, options.connections);
  const args = [
    `-t${threads}`,
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    // A render queued behind fifty others may take seconds: wrk's 2 s default would drop it
    // from the percentiles as a "timeout" instead of measuring it.
    "--timeout",
    "30s",
    "-s",
    scriptPath,
    "-H",
    `Host: ${options.host}`,
    "-H",
    "Accept-Encoding: br, gzip",
    ...(options.cookie ? ["-H", `Cookie: ${options.cookie}`] : []),
    `http://127.0.0.1:${options.port}${options.path}`,
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
    const raw = JSON.parse(line) as Record<string, number>;
    const seconds = raw.durationUs! / 1e6;
    return {
      requests: raw.requests!,
      rps: raw.requests! / seconds,
      p50Ms: raw.p50Us! / 1000,
      p99Ms: raw.p99Us! / 1000,
      maxMs: raw.maxUs! / 1000,
      errors: raw.errors!,
      badStatus: raw.badStatus!,
      status503: raw.status503!,
      statusOther: raw.statusOther!,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
