import {
  automationHistory,
  automationRuns,
  automations,
  automationVersions,
} from "~/features/automations/tables.server";
import { domainEvents } from "~/features/events/tables.server";
import type { Database } from "~/platform/db/database.server";

/** One published automation with a run, its history and the event that started it, as raw rows. */
export async function createAutomationRows(
  database: Database,
  { accountId }: { accountId: string },
) {
  await database.forAccount(accountId, async (tx) => {
    const graph = {
      trigger: {
        type: "contact.tagged" as const,
        formId: "",
        tag: "vip",
        productId: "",
        courseId: "",
        membershipId: "",
      },
      steps: [{ id: "tag1", type: "tag" as const, tag: "welcomed" }],
    };
    const [event] = await tx
      .insert(domainEvents)
      .values({
        accountId,
        type: "contact.tagged",
        contactId: crypto.randomUUID(),
        data: { tag: "vip" },
        deliveredAt: new Date(),
      })
      .returning();
    const [automation] = await tx
      .insert(automations)
      .values({
        accountId,
        name: "Welcome VIPs",
        status: "active",
        draft: graph,
        triggerType: "contact.tagged",
        version: 1,
        signingSecret: "whsec_aXNvbGF0aW9u",
      })
      .returning({ id: automations.id });
    await tx
      .insert(automationVersions)
      .values({ accountId, automationId: automation!.id, version: 1, graph });
    const [run] = await tx
      .insert(automationRuns)
      .values({
        accountId,
        automationId: automation!.id,
        version: 1,
        contactId: event!.contactId!,
        eventId: event!.id,
        status: "completed",
      })
      .returning({ id: automationRuns.id });
    await tx.insert(automationHistory).values({
      accountId,
      runId: run!.id,
      automationId: automation!.id,
      contactId: event!.contactId!,
      stepId: "trigger",
      stepType: "trigger",
      outcome: "entered",
    });
  });
}
