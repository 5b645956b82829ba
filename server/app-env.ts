import type { Tenant } from "~/features/accounts/accounts";
import type { PageLifetime } from "~/platform/cache/page-lifetime";
import type { AuthRegistry } from "~/features/auth/auth.server";
import type { RequestFacts } from "~/features/auth/auth";
import type { Viewer } from "~/features/members/members.server";
import type { RealtimeHub } from "~/features/realtime/realtime.server";
import type { CacheTokens } from "~/features/site/site.server";
import type { SiteCache } from "~/features/site/site.server";
import type { Mailer } from "~/platform/mail/mail.server";
import type { PubSub } from "~/platform/pubsub/pubsub.server";
import type { SmsSender } from "~/platform/sms/sms.server";
import type { Storage } from "~/platform/storage/storage.server";
import type { TenantResolver } from "~/features/accounts/accounts.server";
import type { Database } from "~/platform/db/database.server";
import type { JobQueue } from "~/platform/jobs/jobs.server";
import type { EventRelay } from "~/features/events/events.server";
import type { Env } from "~/platform/env.server";
import type { LanguageCode } from "~/platform/i18n/languages";
import type { Logger } from "~/platform/logger.server";
import type { RequestAddress } from "~/platform/request-address.server";
import type { SecretBox } from "~/platform/secret-box.server";
import type { RateLimits } from "~/platform/rate-limits/rate-limits.server";
import type { SnsFetch } from "~/features/campaigns/api.server";

/** Long-lived services one server process wires together at boot. */
export type ServerServices = {
  env: Env;
  database: Database;
  logger: Logger;
  tenants: TenantResolver;
  /** Messages to every process of the deployment (cache invalidations). */
  pubsub: PubSub;
  siteCache: SiteCache;
  /** Signed tokens for machine calls of the cache refresh endpoints. */
  cacheTokens: CacheTokens;
  /** WebSocket presence and broadcasts (served once `attachRealtime` hooks it to a server). */
  realtime: RealtimeHub;
  auth: AuthRegistry;
  mailer: Mailer;
  storage: Storage;
  sms: SmsSender;
  /** Seals stored secrets (payment keys) with a key derived from the auth secret. */
  secretBox: SecretBox;
  /** Every request limiter, counting in Redis or PostgreSQL for all processes (decision 039). */
  rateLimits: RateLimits;
  /** Durable jobs in the database (decision 031): started by boot, stopped on shutdown. */
  jobs: JobQueue;
  /** The domain events' relay (decision 061): stopped with the job queue. */
  events: EventRelay;
  lifecycle: { shuttingDown: boolean };
  migrationsExpected: number;
  /**
   * How the bounce webhook fetches Amazon SNS's signing certificates (and confirms a topic's
   * subscription). Unset: over https from SNS; tests set a local one.
   */
  fetchSns?: SnsFetch;
};

export type AppEnv = {
  Variables: {
    services: ServerServices;
    requestId: string;
    /** Canonical scheme, host and client address (middleware/canonical-request.ts). */
    address: RequestAddress;
    logger: Logger;
    tenant: Tenant;
    lang: LanguageCode;
    facts: RequestFacts;
    viewer: Viewer | null;
    /** The viewer's session, always one of this site's (foreign session cookies are dropped). */
    sessionId: string | null;
    /** Set when the request acts as an API key (features/api-keys, decision 086): no session then. */
    apiKey?: { keyId: string; scopes: string[] };
    /** This response's CSP nonce (middleware/security-headers.ts). */
    nonce: string;
    /** How long the page being rendered may be cached (set by middleware/page-cache.ts). */
    pageLifetime?: PageLifetime;
  };
};
