import { and, eq, inArray, sql } from "drizzle-orm";
import type { Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import { emitDomainEvents } from "~/features/events/events.server";
import { AppError } from "~/platform/errors";
import { fieldIssuesOf, type FieldIssue } from "~/platform/field-issues";
import {
  bulkTagSchema,
  contactInputSchema,
  type ConsentAction,
  type ContactStatus,
} from "./contact-shapes";
import {
  checkContactsManager,
  contactIs,
  emailIs,
  logConsent,
  rowOf,
  type ConsentProof,
} from "./contact-records.server";
import { sqlArray } from "./segments.server";
import { contacts } from "./tables.server";

// The owner's own changes to contacts: one by hand (with its consent line), many deleted or
// tagged at once.

/** The consent log's action for a change of status by the owner. */
function consentActionFor(from: ContactStatus | null, to: ContactStatus): ConsentAction | null {
  if (from === to) return null;
  if (to === "unsubscribed") return "unsubscribe";
  if (to === "subscribed")
    return from === null || from === "unconfirmed" ? "subscribe" : "resubscribe";
  return null;
}

/**
 * The owner adds a contact by hand (`id` null) or changes one: address, name, status, tags and
 * fields. A second contact with the same address is refused with the field's issue; a change
 * of status is kept in the consent log with the owner's note.
 */
export async function saveContact(
  database: Database,
  {
    accountId,
    viewer,
    id,
    input,
    now = new Date(),
  }: { accountId: string; viewer: Viewer | null; id: string | null; input: unknown; now?: Date },
) {
  const manager = checkContactsManager(viewer);
  const parsed = contactInputSchema.safeParse(input);
  if (!parsed.success)
    return {
      ok: false as const,
      code: "request.invalid",
      issues: fieldIssuesOf(parsed.error),
    };
  const { data } = parsed;
  const proof: ConsentProof = {
    wording: data.consentNote,
    origin: `manual:${manager.user.id}`,
  };
  return database.forAccount(accountId, async (tx) => {
    const [clash] = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(emailIs(accountId, data.email));
    if (clash && clash.id !== id)
      return {
        ok: false as const,
        code: "request.invalid",
        issues: [{ path: "email", code: "custom", origin: "contactTaken" }] satisfies FieldIssue[],
      };
    const columns = {
      email: data.email,
      name: data.name,
      status: data.status,
      tags: [...new Set(data.tags)],
      fields: data.fields,
      updatedAt: now,
    };
    if (id === null) {
      const [row] = await tx
        .insert(contacts)
        .values({ accountId, ...columns, source: "manual", createdAt: now, lastActivityAt: now })
        .returning();
      const action = consentActionFor(null, data.status);
      if (action) await logConsent(tx, { accountId, contactId: row!.id, action, proof, now });
      return { ok: true as const, contact: rowOf(row!) };
    }
    const [before] = await tx.select().from(contacts).where(contactIs(accountId, id)).for("update");
    if (!before) throw new AppError({ code: "route.notFound" });
    // Bounced and complained are the relay's word, not the owner's: they stay unless the
    // owner subscribes the address again on purpose.
    const relayed = before.status === "bounced" || before.status === "complained";
    const status = relayed && data.status !== "subscribed" ? before.status : data.status;
    const [row] = await tx
      .update(contacts)
      .set({ ...columns, status })
      .where(contactIs(accountId, id))
      .returning();
    const action = consentActionFor(before.status, status);
    if (action) await logConsent(tx, { accountId, contactId: id, action, proof, now });
    return { ok: true as const, contact: rowOf(row!) };
  });
}

/** Deletes contacts for good, with their consent log (a person's right to erasure). */
export async function deleteContacts(
  database: Database,
  { accountId, viewer, ids }: { accountId: string; viewer: Viewer | null; ids: string[] },
) {
  checkContactsManager(viewer);
  return database.forAccount(accountId, async (tx) => {
    const gone = await tx
      .delete(contacts)
      .where(and(eq(contacts.accountId, accountId), inArray(contacts.id, ids)))
      .returning({ id: contacts.id });
    return { deleted: gone.length };
  });
}

/** Adds tags to, or removes them from, many contacts in one statement. */
export async function bulkTag(
  database: Database,
  {
    accountId,
    viewer,
    input,
    now = new Date(),
  }: { accountId: string; viewer: Viewer | null; input: unknown; now?: Date },
) {
  checkContactsManager(viewer);
  const parsed = bulkTagSchema.safeParse(input);
  if (!parsed.success) throw new AppError({ code: "request.invalid" });
  const { intent, ids, tags } = parsed.data;
  const unique = [...new Set(tags)];
  return database.forAccount(accountId, async (tx) => {
    const before = await tx
      .select({ id: contacts.id, tags: contacts.tags })
      .from(contacts)
      .where(and(eq(contacts.accountId, accountId), inArray(contacts.id, ids)))
      .for("update");
    const changed = await tx
      .update(contacts)
      .set({
        tags:
          intent === "addTags"
            ? sql`array(select distinct unnest(${contacts.tags} || ${sqlArray(unique, "text")}) order by 1)`
            : sql`array(select t from unnest(${contacts.tags}) as t where not t = any(${sqlArray(unique, "text")}))`,
        updatedAt: now,
      })
      .where(and(eq(contacts.accountId, accountId), inArray(contacts.id, ids)))
      .returning({ id: contacts.id });
    const type = intent === "addTags" ? "contact.tagged" : "contact.untagged";
    const events = before.flatMap(({ id, tags: had }) => {
      const lower = new Set(had.map((tag) => tag.toLowerCase()));
      return unique
        .filter((tag) => lower.has(tag.toLowerCase()) !== (intent === "addTags"))
        .map((tag) => ({ type, contactId: id, data: { tag } }) as const);
    });
    await emitDomainEvents(tx, accountId, events, now);
    return { changed: changed.length };
  });
}
