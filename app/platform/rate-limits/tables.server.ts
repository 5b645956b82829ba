import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The request limiters' counters when no Redis is configured (decision 039): one row per
 * limiter and key (a hash, never the raw address or id), shared by every worker and instance on
 * this database (global, owner only). The columns are those rate-limiter-flexible's
 * RateLimiterDrizzle reads and writes.
 */
export const limiterCounts = pgTable(
  "limiter_counts",
  {
    key: text("key").primaryKey(),
    points: integer("points").notNull().default(0),
    expire: timestamp("expire", { withTimezone: true }),
  },
  (t) => [index("limiter_counts_expire").on(t.expire)],
);
