import { pino, type Logger } from "pino";

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
];

export function createLogger({ level }: { level: string }): Logger {
  return pino({ level, redact: { paths: redact, censor: "[redacted]" } });
}
