import { parseTrustedProxies } from "./request-address.server";
import { z } from "zod";
import { parseDnsServers } from "./dns.server";
import { domainPattern, emailPattern } from "./patterns";

const emailList = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().regex(emailPattern)));

const postgresUrl = z.url({ protocol: /^postgres(ql)?$/ });

const baseDomain = z
  .string()
  .toLowerCase()
  .refine((value) => value === "localhost" || domainPattern.test(value), "must be a domain name");

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().optional(),
    BASE_DOMAIN: baseDomain.default("localhost"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: postgresUrl.optional(),
    SUPER_ADMIN_EMAILS: emailList.default([]),
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z.string().min(3).default("Lyceum <no-reply@localhost>"),
    /** Campaigns: most messages per second to the relay (0: as fast as it answers). */
    CAMPAIGN_MAX_RATE: z.coerce.number().int().min(0).max(100_000).default(0),
    /** Campaigns: SMTP connections kept open to the relay at once. */
    CAMPAIGN_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(4),
    /**
     * Campaigns: whether a site's own SMTP relay may be at a private or loopback address (a
     * relay on the operator's network; tests). Off: only public addresses (decision 057).
     */
    CAMPAIGN_PRIVATE_RELAYS: z
      .enum(["true", "false"])
      .default("false")
      .transform((v) => v === "true"),
    /**
     * Campaigns: the key a relay or the operator's MTA presents (`Authorization: Bearer …`) to
     * post bounce and complaint mails to `POST /api/email/feedback`. Unset: that endpoint is 404.
     */
    MAIL_FEEDBACK_KEY: z
      .string()
      .min(32, "must be at least 32 characters")
      .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces")
      .optional(),
    TWILIO_ACCOUNT_SID: z.string().optional(),
    TWILIO_AUTH_TOKEN: z.string().optional(),
    TWILIO_FROM: z.string().optional(),
    TWILIO_API_URL: z.url().default("https://api.twilio.com"),
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    S3_ENDPOINT: z.url().optional(),
    /** Bunny Stream's HTTP API (a local fake in tests). */
    BUNNY_STREAM_API_URL: z.url().default("https://video.bunnycdn.com"),
    /**
     * Payment providers' HTTP APIs: unset = the real provider (local fakes in tests,
     * tests/fakes). PayPal unset = live; https://api-m.sandbox.paypal.com = its sandbox.
     */
    STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
    PAYPAL_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
    RAZORPAY_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
    /** Razorpay's Checkout script, loaded by /checkout only (a fake's in browser tests). */
    RAZORPAY_CHECKOUT_JS_URL: z
      .url({ protocol: /^https?$/ })
      .default("https://checkout.razorpay.com/v1/checkout.js"),
    /**
     * The DNS servers custom domains are verified through (their TXT record): `address[:port]`,
     * comma-separated, e.g. `127.0.0.1:5353`. Unset: the system's resolver.
     */
    DNS_RESOLVER: z
      .string()
      .refine((value) => parseDnsServers(value) !== null, "must be address[:port], comma-separated")
      .optional(),
    S3_REGION: z.string().default("auto"),
    S3_BUCKET_PREFIX: z.string().default("lyceum-"),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /**
     * Peers whose X-Forwarded-For/Proto/Host are believed: addresses, CIDRs, `loopback`,
     * `private` (decision 038). Unset: none.
     */
    TRUSTED_PROXIES: z
      .string()
      .optional()
      .refine(
        (value) => parseTrustedProxies(value) !== null,
        "must be addresses, CIDR ranges, `loopback` or `private`, comma-separated",
      ),
    AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    /**
     * How often each instance looks for scheduled posts and pages that are due (boot.ts); the
     * durable round every 5 minutes catches what it missed. Browser tests that wait for a
     * scheduled post set it to 1.
     */
    PUBLISH_POLL_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
    /** How long a rendered public page may be served before it renders again (P18). */
    PAGE_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
    /**
     * How long an unpaid checkout holds its coupon's use before the round cancels it (decision
     * 041): hours for card, PayPal and Razorpay checkouts, days for a bank transfer.
     */
    UNPAID_ORDER_EXPIRY_HOURS: z.coerce.number().int().min(1).max(8_760).default(24),
    OFFLINE_ORDER_EXPIRY_DAYS: z.coerce.number().int().min(1).max(365).default(14),
    /**
     * Card and other checkouts (order placements) one person, and one client address, may start
     * per 10 minutes (issue 31 point 8); past them the answer is 429 with Retry-After.
     */
    CHECKOUT_LIMIT_PER_PERSON: z.coerce.number().int().min(1).max(1_000_000).default(10),
    CHECKOUT_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(30),
    SEED_DEMO: z
      .enum(["true", "false"])
      .default("true")
      .transform((v) => v === "true"),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.AUTH_SECRET) {
      // A real deployment must bring its own secret; the embedded default may run without one.
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_SECRET"],
        message: "is required in production with DATABASE_URL",
      });
    }
    if (env.S3_ENDPOINT && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: ["S3_ACCESS_KEY_ID"],
        message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required with S3_ENDPOINT",
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

/** Thrown for a bad configuration value; its message is one line naming the variable. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty value in a .env file means "not set", not "set to nothing".
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const result = envSchema.safeParse(present);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const name = String(issue.path[0] ?? "environment");
  // Never echo the value: it may be a secret.
  throw new ConfigError(`Invalid environment variable ${name}: ${issue.message}`);
}
