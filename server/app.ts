import { paymentDepsContext } from "~/features/payments/payments.server";
import { jobQueueContext } from "~/platform/jobs/jobs-context.server";
import { secretBoxContext } from "~/platform/secret-box.server";
import { serveStatic } from "@hono/node-server/serve-static";
import { pageLifetimeContext } from "~/platform/cache/page-lifetime";
import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { signUpApi } from "~/features/sign-up/api.server";
import { tenantContext } from "~/features/accounts/accounts";
import { analyticsApi } from "~/features/analytics/api.server";
import { clientErrorsApi } from "~/features/client-errors/api.server";
import { popupsApi } from "~/features/popups/api.server";
import { campaignsApi } from "~/features/campaigns/api.server";
import { campaignSendingContext } from "~/features/campaigns/campaigns.server";
import { webhookServicesContext } from "~/features/webhooks/webhooks.server";
import { authApi } from "~/features/auth/api.server";
import { authContext } from "~/features/auth/auth";
import { filesRoute, membersApi } from "~/features/members/api.server";
import { viewerContext } from "~/features/members/members";
import { followMembershipChanges } from "~/features/members/members.server";
import { notificationsApi } from "~/features/notifications/api.server";
import { quizzesApi } from "~/features/quizzes/api.server";
import { realtimeApi } from "~/features/realtime/api.server";
import { searchApi } from "~/features/search/api.server";
import { siteApi } from "~/features/site/api.server";
import { optionCachesContext } from "~/features/options/options.server";
import { siteCacheContext } from "~/features/site/site.server";
import { sitemapRoute } from "~/features/site/site.server";
import { brandingApi } from "~/features/header/header.server";
import { mediaApi } from "~/features/media/api.server";
import { storageGate } from "~/features/usage/usage.server";
import { learningApi } from "~/features/learning/api.server";
import { accountTransferApi } from "~/features/account-transfer/api.server";
import { apiKeyAccess, apiKeysApi } from "~/features/api-keys/api.server";
import { appointmentsApi } from "~/features/appointments/api.server";
import { productsApi } from "~/features/products/api.server";
import { membershipsApi } from "~/features/memberships/api.server";
import { couponsApi } from "~/features/coupons/api.server";
import { paymentsApi } from "~/features/payments/api.server";
import { orderDocumentsApi, ordersApi } from "~/features/orders/orders.server";
import { certificatesApi } from "~/features/certificates/api.server";
import { consoleApi } from "~/features/console/console.server";
import { supportDeskContext, ticketsApi } from "~/features/tickets/tickets.server";
import { webAppRoute } from "~/features/site-app/site-app.server";
import { createTxtLookup, txtLookupContext } from "~/platform/dns.server";
import { pagesUsingFile } from "~/features/pages/pages.server";
import { postsUsingFile } from "~/features/posts/posts.server";
import type { FindUses } from "~/features/media/media.server";
import { AppError } from "~/platform/errors";
import { nonceContext } from "~/platform/csp-nonce";
import { parseTrustedProxies } from "~/platform/request-address.server";
import { servicesContext } from "~/platform/request-context";
import type { AppEnv, ServerServices } from "./app-env";
import { handleError } from "./error-handler";
import { operationsRoutes } from "./operations-routes";
import { admission, admissionQueue } from "./middleware/admission";
import { canonicalRequest } from "./middleware/canonical-request";
import { inputBoundary } from "./middleware/input-boundary";
import { referralLinks } from "./middleware/referral-links";
import { referralOf } from "~/features/affiliates/affiliates";
import { funnelVisitorOf } from "~/features/funnels/funnels";
import { funnelCheckout } from "~/features/funnels/funnels.server";
import { noteReferredSignUp } from "~/features/affiliates/affiliates.server";
import { pageCache } from "./middleware/page-cache";
import { createMetrics, metricsRoute } from "./metrics";
import { requestLogger } from "./middleware/request-logger";
import { tracingMiddleware } from "./middleware/tracing";
import { securityHeaders } from "./middleware/security-headers";
import { tenant } from "./middleware/tenant";
import { compression } from "./middleware/compression";
import { sameOriginWrites } from "./middleware/same-origin";
import { siteFacts, viewer } from "./middleware/viewer";
import { sendingServicesOf } from "./campaign-services";
import { webhookServicesOf } from "./webhook-services";

/** A library file's "where used": the posts and the pages (and docs) that show it. */
const filesInUse: FindUses = async (tx, file) => [
  ...(await postsUsingFile(tx, file)).map((post) => ({ type: "post" as const, ...post })),
  // A funnel step's page is edited as a page.
  ...(await pagesUsingFile(tx, file)).map(({ kind, ...page }) => ({
    type: kind === "funnel" ? ("page" as const) : kind,
    ...page,
  })),
];

/**
 * The whole HTTP surface: operations probes, the JSON API, static assets and every page through
 * React Router. Tests call it with `app.request()`; without a build it serves the API only.
 */
