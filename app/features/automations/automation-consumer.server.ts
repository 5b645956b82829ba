import { and, eq, inArray, sql } from "drizzle-orm";
import type { EventConsumer, StoredDomainEvent } from "~/features/events/events.server";
import type { Tx } from "~/platform/db/database.server";
import {
  advanceRun,
  AUTOMATION_STEP_JOB,
  recordStep,
  type AutomationServices,
  type Nudge,
} from "./automation-engine.server";
import { contactOfEvent, triggerMatches } from "./automation-entry.server";
import { conditionEvent, type AutomationGraph } from "./automation-shapes";
import {
  automationHistory,
  automationRuns,
  automations,
  automationVersions,
} from "./tables.server";

/** The events a waiting run may listen for. */
const awaitedEvents = new Set<string>(
  Object.values(conditionEvent).filter((type) => type !== null),
);

/**
 * Automations' part in the domain events: an event that a published, active automation's
 * trigger matches starts a run (one per automation and event: the unique index says so, so a
 * batch given twice starts nothing twice); an event a waiting run's condition listens for
 * nudges that run.
 */
export function automationConsumer(services: AutomationServices): EventConsumer {
  return {
    name: "automations",
    async take(accountId, events) {
      await services.jobs.start();
      const started: string[] = [];
      await services.database.forAccount(accountId, async (tx) => {
        const live = await tx
          .select()
          .from(automations)
          .where(and(eq(automations.accountId, accountId), eq(automations.status, "active")));
        // Most batches concern no automation: none on, and no run waiting for an event.
        const [anyWaiting] = await tx
          .select({ id: automationRuns.id })
          .from(automationRuns)
          .where(and(eq(automationRuns.accountId, accountId), eq(automationRuns.status, "waiting")))
          .limit(1);
        if (live.length === 0 && !anyWaiting) return;
        for (const event of events) {
          const matching = live.filter((automation) => automation.triggerType === event.type);
          if (matching.length === 0 && !(anyWaiting && awaitedEvents.has(event.type))) continue;
          // A person an automation starts for is made a contact; a waiting run's is one already.
          const contactId = await contactOfEvent(tx, accountId, event, {
            create: matching.length > 0,
          });
          if (!contactId) continue;
          for (const automation of matching) {
            const runId = await enter(tx, { automation, event, contactId });
            if (runId) started.push(runId);
          }
          await nudgeWaiting(services, tx, { accountId, contactId, event });
        }
      });
      // The new runs' first steps at once, here: no job each. A run this process does not take
      // further (it stops, or a step throws) is left running, and the sweep hands it to the
      // queue (`recoverStalledRuns`); a step that threw goes to the queue now, for its retries.
      for (const runId of started) {
        const nudge: Nudge = { kind: "due", cursor: null };
        await advanceRun(services, { accountId, runId, nudge }).catch(async (error: unknown) => {
          services.logger.warn({ err: error, runId }, "an automation's run goes to the queue");
          await services.jobs.sendNow(
            AUTOMATION_STEP_JOB,
            { accountId, runId, cursor: null },
            {
              singletonKey: `${runId}:retry`,
              retryLimit: 10,
            },
          );
        });
      }
    },
  };
}

