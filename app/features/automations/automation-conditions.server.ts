import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { emailEngagement } from "~/features/campaigns/campaigns.server";
import { contacts } from "~/features/contacts/tables.server";
import { enrolments } from "~/features/learning/tables.server";
import { members } from "~/features/members/tables.server";
import { memberMemberships } from "~/features/memberships/tables.server";
import { orderItems, orders } from "~/features/orders/tables.server";
import type { Tx } from "~/platform/db/database.server";
import type { PlacedStep } from "./automation-graph";
import type { AutomationCondition } from "./automation-shapes";
import type { automationRuns } from "./tables.server";

/* What an if step asks of a run's contact, read inside the run's transaction. */

type Run = typeof automationRuns.$inferSelect;

export type Contact = typeof contacts.$inferSelect;

type Whose = Pick<Run, "accountId" | "contactId">;

export async function contactOf(tx: Tx, run: Whose): Promise<Contact | null> {
  const [contact] = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.accountId, run.accountId), eq(contacts.id, run.contactId)));
  return contact ?? null;
}

/** The member a contact is: linked already, else the site's member with the same address. */
export async function memberIdOf(
  tx: Tx,
  contact: Pick<Contact, "accountId" | "userId" | "email"> | null,
): Promise<string | null> {
  if (!contact) return null;
  if (contact.userId) return contact.userId;
  const [member] = await tx
    .select({ userId: members.userId })
    .from(members)
    .where(
      and(
        eq(members.accountId, contact.accountId),
        sql`lower(${members.email}) = lower(${contact.email})`,
      ),
    )
    .limit(1);
  return member?.userId ?? null;
}

/** The campaign of an e-mail step of the run's version. */
function campaignOfStep(placed: Map<string, PlacedStep>, stepId: string): string | null {
  const step = placed.get(stepId)?.step;
  return step?.type === "email" && step.campaignId ? step.campaignId : null;
}

/** Whether a condition holds for the run's contact now. */
export async function conditionHolds(
  tx: Tx,
  {
    run,
    condition,
    placed,
  }: { run: Whose; condition: AutomationCondition; placed: Map<string, PlacedStep> },
): Promise<boolean> {
  const contact = await contactOf(tx, run);
  if (!contact) return false;
  switch (condition.kind) {
    case "hasTag":
      return contact.tags.some((tag) => tag.toLowerCase() === condition.tag.toLowerCase());
    case "field": {
      const value = (contact.fields[condition.field] ?? "").trim().toLowerCase();
      return condition.value === "" ? value !== "" : value === condition.value.toLowerCase();
    }
    case "opened":
    case "clicked": {
      const campaignId = campaignOfStep(placed, condition.stepId);
      if (!campaignId) return false;
      const seen = await emailEngagement(tx, {
        accountId: run.accountId,
        campaignId,
        contactId: run.contactId,
      });
      return condition.kind === "opened" ? seen.opened : seen.clicked;
    }
    case "purchased": {
      const [bought] = await tx
        .select({ id: orders.id })
        .from(orders)
        .innerJoin(
          orderItems,
          and(eq(orderItems.accountId, orders.accountId), eq(orderItems.orderId, orders.id)),
        )
        .where(
          and(
            eq(orders.accountId, run.accountId),
            inArray(orders.status, ["paid", "fulfilled"]),
            eq(orderItems.productId, condition.productId),
            contact.userId
              ? sql`(${orders.userId} = ${contact.userId} or lower(${orders.email}) = lower(${contact.email}))`
              : sql`lower(${orders.email}) = lower(${contact.email})`,
          ),
        )
        .limit(1);
      return Boolean(bought);
    }
    case "enrolled":
    case "completed": {
      const userId = await memberIdOf(tx, contact);
      if (!userId) return false;
      const [place] = await tx
        .select({ status: enrolments.status })
        .from(enrolments)
        .where(
          and(
            eq(enrolments.accountId, run.accountId),
            eq(enrolments.courseId, condition.courseId),
            eq(enrolments.userId, userId),
            condition.kind === "completed"
              ? isNotNull(enrolments.completedAt)
              : inArray(enrolments.status, ["active", "completed"]),
          ),
        );
      return Boolean(place);
    }
    case "hasMembership": {
      const userId = await memberIdOf(tx, contact);
      if (!userId) return false;
      const [held] = await tx
        .select({ status: memberMemberships.status })
        .from(memberMemberships)
        .where(
          and(
            eq(memberMemberships.accountId, run.accountId),
            eq(memberMemberships.membershipId, condition.membershipId),
            eq(memberMemberships.userId, userId),
            eq(memberMemberships.status, "active"),
            sql`(${memberMemberships.expiresAt} is null or ${memberMemberships.expiresAt} > now())`,
          ),
        );
      return Boolean(held);
    }
  }
}
