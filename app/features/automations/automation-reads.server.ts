import { and, desc, eq, sql } from "drizzle-orm";
import { checkContactsManager } from "~/features/contacts/contacts.server";
import { contacts } from "~/features/contacts/tables.server";
import { courses } from "~/features/courses/tables.server";
import { formChoices } from "~/features/forms/forms.server";
import type { Viewer } from "~/features/members/members.server";
import { memberships } from "~/features/memberships/tables.server";
import { products } from "~/features/products/tables.server";
import type { Database } from "~/platform/db/database.server";
import type { TimelineEntry } from "./automation-shapes";
import { automationHistory, automationRuns, automations } from "./tables.server";

type Place = { accountId: string; viewer: Viewer | null };

/** A contact's timeline across every automation: what ran, when, and why not. Newest first. */
export async function contactTimeline(
  database: Database,
  { accountId, viewer, email }: Place & { email: string },
): Promise<{ contactId: string | null; entries: TimelineEntry[] }> {
  checkContactsManager(viewer);
  return database.forAccount(accountId, async (tx) => {
    const [contact] = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(
        and(
          eq(contacts.accountId, accountId),
          sql`lower(${contacts.email}) = lower(${email.trim()})`,
        ),
      );
    if (!contact) return { contactId: null, entries: [] };
    const rows = await tx
      .select({
        runId: automationHistory.runId,
        automationId: automationHistory.automationId,
        automationName: automations.name,
        version: automationRuns.version,
        stepId: automationHistory.stepId,
        stepType: automationHistory.stepType,
        outcome: automationHistory.outcome,
        detail: automationHistory.detail,
        at: automationHistory.at,
      })
      .from(automationHistory)
      .innerJoin(
        automations,
        and(
          eq(automations.accountId, automationHistory.accountId),
          eq(automations.id, automationHistory.automationId),
        ),
      )
      .innerJoin(
        automationRuns,
        and(
          eq(automationRuns.accountId, automationHistory.accountId),
          eq(automationRuns.id, automationHistory.runId),
        ),
      )
      .where(
        and(
          eq(automationHistory.accountId, accountId),
          eq(automationHistory.contactId, contact.id),
        ),
      )
      .orderBy(desc(automationHistory.at), desc(automationHistory.id))
      .limit(300);
    return {
      contactId: contact.id,
      entries: rows.map((row) => ({
        ...row,
        stepType: row.stepType as TimelineEntry["stepType"],
        at: row.at.toISOString(),
      })),
    };
  });
}

/** What the builder's pickers offer: the site's forms, products and courses. */
export async function automationChoices(database: Database, { accountId, viewer }: Place) {
  checkContactsManager(viewer);
  return database.forAccount(accountId, async (tx) => ({
    forms: await formChoices(tx, { accountId }),
    products: await tx
      .select({ id: products.id, title: products.title })
      .from(products)
      .where(eq(products.accountId, accountId))
      .orderBy(products.title)
      .limit(500),
    courses: await tx
      .select({ id: courses.id, title: courses.title })
      .from(courses)
      .where(eq(courses.accountId, accountId))
      .orderBy(courses.title)
      .limit(500),
    memberships: await tx
      .select({ id: memberships.id, name: memberships.name })
      .from(memberships)
      .where(eq(memberships.accountId, accountId))
      .orderBy(memberships.name)
      .limit(500),
  }));
}
