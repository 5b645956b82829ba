// The webhooks feature's server door (issue 37, decision 085).
import { createContext } from "react-router";
import type { WebhookServices } from "./webhook-delivery.server";

export {
  deliverWebhook,
  MAX_ATTEMPTS,
  RETRY_DELAYS,
  WEBHOOK_DELIVER_JOB,
  webhookConsumer,
  type WebhookServices,
} from "./webhook-delivery.server";
export {
  commandWebhooks,
  endpointUrl,
  listWebhookEndpoints,
  webhookCallLimiter,
} from "./webhook-endpoints.server";

/** What the Webhooks screen's action needs besides the database (set by the server's wiring). */
export const webhookServicesContext = createContext<Omit<WebhookServices, "database">>();
