import { siteNameOf, type AccountSummary } from "~/features/accounts/accounts";
import type { Viewer } from "~/features/members/members.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { asDesk, isSiteOwner } from "./ticket-access.server";
import { fileIdOf } from "./ticket-files.server";
import {
  listTickets,
  peopleByIds,
  repliesOf,
  ticketWithSite,
  type ListedTicket,
} from "./queries.server";
import type { TicketAttachment } from "./ticket-shapes";
import {
  ticketFileUrl,
  type TicketPerson,
  type TicketSummary,
  type TicketThreadScreen,
  type TicketsScreen,
  type TicketView,
} from "./ticket-views";
import { assignableSuperAdmins } from "./ticket-writes.server";
import { ticketListQuerySchema, TICKETS_PAGE_SIZE, uuidPattern } from "./validation";

type ScreenRequest = { account: AccountSummary; viewer: Viewer };

/** The sides this viewer works from here: the desk first for a super-admin. */
function viewsOf({ account, viewer }: ScreenRequest): TicketView[] {
  const views: TicketView[] = [];
  if (viewer.isSuperAdmin) views.push("desk");
  if (isSiteOwner(viewer, account.accountId)) views.push("site");
  return views;
}

/** A side's transaction: the host site's own, or the desk's across sites. */
function inView<T>(
  database: Database,
  { account, viewer, view }: ScreenRequest & { view: TicketView },
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  if (view === "desk") return asDesk(database, viewer, work);
  return database.forAccount(account.accountId, work);
}

const person = (people: Map<string, { id: string; name: string }>, id: string | null) => {
  if (!id) return null;
  const found = people.get(id);
  return { id, name: found?.name ?? "—" };
};

function summaryOf(
  row: ListedTicket,
  people: Map<string, { id: string; name: string }>,
): TicketSummary {
  return {
    id: row.id,
    number: row.number,
    subject: row.subject,
    category: row.category,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    site: {
      slug: row.siteSlug,
      name: siteNameOf({ slug: row.siteSlug, settings: row.siteSettings }),
    },
    assignee: person(people, row.assigneeId),
  };
}

/**
 * /dashboard/tickets: the owner's own tickets, or the desk's queue across sites with its
 * filters (status, category, site or subject, assignment) — `?view=` picks between the two
 * for a super-admin who also owns this site.
 */
export async function loadTicketsScreen(
  database: Database,
  request: ScreenRequest & { search: URLSearchParams },
): Promise<TicketsScreen> {
  const views = viewsOf(request);
  if (!views.length) throw new AppError({ code: "auth.forbidden" });
  const asked = request.search.get("view");
  const view = views.find((candidate) => candidate === asked) ?? views[0]!;
  const query = ticketListQuerySchema.parse(Object.fromEntries(request.search));
  const assigned = view === "desk" ? query.assigned : "any";
  const { rows, total } = await inView(database, { ...request, view }, (tx) =>
    listTickets(tx, {
      filter: { ...query, assigned, viewerId: request.viewer.user.id },
      limit: TICKETS_PAGE_SIZE,
      offset: (query.page - 1) * TICKETS_PAGE_SIZE,
    }),
  );
  const people = await peopleByIds(
    database,
    rows.flatMap((row) => (row.assigneeId ? [row.assigneeId] : [])),
  );
  return {
    view,
    views,
    filters: {
      status: query.status ?? null,
      category: query.category ?? null,
      assigned,
      q: query.q,
      page: query.page,
    },
    tickets: {
      rows: rows.map((row) => summaryOf(row, people)),
      total,
      page: query.page,
      pageSize: TICKETS_PAGE_SIZE,
    },
    me: request.viewer.user.id,
  };
}

async function threadOf(tx: Tx, ticketId: string) {
  const ticket = await ticketWithSite(tx, ticketId);
  if (!ticket) return null;
  const replies = await repliesOf(tx, { accountId: ticket.accountId, ticketId });
  return { ticket, replies };
}

