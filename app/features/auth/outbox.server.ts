import type { Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { readOutbox } from "~/platform/mail/mail.server";

/** The mail outbox (mail that was not sent because no SMTP relay is set): super-admins only. */
export async function listOutbox(database: Database, { viewer }: { viewer: Viewer | null }) {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  if (!viewer.isSuperAdmin) throw new AppError({ code: "auth.forbidden" });
  const mails = await readOutbox(database, { limit: 100 });
  return mails.map((mail) => ({
    id: mail.id,
    site: mail.site,
    to: mail.toAddress,
    subject: mail.subject,
    text: mail.textBody,
    createdAt: mail.createdAt.toISOString(),
  }));
}