export function createApp({
  services,
  build,
  assetsDir,
}: {
  services: ServerServices;
  /** A build, or a function returning the current one (dev mode reloads it on change). */
  build?: ServerBuild | (() => Promise<ServerBuild>);
  assetsDir?: string;
}) {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  // Traces, when a collector is set (the process registered its provider at boot).
  if (services.env.OTEL_EXPORTER_OTLP_ENDPOINT) app.use(tracingMiddleware());
  // Prometheus's view (decision 079): only when an operator gave the scraper a key.
  const metrics = services.env.METRICS_TOKEN ? createMetrics(services) : null;
  if (metrics) app.use(metrics.middleware);
  // Issue 35: a role changed, a member suspended or removed on another instance reaches this one.
  followMembershipChanges(services.pubsub);
  // First: static files, cached pages and errors get the CSP and other headers too (decision 016).
  // A build given as a function is Vite's dev server, whose HMR socket the policy must allow.
  app.use(securityHeaders({ env: services.env, viteDev: typeof build === "function" }));
  // Then compression, around everything else; files and cached pages come compressed already.
  app.use(compression());

  if (assetsDir) {
    // Fingerprinted files never change: cache them for a year.
    app.use(
      "/assets/*",
      serveStatic({
        root: assetsDir,
        // `.br` and `.gz` written beside each file at build (scripts/vite-precompress.ts).
        precompressed: true,
        onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
      }),
    );
    app.use("/media/*", serveStatic({ root: assetsDir }));
    app.use("/favicon.svg", serveStatic({ root: assetsDir }));
  }

  app.use(
    canonicalRequest({
      trusted: parseTrustedProxies(services.env.TRUSTED_PROXIES) ?? (() => false),
    }),
  );
  app.use(requestId());
  app.use(async (c, next) => {
    c.set("services", services);
    c.set("logger", services.logger);
    await next();
  });
  app.use(requestLogger());
  app.route("/api", operationsRoutes());
  app.route("/", metricsRoute(metrics, services.env.METRICS_TOKEN));

  app.use(tenant());
  app.use(siteFacts());
  // Before anything reads the request: where it comes from, then what it carries.
  app.use(sameOriginWrites());
  app.use(inputBoundary());
  app.use(pageCache(services.siteCache));
  // Past the cache, work that holds the database waits its turn, one turn per client.
  app.use(admission(admissionQueue({ embedded: services.database.kind === "pglite" })));
  // A request with an API key acts as that key alone; viewer() then reads no session.
  app.use(apiKeyAccess(services));
  app.use(viewer());
  app.use(referralLinks());
  app.route(
    "/api",
    authApi({
      ...services,
      afterSignUp: ({ accountId, userId, headers }) =>
        noteReferredSignUp(services.database, {
          accountId,
          userId,
          referral: referralOf(headers.get("cookie")),
        }),
    }),
  );
  app.route("/api", membersApi(services));
  app.route("/api", siteApi(services));
  app.route("/api", brandingApi(services));
  // Uploads past the plan's storage are taken during the usage meter's grace (issue 17).
  app.route(
    "/api",
    mediaApi({ ...services, findUses: filesInUse, storageGate: storageGate(services) }),
  );
  app.route("/api", analyticsApi(services));
  app.route("/api", clientErrorsApi(services));
  app.route("/api", popupsApi(services));
  app.route("/api", campaignsApi(services));
  app.route("/api", searchApi(services));
  app.route("/api", notificationsApi(services));
  app.route("/api", quizzesApi(services));
  app.route("/api", learningApi(services));
  app.route("/api", accountTransferApi(services));
  app.route("/api", apiKeysApi());
  app.route("/api", appointmentsApi(services));
  app.route("/api", orderDocumentsApi(services));
  app.route("/api", productsApi({ ...services, caches: services.siteCache }));
  app.route("/api", membershipsApi({ ...services, caches: services.siteCache }));
  app.route("/api", couponsApi(services));
  app.route("/api", paymentsApi(services));
  app.route(
    "/api",
    ordersApi({
      ...services,
      referralOf: (headers) => referralOf(headers.get("cookie")),
      funnelOf: ({ accountId, stepId, headers }) =>
        funnelCheckout(services.database, {
          accountId,
          stepId,
          visitor: funnelVisitorOf(headers.get("cookie")),
        }),
    }),
  );
  app.route("/api", certificatesApi({ ...services, assetsDir }));
  app.route("/api", ticketsApi({ ...services, superAdminEmails: services.env.SUPER_ADMIN_EMAILS }));
  app.route("/api", realtimeApi());
  app.route("/api", consoleApi(services));
  app.route("/api", signUpApi({ ...services, baseDomain: services.env.BASE_DOMAIN }));
  app.route("/files", filesRoute(services));
  app.route("/", sitemapRoute({ ...services, baseDomain: services.env.BASE_DOMAIN }));
  app.route("/", webAppRoute(services));
  app.all("/api/*", () => {
    throw new AppError({ code: "route.notFound" });
  });

  if (build) {
    const handle = createRequestHandler(build, services.env.NODE_ENV);
    // Custom domains are verified through DNS_RESOLVER's servers, else the system's.
    const txtLookup = createTxtLookup({ servers: services.env.DNS_RESOLVER });
    app.all("*", (c) => {
      const context = new RouterContextProvider();
      context.set(servicesContext, {
        database: services.database,
        logger: c.var.logger,
        lang: c.var.lang,
        baseDomain: services.env.BASE_DOMAIN,
        pubsub: services.pubsub,
        rateLimits: services.rateLimits,
      });
      context.set(tenantContext, c.var.tenant);
      context.set(paymentDepsContext, services);
      context.set(supportDeskContext, { superAdminEmails: services.env.SUPER_ADMIN_EMAILS });
      context.set(jobQueueContext, services.jobs);
      context.set(secretBoxContext, services.secretBox);
      context.set(campaignSendingContext, sendingServicesOf(services));
      context.set(webhookServicesContext, webhookServicesOf(services));
      context.set(viewerContext, c.var.viewer);
      context.set(siteCacheContext, services.siteCache);
      context.set(optionCachesContext, services.siteCache);
      context.set(txtLookupContext, txtLookup);
      context.set(nonceContext, c.var.nonce);
      context.set(pageLifetimeContext, c.var.pageLifetime ?? null);
      context.set(authContext, {
        auth: services.auth.forOrigin(c.var.facts.origin),
        facts: c.var.facts,
      });
      return handle(c.req.raw, context);
    });
  }
  return app;
}

export type App = ReturnType<typeof createApp>;