/**
 * /dashboard/tickets/:id: the thread, on the owner's side when it is their site's ticket
 * (unless a super-admin asks for the desk's, `?view=desk`), else on the desk's for a
 * super-admin; anyone else finds nothing.
 */
export async function loadTicketThread(
  database: Database,
  request: ScreenRequest & {
    ticketId: string;
    search: URLSearchParams;
    superAdminEmails: readonly string[];
  },
): Promise<TicketThreadScreen> {
  const { account, viewer, ticketId } = request;
  if (!uuidPattern.test(ticketId)) throw new AppError({ code: "tickets.notFound" });
  const owner = isSiteOwner(viewer, account.accountId);
  let view: TicketView | null = null;
  let found: Awaited<ReturnType<typeof threadOf>> = null;
  const deskAsked = viewer.isSuperAdmin && request.search.get("view") === "desk";
  if (owner && !deskAsked) {
    found = await database.forAccount(account.accountId, (tx) => threadOf(tx, ticketId));
    if (found) view = "site";
  }
  if (!found && viewer.isSuperAdmin) {
    found = await asDesk(database, viewer, (tx) => threadOf(tx, ticketId));
    if (found) view = "desk";
  }
  if (!found || !view) throw new AppError({ code: "tickets.notFound" });
  const { ticket, replies } = found;
  const people = await peopleByIds(database, [
    ticket.openedBy,
    ...(ticket.assigneeId ? [ticket.assigneeId] : []),
    ...replies.map((reply) => reply.authorId),
  ]);
  const views: TicketView[] = [
    ...(viewer.isSuperAdmin ? (["desk"] as const) : []),
    ...(owner && ticket.accountId === account.accountId ? (["site"] as const) : []),
  ];
  return {
    view,
    views,
    ticket: { ...summaryOf(ticket, people), openedBy: person(people, ticket.openedBy)! },
    messages: replies.map((reply) => ({
      id: reply.id,
      fromPlatform: reply.fromPlatform,
      author: person(people, reply.authorId) as TicketPerson,
      body: reply.body,
      createdAt: reply.createdAt.toISOString(),
      files: reply.attachments.map((attachment) => ({
        id: fileIdOf(attachment),
        name: attachment.name,
        size: attachment.size,
        type: attachment.type,
        url: ticketFileUrl(ticketId, fileIdOf(attachment)),
      })),
    })),
    assignees:
      view === "desk"
        ? (await assignableSuperAdmins(database, request.superAdminEmails)).map(({ id, name }) => ({
            id,
            name,
          }))
        : [],
    me: viewer.user.id,
  };
}

async function attachmentIn(tx: Tx, ticketId: string, fileId: string) {
  const found = await threadOf(tx, ticketId);
  if (!found) return null;
  for (const reply of found.replies) {
    const attachment = reply.attachments.find((file) => fileIdOf(file) === fileId);
    if (attachment) return { accountId: found.ticket.accountId, attachment };
  }
  return null;
}

/**
 * An attachment, for the owner of the ticket's site (on their site) and for super-admins;
 * for anyone else, and for a file the thread does not name, it is not found.
 */
export async function ticketFileFor(
  database: Database,
  {
    hostAccountId,
    viewer,
    ticketId,
    fileId,
  }: { hostAccountId: string | null; viewer: Viewer | null; ticketId: string; fileId: string },
): Promise<{ accountId: string; attachment: TicketAttachment }> {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  if (!uuidPattern.test(ticketId) || !uuidPattern.test(fileId))
    throw new AppError({ code: "tickets.notFound" });
  let found: Awaited<ReturnType<typeof attachmentIn>> = null;
  if (hostAccountId && isSiteOwner(viewer, hostAccountId))
    found = await database.forAccount(hostAccountId, (tx) => attachmentIn(tx, ticketId, fileId));
  if (!found && viewer.isSuperAdmin)
    found = await asDesk(database, viewer, (tx) => attachmentIn(tx, ticketId, fileId));
  if (!found) throw new AppError({ code: "tickets.notFound" });
  return found;
}
