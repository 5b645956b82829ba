import { forgetVisitorPopups } from "~/features/popups/popups.server";
import type { Server } from "node:http";
import fs from "node:fs";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { ACCOUNT_CHANGED, createTenantResolver } from "~/features/accounts/accounts.server";
import { createAuthRegistry } from "~/features/auth/auth.server";
import { listPlans, upsertPlanCatalogue } from "~/features/plans/plans.server";
import { createRealtimeHub } from "~/features/realtime/realtime.server";
import { createCacheTokens } from "~/features/site/site.server";
import { startPublicationScheduler } from "~/features/content/content.server";
import { pagePublisher } from "~/features/pages/pages.server";
import { postPublisher } from "~/features/posts/posts.server";
import { createSiteCache } from "~/features/site/site.server";
import { createMailer } from "~/platform/mail/mail.server";
import { startTracing } from "~/platform/tracing.server";
import { recordMailSent } from "~/features/usage/usage.server";
import { preparePlatformBilling } from "~/features/billing/billing.server";
import {
  createLocalPubSub,
  createPostgresPubSub,
  createRedisPubSub,
  type PubSub,
} from "~/platform/pubsub/pubsub.server";
import { createSmsSender } from "~/platform/sms/sms.server";
import { createS3Storage } from "~/platform/storage/s3-storage.server";
import { createLocalStorage, type Storage } from "~/platform/storage/storage.server";
import { resolveAuthSecret } from "./auth-secret";
import { openDatabase, type Database } from "~/platform/db/database.server";
import {
  DatabaseUnavailableError,
  explainDatabaseError,
} from "~/platform/db/connection-errors.server";
import { countMigrationFiles, findAppRoleProblems } from "~/platform/db/health.server";
import { createJobQueue, type JobQueue } from "~/platform/jobs/jobs.server";
import { createEventRelay } from "~/features/events/events.server";
import { findPgliteTemplate } from "~/platform/db/pglite-template.server";
import { parseEnv, type Env } from "~/platform/env.server";
import { createLogger, type Logger } from "~/platform/logger.server";
import { createSecretBox } from "~/platform/secret-box.server";
import { createRateLimits } from "~/platform/rate-limits/rate-limits.server";
import { createApp } from "./app";
import { eventConsumers, registerJobWorkers } from "./job-workers";
import type { ServerServices } from "./app-env";
import { attachRealtime } from "./realtime";

export const MIGRATIONS_FOLDER = path.resolve("drizzle");
/** Where the build leaves the migrated empty PGlite data directory (scripts/vite-pglite-template.ts). */
export const PGLITE_TEMPLATES = path.resolve("build");

export class UnsafeDatabaseRoleError extends Error {
  override name = "UnsafeDatabaseRoleError";
}

/** Opens, migrates and checks the database named by the environment. */
export async function openMigratedDatabase(env: Env): Promise<Database> {
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: "postgres", url: env.DATABASE_URL }
      : {
          kind: "pglite",
          dataDir: path.resolve(env.DATA_DIR),
          // A first start copies the migrated template when the build made one for these migrations.
          template: findPgliteTemplate(PGLITE_TEMPLATES, MIGRATIONS_FOLDER),
        },
  );
  try {
    await database.migrate(MIGRATIONS_FOLDER);
    const problems = await findAppRoleProblems(database);
    if (problems.length > 0) {
      throw new UnsafeDatabaseRoleError(`Refusing to start: ${problems.join("; ")}`);
    }
    return database;
  } catch (error) {
    await database.close();
    const explained = env.DATABASE_URL && explainDatabaseError(error, env.DATABASE_URL);
    throw explained ? new DatabaseUnavailableError(explained) : error;
  }
}

export function createStorage(env: Env): Storage {
  if (env.S3_ENDPOINT && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
    return createS3Storage({
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      bucketPrefix: env.S3_BUCKET_PREFIX,
      publicEndpoint: env.S3_PUBLIC_URL,
    });
  }
  return createLocalStorage({ root: path.resolve(env.DATA_DIR, "storage") });
}

function twilioSettings(env: Env) {
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM: from } = env;
  return accountSid && authToken && from
    ? { accountSid, authToken, from, apiUrl: env.TWILIO_API_URL }
    : undefined;
}

/**
 * The bus between this deployment's processes: Redis when configured, else the PostgreSQL
 * server everyone shares; the embedded database allows one process, which needs no wire.
 */
export function createPubSub(env: Env, logger: Logger): Promise<PubSub> {
  if (env.REDIS_URL) return createRedisPubSub({ url: env.REDIS_URL, logger });
  if (env.DATABASE_URL) return createPostgresPubSub({ url: env.DATABASE_URL, logger });
  return Promise.resolve(createLocalPubSub(logger));
}

