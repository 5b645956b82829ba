import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { accounts } from "~/features/accounts/tables.server";
import { users } from "~/features/auth/tables.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { supportTickets, ticketReplies } from "./tables.server";
import type { TicketCategory, TicketStatus } from "./ticket-shapes";
import type { AssignedFilter } from "./validation";

/**
 * Reads and writes of tickets and their replies, no rules. Run in a site's transaction they see
 * that site's rows; in the platform account's (the desk) every site's (decision 034), so the
 * desk's reads name the ticket by id alone.
 */

export type TicketRow = typeof supportTickets.$inferSelect;
export type ReplyRow = typeof ticketReplies.$inferSelect;

export async function insertTicket(tx: Tx, row: typeof supportTickets.$inferInsert) {
  const [inserted] = await tx.insert(supportTickets).values(row).returning();
  return inserted!;
}

export async function insertReply(tx: Tx, row: typeof ticketReplies.$inferInsert) {
  const [inserted] = await tx.insert(ticketReplies).values(row).returning();
  return inserted!;
}

/** One ticket by id, in this transaction's sight, locked for the write that follows. */
export async function ticketForUpdate(tx: Tx, id: string): Promise<TicketRow | undefined> {
  const [row] = await tx
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.id, id))
    .for("update");
  return row;
}

export async function updateTicket(
  tx: Tx,
  { accountId, id }: { accountId: string; id: string },
  set: Partial<Pick<TicketRow, "status" | "assigneeId">>,
) {
  const [row] = await tx
    .update(supportTickets)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(supportTickets.accountId, accountId), eq(supportTickets.id, id)))
    .returning();
  return row!;
}

const ticketColumns = {
  id: supportTickets.id,
  accountId: supportTickets.accountId,
  number: supportTickets.number,
  subject: supportTickets.subject,
  category: supportTickets.category,
  status: supportTickets.status,
  openedBy: supportTickets.openedBy,
  assigneeId: supportTickets.assigneeId,
  createdAt: supportTickets.createdAt,
  updatedAt: supportTickets.updatedAt,
  siteSlug: accounts.slug,
  siteSettings: accounts.settings,
};
export type ListedTicket = Awaited<ReturnType<typeof listTickets>>["rows"][number];

/** A ticket with its site, by id (in this transaction's sight). */
export async function ticketWithSite(tx: Tx, id: string) {
  const [row] = await tx
    .select(ticketColumns)
    .from(supportTickets)
    .innerJoin(accounts, eq(accounts.accountId, supportTickets.accountId))
    .where(eq(supportTickets.id, id));
  return row;
}

export type TicketFilter = {
  status?: TicketStatus | null;
  category?: TicketCategory | null;
  assigned?: AssignedFilter;
  /** For `assigned: "me"`. */
  viewerId?: string;
  /** The site's slug or title, or the subject, or `#number`. */
  q?: string;
};

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditions(filter: TicketFilter): SQL[] {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(supportTickets.status, filter.status));
  if (filter.category) where.push(eq(supportTickets.category, filter.category));
  if (filter.assigned === "me" && filter.viewerId)
    where.push(eq(supportTickets.assigneeId, filter.viewerId));
  if (filter.assigned === "none") where.push(isNull(supportTickets.assigneeId));
  const q = filter.q?.trim();
  if (q) {
    const number = /^#?(\d{1,9})$/.exec(q)?.[1];
    const like = likeText(q);
    where.push(
      or(
        ilike(accounts.slug, like),
        ilike(sql`coalesce(${accounts.settings}->>'sitetitle', '')`, like),
        ilike(supportTickets.subject, like),
        ...(number ? [eq(supportTickets.number, Number(number))] : []),
      )!,
    );
  }
  return where;
}

/** Tickets in this transaction's sight, the latest activity first, one page and the count. */
export async function listTickets(
  tx: Tx,
  { filter, limit, offset }: { filter: TicketFilter; limit: number; offset: number },
) {
  const where = and(...conditions(filter));
  const rows = await tx
    .select(ticketColumns)
    .from(supportTickets)
    .innerJoin(accounts, eq(accounts.accountId, supportTickets.accountId))
    .where(where)
    .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.number))
    .limit(limit)
    .offset(offset);
  const [total] = await tx
    .select({ n: count() })
    .from(supportTickets)
    .innerJoin(accounts, eq(accounts.accountId, supportTickets.accountId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** A ticket's thread, oldest first. */
export function repliesOf(
  tx: Tx,
  { accountId, ticketId }: { accountId: string; ticketId: string },
) {
  return tx
    .select()
    .from(ticketReplies)
    .where(and(eq(ticketReplies.accountId, accountId), eq(ticketReplies.ticketId, ticketId)))
    .orderBy(asc(ticketReplies.createdAt), asc(ticketReplies.id));
}

export async function replyById(tx: Tx, { accountId, id }: { accountId: string; id: string }) {
  const [row] = await tx
    .select()
    .from(ticketReplies)
    .where(and(eq(ticketReplies.accountId, accountId), eq(ticketReplies.id, id)));
  return row;
}

/** People are global rows, read as the owner (the request role has no rights on them). */
export async function peopleByIds(database: Database, ids: string[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map<string, { id: string; name: string; email: string }>();
  const rows = await database.owner
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function peopleByEmails(database: Database, emails: readonly string[]) {
  const wanted = [...new Set(emails.map((email) => email.toLowerCase()))];
  if (!wanted.length) return [];
  return database.owner
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, wanted))
    .orderBy(asc(users.name));
}
