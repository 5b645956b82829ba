import { createPublicKey } from "node:crypto";
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

/** `arn:aws:sns:{region}:{account}:{topic}` (the partitions whose SNS hosts are amazonaws.com). */
const snsTopicArn =
  /^arn:aws(?:-us-gov)?:sns:[a-z]{2}(?:-gov)?-[a-z]+-\d{1,2}:\d{12}:[A-Za-z0-9_-]{1,256}$/;

/** An elliptic-curve P-256 public key, as base64 of its DER (SubjectPublicKeyInfo) or PEM. */
function isP256PublicKey(text: string): boolean {
  try {
    const trimmed = text.trim();
    const key = trimmed.includes("-----BEGIN")
      ? createPublicKey(trimmed)
      : createPublicKey({ key: Buffer.from(trimmed, "base64"), format: "der", type: "spki" });
    return key.asymmetricKeyType === "ec" && key.asymmetricKeyDetails?.namedCurve === "prime256v1";
  } catch {
    return false;
  }
}

const baseDomain = z
  .string()
  .toLowerCase()
  .refine((value) => value === "localhost" || domainPattern.test(value), "must be a domain name");

/** Every variable Lyceum reads, with its rule. */
const envVariables = z.object({
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
   * Campaigns: how long a sending run that fell silent (its process died) keeps its hold on
   * the campaign before another run may take over and resend what it left unsettled
   * (decision 055). A live run renews it every third of it while its relay answers, so it may
   * be shorter than a batch at a slow relay's pace; on the embedded database a restarted
   * process takes a dead run's campaign at once. At most 300 s,
   * because the dead run's job, refused while the hold lasts, makes its fifth and last retry
   * 310 s or more after its heartbeat is found stopped (10 s, then 20, 40, 80, 160 s or up to
   * twice that): a longer hold would leave the campaign `sending` with no job.
   */
  CAMPAIGN_LEASE_SECONDS: z.coerce.number().int().min(5).max(300).default(30),
  /**
   * Campaigns: whether a site's own SMTP relay may be at a private or loopback address (a
   * relay on the operator's network; tests). Off: only public addresses (decision 057).
   */
  CAMPAIGN_PRIVATE_RELAYS: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /**
   * Outgoing webhooks (automations' webhook steps, a site's webhook endpoints): whether they
   * may call a private or loopback address (a service on the operator's network; tests). Off:
   * only public addresses (decisions 061, 085).
   */
  AUTOMATION_PRIVATE_WEBHOOKS: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /**
   * Automations' test clock: waits last this share of their length (0.05 makes a minute 3 s).
   * For tests only: never set it on a real site, whose waits must mean what they say.
   */
  AUTOMATION_WAIT_SCALE: z.coerce.number().min(0.0001).max(1).optional(),
  /**
   * Webhook endpoints' test clock: retries wait this share of their delay (decision 085). For
   * tests only, like AUTOMATION_WAIT_SCALE.
   */
  WEBHOOK_RETRY_SCALE: z.coerce.number().min(0).max(1).optional(),
  /**
   * Campaigns: the key a relay or the operator's MTA presents (`Authorization: Bearer …`) to
   * post bounce and complaint mails to `POST /api/email/feedback`. Unset: that endpoint is 404.
   */
  MAIL_FEEDBACK_KEY: z
    .string()
    .min(32, "must be at least 32 characters")
    .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces")
    .optional(),
  /**
   * Campaigns' bounces and complaints by webhook (decision 055): Mailgun's HTTP webhook
   * signing key, for `POST /api/email/feedback/mailgun`. Unset: that endpoint is 404.
   */
  MAIL_FEEDBACK_MAILGUN_SIGNING_KEY: z
    .string()
    .min(16, "must be at least 16 characters")
    .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces")
    .optional(),
  /**
   * SendGrid's Signed Event Webhook verification key (base64 of its ECDSA P-256 public key, as
   * its settings show it), for `POST /api/email/feedback/sendgrid`. Unset: 404.
   */
  MAIL_FEEDBACK_SENDGRID_PUBLIC_KEY: z
    .string()
    .refine(isP256PublicKey, "must be an ECDSA P-256 public key (base64 DER or PEM)")
    .optional(),
  /**
   * The credentials (`user:password`) Postmark's webhook URL carries for its basic
   * authentication (`https://user:password@…/api/email/feedback/postmark`). Unset: 404.
   */
  MAIL_FEEDBACK_POSTMARK_CREDENTIALS: z
    .string()
    .min(16, "must be at least 16 characters")
    .regex(/^[^:\s]+:[\x21-\x7e]+$/, "must be user:password, printable ASCII without spaces")
    .optional(),
  /**
   * The Amazon SNS topics (ARNs, comma-separated) Amazon SES publishes bounces and complaints
   * to, for `POST /api/email/feedback/ses`: a message of any other topic is refused. Unset: 404.
   */
  MAIL_FEEDBACK_SES_TOPIC_ARNS: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((arn) => arn.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(snsTopicArn, "must be SNS topic ARNs")).min(1))
    .optional(),
  /**
   * The key (`Authorization: Bearer …`) Prometheus presents to scrape `GET /metrics`. Unset:
   * that endpoint is 404.
   */
  METRICS_TOKEN: z
    .string()
    .min(32, "must be at least 32 characters")
    .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces")
    .optional(),
  /**
   * An OpenTelemetry collector's OTLP/HTTP address (`/v1/traces` is added): when set, every
   * request and job is traced there (OTEL_EXPORTER_OTLP_HEADERS carries a key if it needs one).
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default("lyceum"),
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
   * The store's address as browsers reach it (https in production): downloads then go there by
   * signed addresses valid a few minutes instead of through this server.
   */
  S3_PUBLIC_URL: z.url().optional(),
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
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * How often each instance looks for scheduled posts and pages that are due (boot.ts); the
   * durable round every 5 minutes catches what it missed. Browser tests that wait for a
   * scheduled post set it to 1.
   */
  PUBLISH_POLL_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  /**
   * How often the job queue looks for jobs whose process died while running them (their
   * heartbeat stopped 10 s before) and sends them to be retried; the crash specs shorten it.
   * Each look costs the database a moment: every second, it slowed a campaign's send on the
   * embedded database tenfold.
   */
  JOBS_SUPERVISE_SECONDS: z.coerce.number().int().min(2).max(600).default(60),
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
  /**
   * Whether an empty database gets the demo sites and people (with the README's password).
   * Unset: yes, but not in production (`npm run serve`, the image); `npm start` asks for it.
   */
  SEED_DEMO: z.enum(["true", "false"]).optional(),
});

/** The names an operator may set (a compose file is checked against them). */
export const envVariableNames = (): string[] => Object.keys(envVariables.shape);

export const envSchema = envVariables
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
  })
  .transform(({ SEED_DEMO, ...env }) => ({
    ...env,
    SEED_DEMO: SEED_DEMO ? SEED_DEMO === "true" : env.NODE_ENV !== "production",
  }));

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
