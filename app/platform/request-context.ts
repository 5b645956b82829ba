import { createContext } from "react-router";
import type { Database } from "./db/database.server";
import type { LanguageCode } from "./i18n/languages";
import type { Logger } from "./logger.server";
import type { PubSub } from "./pubsub/pubsub.server";
import type { RateLimits } from "./rate-limits/rate-limits.server";

/** Request-scoped services handed to every loader and action through React Router's context. */
export type Services = {
  database: Database;
  logger: Logger;
  lang: LanguageCode;
  baseDomain: string;
  /** Messages to every process (notifications a loader's work may raise). */
  pubsub: PubSub;
  /** The request limiters, counted in a store every worker shares (decision 039). */
  rateLimits: RateLimits;
};

export const servicesContext = createContext<Services>();
