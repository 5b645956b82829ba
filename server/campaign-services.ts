import {
  campaignFrame,
  createRelayPools,
  outboxTransport,
  smtpTransport,
  type SendingServices,
} from "~/features/campaigns/campaigns.server";
import type { ServerServices } from "./app-env";
import { siteAddressOf } from "./site-address";

const built = new WeakMap<ServerServices, SendingServices>();

/**
 * The campaigns engine's services for this process: one SMTP pool to the relay (or the outbox
 * when none is configured), shared by the send jobs and the owner's test sends, and a pool per
 * site that sends through a relay of its own.
 */
export function sendingServicesOf(services: ServerServices): SendingServices {
  let sending = built.get(services);
  if (!sending) {
    const { env } = services;
    sending = {
      database: services.database,
      jobs: services.jobs,
      secretBox: services.secretBox,
      usage: { database: services.database, pubsub: services.pubsub },
      transport: env.SMTP_URL
        ? smtpTransport({ smtpUrl: env.SMTP_URL, connections: env.CAMPAIGN_CONNECTIONS })
        : outboxTransport(services.database),
      siteAddress: siteAddressOf(services),
      from: env.MAIL_FROM,
      maxRate: env.CAMPAIGN_MAX_RATE,
      concurrency: env.SMTP_URL ? env.CAMPAIGN_CONNECTIONS : 1,
      // Sites with a relay of their own (decision 057): at most 32 pools open at once.
      relayPools: createRelayPools({
        connections: env.CAMPAIGN_CONNECTIONS,
        maxRate: env.CAMPAIGN_MAX_RATE,
        allowPrivate: env.CAMPAIGN_PRIVATE_RELAYS,
      }),
      logger: services.logger,
      frame: campaignFrame,
      active: () => !services.lifecycle.shuttingDown,
      leaseSeconds: env.CAMPAIGN_LEASE_SECONDS,
      exclusive: services.database.kind === "pglite",
    };
    built.set(services, sending);
  }
  return sending;
}
