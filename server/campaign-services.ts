import {
  campaignFrame,
  outboxTransport,
  smtpTransport,
  type SendingServices,
} from "~/features/campaigns/campaigns.server";
import type { ServerServices } from "./app-env";
import { siteAddressOf } from "./site-address";

const built = new WeakMap<ServerServices, SendingServices>();

/**
 * The campaigns engine's services for this process: one SMTP pool to the relay (or the outbox
 * when none is configured), shared by the send jobs and the owner's test sends.
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
      frame: campaignFrame,
      active: () => !services.lifecycle.shuttingDown,
    };
    built.set(services, sending);
  }
  return sending;
}
