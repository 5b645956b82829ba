import type { Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { readOutbox } from "~/platform/mail/mail.server";
import type { OutboxFilter } from "~/platform/mail/outbox-statuses";

/**
 * The mail outbox, super-admins only: mail kept because no SMTP relay is set, and the record of
 * mail the job queue sends (queued, sent, failed after its retries).
 */
export async function listOutbox(
  database: Database,
  { viewer, status = "all" }: { viewer: Viewer | null; status?: OutboxFilter },
) {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  if (!viewer.isSuperAdmin) throw new AppError({ code: "auth.forbidden" });
  const mails = await readOutbox(database, { limit: 100, status });
  return mails.map((mail) => ({
    id: mail.id,
    site: mail.site,
    to: mail.toAddress,
    subject: mail.subject,
    status: mail.status,
    // A mail for an SMTP server is its recipient's to read (a reset link, say): the record
    // shows its delivery, not its text.
    text: mail.status === "kept" ? mail.textBody : null,
    attempts: mail.attempts,
    lastError: mail.status === "sent" ? null : mail.lastError,
    createdAt: mail.createdAt.toISOString(),
    sentAt: mail.sentAt?.toISOString() ?? null,
  }));
}
