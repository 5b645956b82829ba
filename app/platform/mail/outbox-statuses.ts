// Client-safe: the outbox screen's filter reads these.

/**
 * A mail's delivery state (issue 37): `kept` when no SMTP server is set (the row is the
 * delivery), else `queued`, then `sent` or, after the last retry, `failed`.
 */
export const mailStatuses = ["kept", "queued", "sent", "failed"] as const;
export type MailStatus = (typeof mailStatuses)[number];

export const outboxFilters = ["all", ...mailStatuses] as const;
export type OutboxFilter = (typeof outboxFilters)[number];

export function outboxFilterOf(value: string | null): OutboxFilter {
  return (outboxFilters as readonly string[]).includes(value ?? "")
    ? (value as OutboxFilter)
    : "all";
}
