import { pino, type DestinationStream, type Logger } from "pino";

export type { Logger };

/** Paths never written to logs, whatever a caller passes. */
const redact = [
  "password",
  "*.password",
  "secret",
  "*.secret",
  "token",
  "*.token",
  "headers.cookie",
  "headers.authorization",
  "*.DATABASE_URL",
  "*.AUTH_SECRET",
  "*.S3_SECRET_ACCESS_KEY",
  "*.SMTP_URL",
  // An account's payment keys (features/payments): plain and sealed, at any of three levels.
  ...["secretKey", "webhookSecret", "secretSealed", "webhookSecretSealed", "key_secret"].flatMap(
    (field) => [field, `*.${field}`, `*.*.${field}`],
  ),
  // A site's sending settings (features/campaigns, decision 057): relay password, DKIM key and
  // its relay's webhook key (the form's `webhook.key`).
  ...["privateKey", "smtpPasswordSealed", "dkimKeySealed", "webhookKeySealed"].flatMap((field) => [
    field,
    `*.${field}`,
    `*.*.${field}`,
  ]),
  "*.*.password",
  "webhook.key",
  "*.webhook.key",
  "*.*.webhook.key",
];

/** The server's logger; `destination` (stdout when absent) lets a test read what it writes. */
export function createLogger(
  { level }: { level: string },
  destination?: DestinationStream,
): Logger {
  return pino({ level, redact: { paths: redact, censor: "[redacted]" } }, destination);
}

/**
 * A child logger made on its first use: most requests log nothing at the production level, and
 * making a pino child per request (bindings serialised, redaction set up) cost ~3 % of a cached
 * page's time.
 */
export function lazyChild(parent: Logger, bindings: Record<string, unknown>): Logger {
  let child: Logger | undefined;
  return new Proxy({} as Logger, {
    get(_target, property) {
      child ??= parent.child(bindings);
      const value = Reflect.get(child, property, child) as unknown;
      return typeof value === "function" ? value.bind(child) : value;
    },
  });
}
