// The tickets feature's server door (issue 17 scope 6): the API, the screens' loaders, the
// writes and the reply mail's job.
import { createContext } from "react-router";
import { createAccountNotification } from "~/features/notifications/notifications.server";
import type { Database } from "~/platform/db/database.server";
import type { JobQueue } from "~/platform/jobs/jobs.server";
import type { Mailer } from "~/platform/mail/mail.server";
import type { PubSub } from "~/platform/pubsub/pubsub.server";
import { sendTicketReplyMail, type SiteAddress } from "./ticket-mail.server";
import { TICKET_REPLY_MAIL_JOB, type TicketReplyMailData } from "./ticket-writes.server";

export { ticketsApi } from "./api.server";
export { loadTicketThread, loadTicketsScreen, ticketFileFor } from "./ticket-reads.server";
export { isSiteOwner } from "./ticket-access.server";
export {
  assignTicket,
  changeTicketStatus,
  openTicket,
  replyToTicket,
  TICKET_REPLY_MAIL_JOB,
  type TicketDeps,
} from "./ticket-writes.server";
export { renderTicketMail, sendTicketReplyMail } from "./ticket-mail.server";
export { ticketFileType } from "./ticket-files.server";
export { TICKET_REQUEST_BYTES, ticketUploadPath } from "./validation";

/** What the desk's screens need of the deployment: who its super-admins are (the assignees). */
export const supportDeskContext = createContext<{ superAdminEmails: readonly string[] }>({
  superAdminEmails: [],
});

function replyMailData(data: Record<string, unknown>): TicketReplyMailData {
  const { accountId, ticketId, replyId } = data;
  if (typeof accountId !== "string" || typeof ticketId !== "string" || typeof replyId !== "string")
    throw new TypeError("a ticket mail job needs accountId, ticketId and replyId");
  return { accountId, ticketId, replyId };
}

/**
 * The reply mail's worker: the other side's e-mail, and for a platform reply a notification
 * to the site's managers in the dashboard.
 */
export function registerTicketJobs({
  jobs,
  database,
  mailer,
  pubsub,
  siteAddress,
  superAdminEmails,
}: {
  jobs: Pick<JobQueue, "work">;
  database: Database;
  mailer: Mailer;
  pubsub: PubSub;
  siteAddress: SiteAddress;
  superAdminEmails: readonly string[];
}) {
  jobs.work(TICKET_REPLY_MAIL_JOB, async (data) => {
    await sendTicketReplyMail(
      {
        database,
        mailer,
        siteAddress,
        superAdminEmails,
        notifyOwner: ({ accountId, message }) =>
          createAccountNotification(
            { database, pubsub },
            { accountId, input: { message, severity: 2 } },
          ),
      },
      replyMailData(data),
    );
  });
}
