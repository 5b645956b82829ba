// The server process: loads the built bundle, listens, and shuts down cleanly on SIGTERM/SIGINT.
// Built to build/server/main.js and started by server/main.ts in its place (decision 059): it
// runs as JavaScript, so Node never loads its TypeScript stripper into the server.
import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import { collectWhenIdle } from "../app/platform/idle-gc.ts";
import { relaunchWithHeapFlags } from "./heap-flags.ts";
import { assertPortFree, loadDotEnv, portMessage, StartupError } from "./startup-checks.ts";

/** build/, this file being build/server/main.js. */
const buildDir = path.resolve(import.meta.dirname, "..");
const bundlePath = path.join(buildDir, "server/index.js");

type Bundle = {
  startApp(options: { assetsDir: string }): Promise<{
    app: { fetch: (request: Request, ...rest: unknown[]) => Response | Promise<Response> };
    services: {
      env: { PORT: number; HOST?: string };
      logger: {
        info: (obj: object, msg?: string) => void;
        error: (obj: object, msg?: string) => void;
      };
      database: { close(): Promise<void> };
      pubsub: { close(): Promise<void> };
      rateLimits: { close(): Promise<void> };
      jobs: { stop(): Promise<void> };
      lifecycle: { shuttingDown: boolean };
    };
    tracing: { shutdown(): Promise<void> } | null;
    attachRealtime(server: unknown): { close(): Promise<void> };
  }>;
  reseed(): Promise<void>;
  prepareDatabase(): Promise<void>;
  transferAccount(argv: string[]): Promise<number>;
};

function fail(error: unknown): never {
  // Known start-up failures are one clear line; anything else keeps its stack for the operator.
  const known = [
    "ConfigError",
    "DataDirLockedError",
    "UnsafeDatabaseRoleError",
    "DatabaseUnavailableError",
    "StartupError",
  ];
  const err = error as Error;
  console.error(known.includes(err?.name) ? `lyceum: ${err.message}` : error);
  process.exit(1);
}

async function loadBundle(): Promise<Bundle> {
  try {
    return (await import(/* @vite-ignore */ pathToFileURL(bundlePath).href)) as Bundle;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_MODULE_NOT_FOUND") {
      fail(new Error("No build found: run `npm run build` first (npm start does it for you)."));
    }
    throw error;
  }
}

/**
 * Worker processes: on PostgreSQL, WEB_CONCURRENCY (default: one per core), sharing the port,
 * with page caches and presence kept in step by the bus. The embedded database belongs to one
 * process.
 */
function workerCount(): number {
  const asked = process.env.WEB_CONCURRENCY;
  if (!process.env.DATABASE_URL) {
    if (asked && Number(asked) > 1) {
      console.log(
        "lyceum: the embedded database serves one process; WEB_CONCURRENCY needs DATABASE_URL",
      );
    }
    return 1;
  }
  const count = asked ? Number(asked) : os.availableParallelism();
  return Number.isInteger(count) && count >= 1 ? count : 1;
}

/**
 * The primary of several workers: has one child migrate and seed the database, then starts the
 * workers, restarts one that dies, and stops them all on SIGTERM/SIGINT. It never loads the app.
 */
