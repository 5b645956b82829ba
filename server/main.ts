// Process entry: loads the built bundle, listens, and shuts down cleanly on SIGTERM/SIGINT.
// Runs on Node 24 directly (type stripping), so it imports only the bundle and Node built-ins.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";

const root = path.resolve(import.meta.dirname, "..");
const bundlePath = path.join(root, "build/server/index.js");

type Bundle = {
  startApp(options: { assetsDir: string }): Promise<{
    app: { fetch: (request: Request) => Response | Promise<Response> };
    services: {
      env: { PORT: number; HOST?: string };
      logger: {
        info: (obj: object, msg?: string) => void;
        error: (obj: object, msg?: string) => void;
      };
      database: { close(): Promise<void> };
      pubsub: { close(): Promise<void> };
      lifecycle: { shuttingDown: boolean };
    };
    attachRealtime(server: unknown): { close(): Promise<void> };
  }>;
  reseed(): Promise<void>;
};

function fail(error: unknown): never {
  // Known start-up failures are one clear line; anything else keeps its stack for the operator.
  const known = ["ConfigError", "DataDirLockedError", "UnsafeDatabaseRoleError"];
  const err = error as Error;
  console.error(known.includes(err?.name) ? `lyceum: ${err.message}` : error);
  process.exit(1);
}

async function loadBundle(): Promise<Bundle> {
  try {
    return (await import(pathToFileURL(bundlePath).href)) as Bundle;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_MODULE_NOT_FOUND") {
      fail(new Error("No build found: run `npm run build` first (npm start does it for you)."));
    }
    throw error;
  }
}

async function main() {
  if (process.argv.includes("--dev")) {
    await import("./dev.ts");
    return;
  }
  // The built server is the production server: React's production build, no dev warnings.
  process.env.NODE_ENV ??= "production";
  const bundle = await loadBundle();
  if (process.argv[2] === "seed") {
    await bundle.reseed();
    console.log("lyceum: demo accounts seeded");
    return;
  }
  const { app, services, attachRealtime } = await bundle.startApp({
    assetsDir: path.join(root, "build/client"),
  });
  const { env, logger, database, pubsub, lifecycle } = services;
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    // Printed whatever the log level: it is the line a person (and the test harness) waits for.
    console.log(`Lyceum listening on http://localhost:${info.port}`);
  });
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
    server.close(async () => {
      try {
        await realtimeClosed;
        await pubsub.close();
        await database.close();
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
