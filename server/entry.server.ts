// The SSR bundle's entry (vite.config.ts): the Hono app with React Router's build inside.
import * as build from "virtual:react-router/server-build";
import type { ServerBuild } from "react-router";
import { parseEnv } from "~/platform/env.server";
import { seedDemo } from "../scripts/demo-seed";
import { createApp } from "./app";
import type { ServerServices } from "./app-env";
import { boot, openMigratedDatabase } from "./boot";

export function startApp({ assetsDir }: { assetsDir: string }) {
  return boot({ build: build as unknown as ServerBuild, assetsDir });
}

/** `npm run db:seed`: replaces the demo accounts. Refuses while a server holds DATA_DIR. */
export async function reseed() {
  const env = parseEnv(process.env);
  const database = await openMigratedDatabase(env);
  try {
    await seedDemo(database, { replace: true });
  } finally {
    await database.close();
  }
}

/** The whole app, pages included, around services a test wired (tests/support/test-server.ts). */
export function createAppWithPages(services: ServerServices) {
  return createApp({ services, build: build as unknown as ServerBuild });
}

export { ConfigError } from "~/platform/env.server";
