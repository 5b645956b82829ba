import { and, eq, or, sql } from "drizzle-orm";
import { captureContact, SOFT_OPT_IN_WORDING } from "~/features/contacts/contacts.server";
import { contacts } from "~/features/contacts/tables.server";
import type { StoredDomainEvent } from "~/features/events/events.server";
import type { Tx } from "~/platform/db/database.server";
import { triggerFilter, type AutomationTrigger, type TriggerType } from "./automation-shapes";

/** Whether an event is one the trigger waits for: its type, and the form, tag, product or course chosen. */
export function triggerMatches(trigger: AutomationTrigger, event: StoredDomainEvent): boolean {
  if (trigger.type !== event.type) return false;
  const filter = triggerFilter[trigger.type as TriggerType];
  if (!filter) return true;
  const wanted = trigger[filter];
  if (!wanted) return true;
  if (filter === "productId") {
    const bought = event.data.productIds;
    return Array.isArray(bought) && bought.includes(wanted);
  }
  // An anniversary names its field: the trigger's text is the field, not a tag.
  if (trigger.type === "contact.anniversary")
    return String(event.data.field ?? "").toLowerCase() === wanted.toLowerCase();
  const value = event.data[filter];
  return filter === "tag"
    ? typeof value === "string" && value.toLowerCase() === wanted.toLowerCase()
    : value === wanted;
}

/**
 * The contact an event is about: named by it, else the site's contact of its member or address.
 * With `create`, a member or buyer who is no contact yet becomes one, subscribed under the soft
 * opt-in as the contacts screen's sync would make them (they can leave from every message).
 */
export async function contactOfEvent(
  tx: Tx,
  accountId: string,
  event: StoredDomainEvent,
  { create }: { create: boolean },
): Promise<string | null> {
  if (event.contactId) return event.contactId;
  const who = [
    event.userId ? eq(contacts.userId, event.userId) : undefined,
    event.email ? sql`lower(${contacts.email}) = lower(${event.email})` : undefined,
  ].filter((clause) => clause !== undefined);
  if (who.length === 0) return null;
  const [found] = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), or(...who)))
    .limit(1);
  if (found) return found.id;
  if (!create || !event.email || event.email.endsWith("@phone.invalid")) return null;
  const { contact } = await captureContact(tx, {
    accountId,
    email: event.email,
    userId: event.userId,
    source: event.type.startsWith("order.") ? "order" : "signup",
    status: "subscribed",
    proof: {
      wording: SOFT_OPT_IN_WORDING,
      origin: event.type.startsWith("order.") ? "order" : "signup",
    },
  });
  return contact.id;
}