async function runWorkers(count: number) {
  // One secret for all, or a session signed by one worker would not open on another. Outside
  // production only: requireAuthSecret() has refused to start a production server without one.
  if (!process.env.AUTH_SECRET) {
    process.env.AUTH_SECRET = randomBytes(32).toString("hex");
    console.log("lyceum: AUTH_SECRET is not set; sessions end when the server restarts");
  }
  const prepared = await new Promise<number | null>((resolve) =>
    cluster.fork({ LYCEUM_ROLE: "prepare" }).on("exit", (code) => resolve(code)),
  );
  if (prepared !== 0) process.exit(1);
  let stopping = false;
  const fork = () => cluster.fork({ LYCEUM_DATABASE_PREPARED: "1" });
  for (let i = 0; i < count; i++) fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(
      `lyceum: worker ${worker.process.pid} ended (${signal ?? code}); starting another`,
    );
    setTimeout(fork, 1_000);
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    setTimeout(() => process.exit(1), 20_000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

/**
 * A production server on PostgreSQL signs sessions and seals saved payment keys with
 * AUTH_SECRET: one made up here would be lost at the next restart, and everything signed or
 * sealed with it. Checked before any process model is chosen, so the worker primary (which
 * never parses the environment itself) refuses just as a single process does.
 */
function requireAuthSecret() {
  const { NODE_ENV, DATABASE_URL, AUTH_SECRET } = process.env;
  if (NODE_ENV === "production" && DATABASE_URL && !AUTH_SECRET) {
    console.error(
      "lyceum: AUTH_SECRET is required in production with DATABASE_URL (32+ characters, e.g. `openssl rand -hex 32`); sessions and saved payment keys depend on it",
    );
    process.exit(1);
  }
}

async function main() {
  // Before the relaunch, so the relaunched process has the file's values too.
  loadDotEnv();
  // Started as `node build/server/main.js` rather than through server/main.ts: the same flags.
  relaunchWithHeapFlags();
  // The built server is the production server: React's production build, no dev warnings.
  process.env.NODE_ENV ??= "production";
  // An empty value in a .env file means "not set" (as parseEnv reads it).
  if (process.env.AUTH_SECRET === "") delete process.env.AUTH_SECRET;
  requireAuthSecret();
  const seeding = process.argv[2] === "seed";
  const transferring = ["account-export", "account-import"].includes(process.argv[2] ?? "");
  const oneShot = seeding || transferring;
  // Before any database is opened: a busy port used to be found after a new one was seeded.
  if (cluster.isPrimary && !oneShot) await assertPortFree();
  if (cluster.isPrimary && !oneShot) {
    const count = workerCount();
    if (count > 1) return runWorkers(count);
  }
  const bundle = await loadBundle();
  if (seeding) {
    await bundle.reseed();
    console.log("lyceum: demo accounts seeded");
    return;
  }
  if (transferring) process.exit(await bundle.transferAccount(process.argv.slice(2)));
  if (process.env.LYCEUM_ROLE === "prepare") {
    await bundle.prepareDatabase();
    process.exit(0);
  }
  const { app, services, attachRealtime, tracing } = await bundle.startApp({
    assetsDir: path.join(buildDir, "client"),
  });
  const { env, logger, database, pubsub, rateLimits, jobs, lifecycle } = services;
  const idle = collectWhenIdle();
  // Every argument passes through: the second carries the socket (the client's address).
  const fetch: typeof app.fetch = (...args) => {
    idle.workSeen();
    return app.fetch(...args);
  };
  const server = serve({ fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    // Printed whatever the log level: it is the line a person (and the test harness) waits for.
    console.log(`Lyceum listening on http://localhost:${info.port}`);
  });
  // Taken between the check and now, or refused to a worker.
  server.on("error", (error: NodeJS.ErrnoException) =>
    fail(new StartupError(portMessage(error.code ?? error.message, env.PORT))),
  );
  // WebSocket upgrades on the same port (presence and notifications, D12).
  const realtime = attachRealtime(server);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    lifecycle.shuttingDown = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      logger.error({}, "shutdown timed out");
      process.exit(1);
    }, 15_000);
    force.unref();
    // Open sockets would hold close() open: end them now; their presence goes with them, and
    // the other instances hear it on the bus before it closes.
    const realtimeClosed = realtime
      .close()
      .catch((error: unknown) => logger.error({ err: error }, "realtime close failed"));
    // No job is taken from now on; a running one may finish (10 s at most) before the database
    // closes. One cut short misses its heartbeat and is retried within about a minute.
    const jobsStopped = jobs
      .stop()
      .catch((error: unknown) => logger.error({ err: error }, "job queue stop failed"));
    server.close(async () => {
      try {
        await realtimeClosed;
        await jobsStopped;
        await pubsub.close();
        await rateLimits.close();
        await database.close();
        // The last spans (this shutdown's own requests and jobs) reach the collector.
        await tracing?.shutdown().catch((error: unknown) => {
          logger.error({ err: error }, "trace export failed");
        });
        logger.info({}, "database closed; bye");
        process.exit(0);
      } catch (error) {
        logger.error({ err: error }, "database close failed");
        process.exit(1);
      }
    });
    // Keep-alive sockets with no request in flight would hold close() open.
    if ("closeIdleConnections" in server) server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch(fail);
