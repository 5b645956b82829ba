// The SSR bundle's entry (vite.config.ts): the Hono app with React Router's build inside.
import * as build from "virtual:react-router/server-build";
import type { ServerBuild } from "react-router";
import { parseEnv } from "~/platform/env.server";
import { createApp } from "./app";
import type { ServerServices } from "./app-env";
import { createLogger } from "~/platform/logger.server";
import { boot, createStorage, loadDemoSeed, openMigratedDatabase, prepareContent } from "./boot";
import { transferCommand } from "~/features/account-transfer/account-transfer.server";

export function startApp({ assetsDir }: { assetsDir: string }) {
  return boot({ build: build as unknown as ServerBuild, assetsDir });
}

/** Migrations, plans and the demo, once, before several workers start (server/main.ts). */
export async function prepareDatabase() {
  const env = parseEnv(process.env);
  const database = await openMigratedDatabase(env);
  try {
    await prepareContent({ env, database, logger: createLogger({ level: env.LOG_LEVEL }) });
  } finally {
    await database.close();
  }
}

/** `npm run db:seed`: replaces the demo accounts. Refuses while a server holds DATA_DIR. */
export async function reseed() {
  const env = parseEnv(process.env);
  const database = await openMigratedDatabase(env);
  try {
    await (await loadDemoSeed()).seedDemo(database, { replace: true });
  } finally {
    await database.close();
  }
}

/**
 * `node server/main.ts account-export <site> <file>` and `account-import <file> [slug]`: an
 * account's archive written or read by the operator (docs/operations.md). Refuses while a
 * server holds an embedded DATA_DIR, as the seed does.
 */
export async function transferAccount(argv: string[]): Promise<number> {
  const env = parseEnv(process.env);
  const database = await openMigratedDatabase(env);
  try {
    return await transferCommand({ database, storage: createStorage(env) }, argv);
  } finally {
    await database.close();
  }
}

/** The whole app, pages included, around services a test wired (tests/support/test-server.ts). */
export function createAppWithPages(services: ServerServices) {
  return createApp({ services, build: build as unknown as ServerBuild });
}

export { ConfigError } from "~/platform/env.server";
