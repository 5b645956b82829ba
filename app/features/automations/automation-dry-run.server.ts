import { and, eq, sql } from "drizzle-orm";
import { checkContactsManager } from "~/features/contacts/contacts.server";
import { contacts } from "~/features/contacts/tables.server";
import type { Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { branchStart, placeSteps } from "./automation-graph";
import { graphSchema, type DryRunLine } from "./automation-shapes";
import { conditionHolds, memberIdOf } from "./automation-conditions.server";
import { automations } from "./tables.server";

/**
 * The draft walked for a sample contact, as it stands now: what each step would do and which
 * way each if would go. Nothing is written, sent or called. A condition that could still come
 * true while a run waits ("if … within") is shown as the wait and the way it goes today.
 */
export async function dryRun(
  database: Database,
  {
    accountId,
    viewer,
    id,
    email,
  }: { accountId: string; viewer: Viewer | null; id: string; email: string },
): Promise<{ found: boolean; lines: DryRunLine[] }> {
  checkContactsManager(viewer);
  return database.forAccount(accountId, async (tx) => {
    const [row] = await tx
      .select({ draft: automations.draft })
      .from(automations)
      .where(and(eq(automations.accountId, accountId), eq(automations.id, id)));
    if (!row) throw new AppError({ code: "route.notFound" });
    const parsed = graphSchema.safeParse(row.draft);
    if (!parsed.success) throw new AppError({ code: "request.invalid" });
    const [contact] = await tx
      .select()
      .from(contacts)
      .where(
        and(
          eq(contacts.accountId, accountId),
          sql`lower(${contacts.email}) = lower(${email.trim()})`,
        ),
      );
    if (!contact) return { found: false, lines: [] };
    const placed = placeSteps(parsed.data);
    const lines: DryRunLine[] = [
      {
        stepId: "trigger",
        stepType: "trigger",
        outcome: "would",
        detail: { event: parsed.data.trigger.type },
      },
    ];
    const who = { accountId, contactId: contact.id };
    let cursor = parsed.data.steps[0]?.id ?? null;
    for (let guard = 0; cursor !== null && guard < 200; guard++) {
      const here = placed.get(cursor);
      if (!here) break;
      const { step, next } = here;
      cursor = next;
      switch (step.type) {
        case "if": {
          const holds = await conditionHolds(tx, { run: who, condition: step.condition, placed });
          lines.push({
            stepId: step.id,
            stepType: "if",
            outcome: holds ? "yes" : "no",
            detail:
              !holds && step.within > 0 ? { within: `${step.within} ${step.withinUnit}` } : {},
          });
          cursor = branchStart(step, holds, next);
          break;
        }
        case "wait":
          lines.push({
            stepId: step.id,
            stepType: "wait",
            outcome: "wait",
            detail:
              step.mode === "weekday"
                ? { days: step.days.join(","), time: step.time }
                : { amount: String(step.amount), unit: step.unit },
          });
          break;
        case "email":
          lines.push(
            contact.status === "subscribed"
              ? {
                  stepId: step.id,
                  stepType: "email",
                  outcome: "would",
                  detail: { subject: step.subject },
                }
              : {
                  stepId: step.id,
                  stepType: "email",
                  outcome: "skip",
                  detail: { reason: contact.status },
                },
          );
          break;
        case "enrol":
        case "notify":
        case "grant":
        case "revoke":
        case "points":
          lines.push(
            (await memberIdOf(tx, contact))
              ? { stepId: step.id, stepType: step.type, outcome: "would", detail: {} }
              : {
                  stepId: step.id,
                  stepType: step.type,
                  outcome: "skip",
                  detail: { reason: "notMember" },
                },
          );
          break;
        case "tag":
        case "untag":
          lines.push({
            stepId: step.id,
            stepType: step.type,
            outcome: "would",
            detail: { tag: step.tag },
          });
          break;
        case "webhook":
          lines.push({
            stepId: step.id,
            stepType: "webhook",
            outcome: "would",
            detail: { host: new URL(step.url).host },
          });
          break;
      }
    }
    lines.push({ stepId: "end", stepType: "end", outcome: "would", detail: {} });
    return { found: true, lines };
  });
}