/** Starts a run for the event unless one exists (or the contact is inside); answers its id. */
async function enter(
  tx: Tx,
  {
    automation,
    event,
    contactId,
  }: { automation: typeof automations.$inferSelect; event: StoredDomainEvent; contactId: string },
) {
  const [version] = await tx
    .select({ graph: automationVersions.graph })
    .from(automationVersions)
    .where(
      and(
        eq(automationVersions.accountId, automation.accountId),
        eq(automationVersions.automationId, automation.id),
        eq(automationVersions.version, automation.version),
      ),
    );
  if (!version || !triggerMatches(version.graph.trigger, event)) return null;
  const { accountId } = automation;
  // An event handed on again (its hold lapsed, or a process died before marking it) finds the
  // run it started: nothing to do, nor to tell.
  const [begun] = await tx
    .select({ id: automationRuns.id })
    .from(automationRuns)
    .where(
      and(
        eq(automationRuns.accountId, accountId),
        eq(automationRuns.automationId, automation.id),
        eq(automationRuns.eventId, event.id),
      ),
    )
    .limit(1);
  if (begun) return null;
  if (!automation.reentry) {
    const [inside] = await tx
      .select({
        id: automationRuns.id,
        automationId: automationRuns.automationId,
        contactId: automationRuns.contactId,
      })
      .from(automationRuns)
      .where(
        and(
          eq(automationRuns.accountId, accountId),
          eq(automationRuns.contactId, contactId),
          eq(automationRuns.automationId, automation.id),
          inArray(automationRuns.status, ["running", "waiting"]),
        ),
      )
      .limit(1);
    if (inside) {
      await tx
        .insert(automationHistory)
        .values({
          accountId,
          runId: inside.id,
          automationId: automation.id,
          contactId,
          stepId: `entry:${event.id}`.slice(0, 60),
          stepType: "trigger",
          outcome: "notEntered",
          detail: { reason: "alreadyInside", event: event.type },
        })
        .onConflictDoNothing();
      return null;
    }
  }
  const [run] = await tx
    .insert(automationRuns)
    .values({
      accountId,
      automationId: automation.id,
      version: automation.version,
      contactId,
      eventId: event.id,
      cursor: firstStep(version.graph),
    })
    .onConflictDoNothing()
    .returning();
  if (!run) return null;
  await recordStep(tx, run, {
    stepId: "trigger",
    stepType: "trigger",
    outcome: "entered",
    detail: { event: event.type },
  });
  return run.id;
}

const firstStep = (graph: AutomationGraph) => graph.steps[0]?.id ?? null;

/** Runs of this contact waiting on a condition this event may have made true. */
async function nudgeWaiting(
  services: AutomationServices,
  tx: Tx,
  {
    accountId,
    contactId,
    event,
  }: { accountId: string; contactId: string; event: StoredDomainEvent },
) {
  const waiting = await tx
    .select({
      id: automationRuns.id,
      accountId: automationRuns.accountId,
      cursor: automationRuns.cursor,
    })
    .from(automationRuns)
    .where(
      and(
        eq(automationRuns.accountId, accountId),
        eq(automationRuns.contactId, contactId),
        eq(automationRuns.status, "waiting"),
        eq(automationRuns.waitingFor, event.type),
      ),
    );
  for (const run of waiting)
    await services.jobs.send(
      tx,
      AUTOMATION_STEP_JOB,
      { accountId, runId: run.id, event: event.type },
      { singletonKey: `${run.id}:event:${event.id}`, retryLimit: 10 },
    );
}

/** A run left running this long with no step taken has lost the process that took it. */
const STALLED_SECONDS = 30;

/**
 * The sweep's part (once a minute): runs left running by a process that stopped before taking
 * their steps (a kill between an event's hand-over and its runs' first steps) go to the queue.
 * Across accounts, as the relay's claim is: the owner's connection. A run still being taken
 * elsewhere only gets a job that finds its cursor moved on.
 */
export async function recoverStalledRuns({
  database,
  jobs,
}: Pick<AutomationServices, "database" | "jobs">): Promise<{ recovered: number }> {
  const stalled = await database.owner.execute<{ account_id: string; id: string }>(sql`
    select account_id, id from ${automationRuns}
     where status = 'running' and updated_at < now() - make_interval(secs => ${STALLED_SECONDS})
     order by updated_at limit 1000`);
  const minute = Math.floor(Date.now() / 60_000);
  for (const run of stalled.rows)
    await jobs.sendNow(
      AUTOMATION_STEP_JOB,
      { accountId: run.account_id, runId: run.id, cursor: null },
      { singletonKey: `${run.id}:stalled:${minute}`, retryLimit: 10 },
    );
  return { recovered: stalled.rows.length };
}
