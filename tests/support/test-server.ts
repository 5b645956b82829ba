import fs from "node:fs";
import path from "node:path";
import { createApp } from "../../server/app";
import { wireServices } from "../../server/boot";
import type { ServerServices } from "../../server/app-env";
import { parseEnv } from "~/platform/env.server";
import { createLogger } from "~/platform/logger.server";
import type { Database } from "~/platform/db/database.server";
import { afterAll, beforeAll } from "vitest";
import { createAccount } from "../factories";
import { tempDataDir } from "../e2e/support/server";
import { createTestDatabase, type Backend, type TestDatabase } from "./test-database";

/**
 * The job queue of a test's services starts at once (a test that sends jobs as soon as it has
 * the app awaits `services.jobs.start()`, which starts it once) and stops when the test's
 * database closes, before the database does; the test's files directory goes after it.
 */
function startJobs(services: ServerServices, filesDir: string) {
  services.jobs.start().catch(() => {});
  const { database } = services;
  const close = database.close.bind(database);
  database.close = async () => {
    await services.jobs.stop().catch(() => {});
    try {
      await close();
    } finally {
      fs.rmSync(filesDir, { recursive: true, force: true });
    }
  };
  return services;
}

function testServices(database: Database, env: Record<string, string>) {
  // Uploaded files of this test go to a directory of its own, removed with the database.
  const filesDir = tempDataDir("test-files");
  const services = wireServices({
    env: parseEnv({
      SUPER_ADMIN_EMAILS: "root@platform.test",
      DATA_DIR: filesDir,
      // Every `app.request()` without a socket is one address ("unknown"), and the fuzz pass and
      // the coupon and access tests check out far more than a person may in 10 minutes: limits
      // raised for tests, not production's; a test of the limits passes its own.
      CHECKOUT_LIMIT_PER_PERSON: "100000",
      CHECKOUT_LIMIT_PER_ADDRESS: "100000",
      ...env,
    }),
    database,
    logger: createLogger({ level: process.env.TEST_LOG_LEVEL ?? "silent" }),
    authSecret: "test-secret-test-secret-test-secret-0123",
    // Schedules fire only where a test asks for a run: a cron occurrence landing mid-test (a
    // sweep of expired sessions, of due posts) would change what the test looks at.
    cron: false,
  });
  return startJobs(services, filesDir);
}

/** The real HTTP app (API, no pages) around a test database, for `app.request()` tests. */
export function createTestApp(database: Database, env: Record<string, string> = {}) {
  const services = testServices(database, env);
  return { app: createApp({ services }), services };
}

const bundlePath = path.resolve(import.meta.dirname, "../../build/server/index.js");

type PagesBundle = {
  createAppWithPages: (services: ReturnType<typeof testServices>) => ReturnType<typeof createApp>;
};
let pagesBundle: Promise<PagesBundle> | undefined;

/**
 * The production build's server bundle, imported once. A bench loaded through Vite's module
 * runner awaits it while it loads, since the runner is closed (and can import nothing) after.
 */
export function loadPagesBundle(): Promise<PagesBundle> {
  if (!fs.existsSync(bundlePath)) {
    throw new Error(
      "Page tests need the production build: run `npm run build` first (npm test does).",
    );
  }
  return (pagesBundle ??= import(/* @vite-ignore */ bundlePath) as Promise<PagesBundle>);
}

/**
 * The same app with its pages, from the production build (`npm test` builds first), so page
 * loaders and actions answer `app.request()` too.
 */
export async function createTestAppWithPages(database: Database, env: Record<string, string> = {}) {
  const bundle = await loadPagesBundle();
  const services = testServices(database, env);
  return { app: bundle.createAppWithPages(services), services };
}

/**
 * For a describe block: a fresh database on `backend` with the named accounts, and the HTTP app
 * around it; the database goes away after the block.
 */
export function useTestSite(backend: Backend, { slugs = ["demo"] }: { slugs?: string[] } = {}) {
  const site = {} as { db: TestDatabase; app: ReturnType<typeof createTestApp>["app"] };
  beforeAll(async () => {
    site.db = await createTestDatabase(backend);
    for (const slug of slugs) await createAccount(site.db.database, { slug });
    const { app, services } = createTestApp(site.db.database);
    site.app = app;
    await services.jobs.start();
  });
  afterAll(() => site.db?.dispose());
  return site;
}