/** The long-lived services of one process around an open database. */
export function wireServices({
  env,
  database,
  logger,
  authSecret,
  pubsub = createLocalPubSub(logger),
  cron = true,
}: {
  env: Env;
  database: Database;
  logger: Logger;
  authSecret: string;
  pubsub?: PubSub;
  /** Whether this process fires the job queue's schedules (off in test apps: runs only when sent). */
  cron?: boolean;
}): ServerServices {
  const tenants = createTenantResolver({ database, baseDomain: env.BASE_DOMAIN });
  const siteCache = createSiteCache({
    pubsub,
    pageTtlMs: env.PAGE_CACHE_TTL_SECONDS * 1000,
    optionsTtlMs: 60_000,
  });
  // A changed account may have changed its title, logo or language: look it up again.
  siteCache.onAccountInvalidated((accountId) => tenants.invalidate(accountId));
  // M5: a site's popups are read again after any change of its site, on every instance.
  siteCache.onAccountInvalidated(forgetVisitorPopups);
  pubsub.subscribe((message) => {
    if (message.topic === ACCOUNT_CHANGED) tenants.invalidate(message.accountId as string);
  });
  const queue = createJobQueue({
    database,
    logger,
    cron,
    superviseSeconds: env.JOBS_SUPERVISE_SECONDS,
  });
  // Mail through SMTP goes through the queue (its retries), the outbox its record (issue 37).
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    database,
    queue,
    // A meter that fails to count never turns a sent mail into a failed one.
    onSent: (sent) =>
      recordMailSent({ database, pubsub }, sent).catch((error: unknown) =>
        logger.warn({ err: error, component: "usage" }, "a sent mail was not metered"),
      ),
  });
  const sms = createSmsSender({ database, twilio: twilioSettings(env) });
  const auth = createAuthRegistry({
    database,
    mailer,
    sms,
    secret: authSecret,
    baseDomain: env.BASE_DOMAIN,
    superAdminEmails: env.SUPER_ADMIN_EMAILS,
  });
  const rateLimits = createRateLimits({ database, redisUrl: env.REDIS_URL, logger });
  // The domain events' relay hands each committed event to the features that react to it.
  const events = createEventRelay({
    database,
    logger,
    consumers: eventConsumers({ database, jobs: queue, pubsub, logger, env }),
  });
  // Stopping the queue stops the relay first: it sends jobs.
  const jobs: JobQueue = {
    ...queue,
    stop: async () => {
      await events.stop();
      await queue.stop();
    },
  };
  const services: ServerServices = {
    env,
    database,
    logger,
    auth,
    mailer,
    sms,
    secretBox: createSecretBox(authSecret),
    jobs,
    events,
    storage: createStorage(env),
    tenants,
    pubsub,
    siteCache,
    cacheTokens: createCacheTokens(authSecret),
    realtime: createRealtimeHub({ pubsub, database, logger, rateLimits }),
    rateLimits,
    lifecycle: { shuttingDown: false },
    migrationsExpected: countMigrationFiles(MIGRATIONS_FOLDER),
  };
  registerJobWorkers(services);
  return services;
}

/**
 * The demo seed (scripts/demo-seed.ts, product code: the tests' factories use its rows, never the
 * reverse) is loaded by its path, only when a demo is asked for, so it is not part of the
 * server's import graph. The
 * production build emits it as an entry of its own beside the bundle (vite.config.ts); under
 * Vite (npm run dev) its source is loaded.
 */
export async function loadDemoSeed(): Promise<DemoSeed> {
  const built = path.join(import.meta.dirname, "demo-seed.js");
  const seedModule = fs.existsSync(built) ? built : path.resolve("scripts/demo-seed.ts");
  return (await import(/* @vite-ignore */ seedModule)) as DemoSeed;
}
type DemoSeed = {
  databaseIsEmpty(database: Database): Promise<boolean>;
  seedDemo(database: Database, options: { replace: boolean }): Promise<void>;
};

/** What a database needs before a server uses it: the plan catalogue, and the demo when empty. */
export async function prepareContent({
  env,
  database,
  logger,
}: {
  env: Env;
  database: Database;
  logger: Logger;
}) {
  const demo = env.SEED_DEMO ? await loadDemoSeed() : null;
  if (demo && (await demo.databaseIsEmpty(database))) {
    logger.info("empty database: seeding the demo accounts");
    await demo.seedDemo(database, { replace: false }); // the plan catalogue first
  } else if ((await listPlans(database)).length === 0) {
    // The pricing page and account sign-up read the plans table: a real install has it too.
    await upsertPlanCatalogue(database);
  }
  // The platform's shop of plans follows the catalogue at every start (issue 17).
  await preparePlatformBilling(database);
}

/**
 * Scheduled posts go live on time: every instance looks for due items (publishing is
 * idempotent), and stops looking once the process begins to shut down.
 */
function startPublishing({ database, siteCache, logger, lifecycle, env }: ServerServices) {
  const scheduler = startPublicationScheduler(database, {
    publishers: { post: postPublisher(siteCache), page: pagePublisher(siteCache) },
    intervalMs: env.PUBLISH_POLL_SECONDS * 1000,
    active: () => !lifecycle.shuttingDown,
    onError: (error, item) => logger.error({ err: error, item }, "scheduled publication failed"),
  });
  return scheduler;
}

/** Everything a server process needs, wired; the caller listens and handles signals. */
export async function boot({
  source = process.env,
  build,
  assetsDir,
}: {
  source?: Record<string, string | undefined>;
  build?: ServerBuild | (() => Promise<ServerBuild>);
  assetsDir?: string;
}) {
  const env = parseEnv(source);
  const logger = createLogger({ level: env.LOG_LEVEL });
  // First: the database's and the queue's first work is traced too.
  const tracing = await startTracing({
    endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT,
    serviceName: env.OTEL_SERVICE_NAME,
  });
  const database = await openMigratedDatabase(env);
  // Several workers on one PostgreSQL server: the primary had it prepared once (server/main.ts).
  if (!source.LYCEUM_DATABASE_PREPARED) await prepareContent({ env, database, logger });
  const services = wireServices({
    env,
    database,
    logger,
    authSecret: resolveAuthSecret(env, logger),
    pubsub: await createPubSub(env, logger),
  });
  const app = createApp({ services, build, assetsDir });
  // Workers registered in wireServices have their queues before the first request is served.
  await services.jobs.start();
  // Events a process that stopped before handing them on left behind.
  services.events.wake();
  startPublishing(services);
  return {
    app,
    services,
    /** Sends the spans still held and stops tracing (at shutdown); null without a collector. */
    tracing,
    /** Serves the realtime WebSocket on the listening HTTP server (server/main.ts). */
    attachRealtime: (server: Server) => attachRealtime(server, services),
  };
}
