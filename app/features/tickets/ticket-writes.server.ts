import { randomUUID } from "node:crypto";
import type { Viewer } from "~/features/members/members.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { Storage } from "~/platform/storage/storage.server";
import { asDesk, asSite, requireDesk, requireSiteOwner } from "./ticket-access.server";
import {
  checkTicketFiles,
  removeTicketFiles,
  storeTicketFiles,
  type UploadedFile,
} from "./ticket-files.server";
import {
  insertReply,
  insertTicket,
  peopleByEmails,
  ticketForUpdate,
  updateTicket,
  type TicketRow,
} from "./queries.server";
import type { TicketStatus } from "./ticket-shapes";
import type { NewTicketInput } from "./validation";

/** What the ticket writes need of the job queue: enqueue inside the write's transaction. */
export type TicketJobSender = {
  send(
    tx: Tx,
    name: string,
    data: Record<string, unknown>,
    options?: { singletonKey?: string },
  ): Promise<void>;
};

export type TicketDeps = { database: Database; storage: Storage; jobs: TicketJobSender };

/** E-mails a new message of a thread to the other side (ticket-mail.server.ts). */
export const TICKET_REPLY_MAIL_JOB = "tickets.replyMail";

export type TicketReplyMailData = { accountId: string; ticketId: string; replyId: string };

type Who = { viewer: Viewer | null | undefined };

/** The message's job, in its transaction: the mail exists if and only if the message does. */
function mailReply(jobs: TicketJobSender, tx: Tx, data: TicketReplyMailData) {
  return jobs.send(tx, TICKET_REPLY_MAIL_JOB, data, { singletonKey: data.replyId });
}

/**
 * The site's owner opens a ticket: its subject and category, and its first message with its
 * files (checked by their bytes, stored under the ticket before the rows; removed again if the
 * rows are not written). The platform's desk is told by mail.
 */
export async function openTicket(
  { database, storage, jobs }: TicketDeps,
  {
    viewer,
    accountId,
    input,
    files,
  }: Who & { accountId: string; input: NewTicketInput; files: UploadedFile[] },
): Promise<{ id: string; number: number }> {
  // Refused before a byte is stored.
  requireSiteOwner(viewer, accountId);
  const checked = await checkTicketFiles(files);
  const ticketId = randomUUID();
  const attachments = await storeTicketFiles(storage, { accountId, ticketId, files: checked });
  try {
    return await asSite(database, { viewer, accountId }, async (tx) => {
      const ticket = await insertTicket(tx, {
        accountId,
        id: ticketId,
        subject: input.subject,
        category: input.category,
        status: "unresolved",
        openedBy: viewer!.user.id,
      });
      const reply = await insertReply(tx, {
        accountId,
        ticketId,
        authorId: viewer!.user.id,
        fromPlatform: false,
        body: input.body,
        attachments,
      });
      await mailReply(jobs, tx, { accountId, ticketId, replyId: reply.id });
      return { id: ticket.id, number: ticket.number };
    });
  } catch (error) {
    await removeTicketFiles(storage, { accountId, attachments });
    throw error;
  }
}

type Side = "site" | "desk";

/** The transaction of a side: the host site's (its owner) or the desk's (super-admins). */
function onSide<T>(
  database: Database,
  { side, viewer, hostAccountId }: Who & { side: Side; hostAccountId: string | null },
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  if (side === "desk") return asDesk(database, viewer, work);
  if (!hostAccountId) throw new AppError({ code: "route.notFound" });
  return asSite(database, { viewer, accountId: hostAccountId }, work);
}

async function lockedTicket(tx: Tx, ticketId: string): Promise<TicketRow> {
  const ticket = await ticketForUpdate(tx, ticketId);
  if (!ticket) throw new AppError({ code: "tickets.notFound" });
  return ticket;
}

/**
 * A message in a ticket's thread, from the site (its owner: the ticket waits on the platform
 * again, `unresolved`, a resolved one reopened) or from the desk (a super-admin: it waits on
 * the site, `awaited`). The other side is told by mail.
 */
export async function replyToTicket(
  { database, storage, jobs }: TicketDeps,
  {
    side,
    viewer,
    hostAccountId,
    ticketId,
    body,
    files,
  }: Who & {
    side: Side;
    hostAccountId: string | null;
    ticketId: string;
    body: string;
    files: UploadedFile[];
  },
): Promise<{ id: string; status: TicketStatus }> {
  const scope = { side, viewer, hostAccountId };
  // Which site's bucket the files go to, and whether the viewer sees the ticket at all.
  const { accountId } = await onSide(database, scope, (tx) => lockedTicket(tx, ticketId));
  const checked = await checkTicketFiles(files);
  const attachments = await storeTicketFiles(storage, { accountId, ticketId, files: checked });
  try {
    return await onSide(database, scope, async (tx) => {
      const ticket = await lockedTicket(tx, ticketId);
      const reply = await insertReply(tx, {
        accountId: ticket.accountId,
        ticketId,
        authorId: viewer!.user.id,
        fromPlatform: side === "desk",
        body,
        attachments,
      });
      const status = side === "desk" ? "awaited" : "unresolved";
      await updateTicket(tx, { accountId: ticket.accountId, id: ticketId }, { status });
      await mailReply(jobs, tx, { accountId: ticket.accountId, ticketId, replyId: reply.id });
      return { id: reply.id, status };
    });
  } catch (error) {
    await removeTicketFiles(storage, { accountId, attachments });
    throw error;
  }
}

/**
 * A status change: the site may only mark its ticket resolved (a reply reopens it); the desk
 * sets any of the three.
 */
export async function changeTicketStatus(
  { database }: Pick<TicketDeps, "database">,
  {
    side,
    viewer,
    hostAccountId,
    ticketId,
    status,
  }: Who & { side: Side; hostAccountId: string | null; ticketId: string; status: TicketStatus },
): Promise<{ status: TicketStatus }> {
  if (side === "site" && status !== "resolved") throw new AppError({ code: "request.invalid" });
  return onSide(database, { side, viewer, hostAccountId }, async (tx) => {
    const ticket = await lockedTicket(tx, ticketId);
    if (ticket.status === status) return { status };
    const row = await updateTicket(tx, { accountId: ticket.accountId, id: ticketId }, { status });
    return { status: row.status };
  });
}

/** The super-admins who can take a ticket: the configured addresses that have an account. */
export function assignableSuperAdmins(database: Database, superAdminEmails: readonly string[]) {
  return peopleByEmails(database, superAdminEmails);
}

/** The desk gives a ticket to a super-admin (null: to nobody). */
export async function assignTicket(
  { database }: Pick<TicketDeps, "database">,
  {
    viewer,
    ticketId,
    assigneeId,
    superAdminEmails,
  }: Who & { ticketId: string; assigneeId: string | null; superAdminEmails: readonly string[] },
): Promise<{ assigneeId: string | null }> {
  requireDesk(viewer);
  if (assigneeId) {
    const people = await assignableSuperAdmins(database, superAdminEmails);
    if (!people.some((person) => person.id === assigneeId))
      throw new AppError({ code: "tickets.notAssignable" });
  }
  return asDesk(database, viewer, async (tx) => {
    const ticket = await lockedTicket(tx, ticketId);
    if (ticket.assigneeId === assigneeId) return { assigneeId };
    const row = await updateTicket(
      tx,
      { accountId: ticket.accountId, id: ticketId },
      { assigneeId },
    );
    return { assigneeId: row.assigneeId };
  });
}
