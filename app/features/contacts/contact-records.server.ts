import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { emitDomainEvents, type DomainEvent } from "~/features/events/events.server";
import { requireCapability, type Viewer } from "~/features/members/members.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import {
  CONTACTS_PER_PAGE,
  contactListQuerySchema,
  type ConsentAction,
  type ConsentRow,
  type ContactListQuery,
  type ContactRow,
  type ContactSource,
  type ContactStatus,
} from "./contact-shapes";
import { syncContacts } from "./contact-sync.server";
import { segmentWhere, sqlArray } from "./segments.server";
import { contactConsents, contacts, segments } from "./tables.server";

type Contact = typeof contacts.$inferSelect;

/** The address as it is compared: what two spellings of one mailbox share here. */
export const emailKey = (email: string) => email.trim().toLowerCase();

export const contactIs = (accountId: string, id: string) =>
  and(eq(contacts.accountId, accountId), eq(contacts.id, id));
export const emailIs = (accountId: string, email: string) =>
  and(eq(contacts.accountId, accountId), sql`lower(${contacts.email}) = ${emailKey(email)}`);

export type ConsentProof = {
  wording: string;
  origin: string;
  pageUrl?: string;
  ip?: string;
  userAgent?: string;
};

/** One line of the consent log, inside the change's transaction. */
export async function logConsent(
  tx: Tx,
  {
    accountId,
    contactId,
    action,
    proof,
    now,
  }: {
    accountId: string;
    contactId: string;
    action: ConsentAction;
    proof: ConsentProof;
    now: Date;
  },
) {
  await tx.insert(contactConsents).values({
    accountId,
    contactId,
    action,
    wording: proof.wording,
    origin: proof.origin,
    pageUrl: proof.pageUrl ?? "",
    ip: proof.ip ?? "",
    userAgent: proof.userAgent ?? "",
    at: now,
  });
}

/** A `contact.tagged` event for each tag the contact has just been given. */
export const tagEvents = (contactId: string, tags: string[]): DomainEvent[] =>
  tags.map((tag) => ({ type: "contact.tagged", contactId, data: { tag } }));

/**
 * Inside the caller's transaction: the site's contact for `email`, made when it is new, else
 * brought up to date (its member linked, its activity dated, tags added). A new contact's
 * status is `status`, with `proof` in the consent log when it is subscribed; an existing one
 * keeps its status — a sign-up or an order never subscribes someone who unsubscribed.
 */
