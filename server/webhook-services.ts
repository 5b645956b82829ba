import type { WebhookServices } from "~/features/webhooks/webhooks.server";
import { resolveHost } from "~/platform/dns.server";
import type { ServerServices } from "./app-env";

/** What a site's webhooks need: the same address rule as automations' webhook steps. */
export function webhookServicesOf(
  services: Pick<ServerServices, "database" | "jobs" | "secretBox" | "env">,
): WebhookServices {
  return {
    database: services.database,
    jobs: services.jobs,
    secretBox: services.secretBox,
    allowPrivate: services.env.AUTOMATION_PRIVATE_WEBHOOKS,
    resolve: resolveHost,
    ...(services.env.WEBHOOK_RETRY_SCALE !== undefined
      ? { retryScale: services.env.WEBHOOK_RETRY_SCALE }
      : {}),
  };
}
