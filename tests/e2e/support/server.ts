import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const projectRoot = path.resolve(import.meta.dirname, "../../..");

export type RunningServer = {
  port: number;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

export function tempDataDir(name: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `lyceum-${name}-`));
}

/**
 * Global setup's seeded demo database (`E2E_SEEDED_DATA_DIR`): an empty data directory that
 * would be seeded with the demo starts as a copy of it instead, the same rows for a fraction of
 * the time (seeding took ~3 s of each of the suite's ~60 server starts). True when copied.
 */
export function copySeededDemo(dataDir: string): boolean {
  const seeded = process.env.E2E_SEEDED_DATA_DIR;
  if (!seeded || !fs.existsSync(dataDir) || fs.readdirSync(dataDir).length > 0) return false;
  fs.cpSync(seeded, dataDir, { recursive: true });
  return true;
}

/** Starts the built server (`node server/main.ts`) on a free port; resolves once it listens. */
export function startServer({
  dataDir,
  env = {},
  expectFailure = false,
  root = projectRoot,
}: {
  dataDir: string;
  env?: Record<string, string>;
  expectFailure?: boolean;
  /** Another built checkout's server (the bench compares an earlier build). */
  root?: string;
}): Promise<RunningServer> {
  // A server that would seed the demo itself (this checkout's, on its embedded database).
  if (root === projectRoot && !env.DATABASE_URL && env.SEED_DEMO !== "false")
    copySeededDemo(dataDir);
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: "0",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      // A developer's .env is theirs: a test server is configured here alone.
      ENV_FILE: "",
      // Production's default is no demo; the journeys start from it unless they say otherwise.
      SEED_DEMO: "true",
      // Every browser of a run comes from 127.0.0.1 and the shop specs check out many times.
      CHECKOUT_LIMIT_PER_PERSON: "100000",
      CHECKOUT_LIMIT_PER_ADDRESS: "100000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const server = (port: number): RunningServer => ({
    port,
    child,
    output: () => output,
    exited,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  });
  return new Promise((resolve, reject) => {
    // Two minutes: a first start seeds the demo, which took over a minute on a loaded machine.
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    child.stdout!.on("data", () => {
      const match = /listening on http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(server(Number(match[1])));
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      if (expectFailure) resolve(server(0));
      else reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

/** kill -9 of the server and of any process it started (cluster workers), all at once. */
export function killHard(server: RunningServer): Promise<number | null> {
  const parents = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(parent, [...(parents.get(parent) ?? []), Number(entry)]);
    } catch {
      // Gone while we looked.
    }
  }
  const tree = [server.child.pid!];
  for (let i = 0; i < tree.length; i++) tree.push(...(parents.get(tree[i]!) ?? []));
  for (const pid of tree.reverse()) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  return server.exited;
}