export async function captureContact(
  tx: Tx,
  {
    accountId,
    email,
    name = "",
    userId = null,
    source,
    status,
    tags = [],
    fields = {},
    proof,
    now = new Date(),
  }: {
    accountId: string;
    email: string;
    name?: string;
    userId?: string | null;
    source: ContactSource;
    status: ContactStatus;
    tags?: string[];
    fields?: Record<string, string>;
    proof: ConsentProof;
    now?: Date;
  },
): Promise<{ contact: Contact; created: boolean }> {
  const [inserted] = await tx
    .insert(contacts)
    .values({
      accountId,
      email: email.trim(),
      name: name.trim(),
      userId,
      status,
      source,
      tags: [...new Set(tags)],
      fields,
      createdAt: now,
      updatedAt: now,
      lastActivityAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) {
    if (status === "subscribed")
      await logConsent(tx, { accountId, contactId: inserted.id, action: "subscribe", proof, now });
    await emitDomainEvents(
      tx,
      accountId,
      [
        ...(status === "subscribed"
          ? [{ type: "contact.subscribed" as const, contactId: inserted.id }]
          : []),
        ...tagEvents(inserted.id, inserted.tags),
      ],
      now,
    );
    return { contact: inserted, created: true };
  }
  const [before] = tags.length
    ? await tx
        .select({ tags: contacts.tags })
        .from(contacts)
        .where(emailIs(accountId, email))
        .for("update")
    : [];
  const [updated] = await tx
    .update(contacts)
    .set({
      name: name.trim()
        ? sql`case when ${contacts.name} = '' then ${name.trim()} else ${contacts.name} end`
        : contacts.name,
      userId: userId ?? contacts.userId,
      tags: tags.length
        ? sql`array(select distinct unnest(${contacts.tags} || ${sqlArray(tags, "text")}))`
        : contacts.tags,
      fields: Object.keys(fields).length
        ? sql`${contacts.fields} || ${JSON.stringify(fields)}::jsonb`
        : contacts.fields,
      lastActivityAt: now,
      updatedAt: now,
    })
    .where(emailIs(accountId, email))
    .returning();
  if (!updated) throw new AppError({ code: "request.invalid" });
  const had = new Set((before?.tags ?? []).map((tag) => tag.toLowerCase()));
  await emitDomainEvents(
    tx,
    accountId,
    tagEvents(
      updated.id,
      [...new Set(tags)].filter((tag) => !had.has(tag.toLowerCase())),
    ),
    now,
  );
  return { contact: updated, created: false };
}

/** The site's managers (manage_options) keep its contacts. */
export function checkContactsManager(viewer: Viewer | null): Viewer {
  requireCapability(viewer, "manage_options");
  return viewer!;
}

export const rowOf = (row: Contact): ContactRow => ({
  id: row.id,
  email: row.email,
  name: row.name,
  status: row.status,
  source: row.source,
  tags: row.tags,
  fields: row.fields,
  isMember: row.userId !== null,
  createdAt: row.createdAt.toISOString(),
  lastActivityAt: row.lastActivityAt.toISOString(),
});

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The list's filters as SQL: search, state, a tag, a saved segment. */
async function listWhere(
  tx: Tx,
  { accountId, query, timeZone }: { accountId: string; query: ContactListQuery; timeZone: string },
): Promise<SQL | undefined> {
  const q = query.q.trim();
  let segment: SQL | undefined;
  if (query.segment) {
    const [saved] = await tx
      .select({ rules: segments.rules })
      .from(segments)
      .where(and(eq(segments.accountId, accountId), eq(segments.id, query.segment)));
    if (!saved) throw new AppError({ code: "route.notFound" });
    segment = segmentWhere({ accountId, rules: saved.rules, timeZone });
  }
  return and(
    eq(contacts.accountId, accountId),
    query.status === "all" ? undefined : eq(contacts.status, query.status),
    query.tag ? sql`${query.tag} = any(${contacts.tags})` : undefined,
    q
      ? or(ilike(contacts.email, `%${escapeLike(q)}%`), ilike(contacts.name, `%${escapeLike(q)}%`))
      : undefined,
    segment,
  );
}

type ListRequest = {
  accountId: string;
  viewer: Viewer | null;
  search: URLSearchParams;
  timeZone: string;
};

/** The list's filters from the address, read inside the account's transaction. */
function withListFilters<T>(
  database: Database,
  { accountId, viewer, search, timeZone }: ListRequest,
  read: (tx: Tx, where: SQL | undefined, query: ContactListQuery) => Promise<T>,
): Promise<T> {
  checkContactsManager(viewer);
  const query = contactListQuerySchema.parse(Object.fromEntries(search));
  return database.forAccount(accountId, async (tx) =>
    read(tx, await listWhere(tx, { accountId, query, timeZone }), query),
  );
}

/** One page of the contacts list, newest first, with the count for the pager and the site's tags. */
export function listContacts(database: Database, request: ListRequest) {
  return withListFilters(database, request, async (tx, where, query) => {
    // Members and buyers who are not contacts yet become contacts before anyone looks.
    await syncContacts(tx, { accountId: request.accountId });
    const rows = await tx
      .select()
      .from(contacts)
      .where(where)
      .orderBy(desc(contacts.createdAt), desc(contacts.id))
      .limit(CONTACTS_PER_PAGE)
      .offset((query.page - 1) * CONTACTS_PER_PAGE);
    const [total] = await tx.select({ count: count() }).from(contacts).where(where);
    const tags = await tx.execute<{ tag: string }>(sql`
      select distinct unnest(tags) as tag from ${contacts}
       where account_id = ${request.accountId} order by 1 limit 500`);
    return {
      rows: rows.map(rowOf),
      total: Number(total?.count ?? 0),
      tags: tags.rows.map((row) => row.tag),
      query,
    };
  });
}

/** One contact with its consent log, newest change first. */
export async function loadContact(
  database: Database,
  { accountId, viewer, id }: { accountId: string; viewer: Viewer | null; id: string },
): Promise<{ contact: ContactRow; consents: ConsentRow[] }> {
  checkContactsManager(viewer);
  return database.forAccount(accountId, async (tx) => {
    const [row] = await tx.select().from(contacts).where(contactIs(accountId, id));
    if (!row) throw new AppError({ code: "route.notFound" });
    const log = await tx
      .select()
      .from(contactConsents)
      .where(and(eq(contactConsents.accountId, accountId), eq(contactConsents.contactId, id)))
      .orderBy(desc(contactConsents.at), desc(contactConsents.id))
      .limit(200);
    return {
      contact: rowOf(row),
      consents: log.map((entry) => ({
        id: entry.id,
        action: entry.action,
        wording: entry.wording,
        origin: entry.origin,
        pageUrl: entry.pageUrl,
        ip: entry.ip,
        at: entry.at.toISOString(),
      })),
    };
  });
}

/** Every contact the list's filters select, oldest first, for the CSV export. */
export function contactsForExport(database: Database, request: ListRequest) {
  return withListFilters(database, request, async (tx, where) => {
    const rows = await tx
      .select()
      .from(contacts)
      .where(where)
      .orderBy(asc(contacts.createdAt), asc(contacts.id))
      .limit(CONTACTS_EXPORT_LIMIT);
    return rows.map(rowOf);
  });
}

/** At most this many contacts in one file. */
export const CONTACTS_EXPORT_LIMIT = 200_000;
