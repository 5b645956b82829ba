import { and, eq, inArray, sql } from "drizzle-orm";
import type { EventConsumer, StoredDomainEvent } from "~/features/events/events.server";
import type { Tx } from "~/platform/db/database.server";
import { advanceRunsTogether } from "./automation-batch.server";
import {
  advanceRun,
  AUTOMATION_STEP_JOB,
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
      const started = await services.database.forAccount(accountId, async (tx) => {
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
        if (live.length === 0 && !anyWaiting) return [];
        const graphs = await liveGraphs(tx, accountId, live);
        const entries: Entry[] = [];
        for (const event of events) {
          // The trigger's narrowing first: the many events no automation waits for cost nothing.
          const matching = live.filter((automation) => {
            const graph = graphs.get(automation.id);
            return (
              automation.triggerType === event.type &&
              graph !== undefined &&
              triggerMatches(graph.trigger, event)
            );
          });
          const awaited = Boolean(anyWaiting) && awaitedEvents.has(event.type);
          if (matching.length === 0 && !awaited) continue;
          // A person an automation starts for is made a contact; a waiting run's is one already.
          const contactId = await contactOfEvent(tx, accountId, event, {
            create: matching.length > 0,
          });
          if (!contactId) continue;
          for (const automation of matching)
            entries.push({ automation, graph: graphs.get(automation.id)!, event, contactId });
          if (awaited) await nudgeWaiting(services, tx, { accountId, contactId, event });
        }
        return enterAll(tx, accountId, entries);
      });
      // The new runs' first steps at once, here: together while they are tags (one statement
      // per step for the batch), then run by run. A run this process does not take further (it
      // stops, or a step throws) is left running, and the sweep hands it to the queue
      // (`recoverStalledRuns`); a step that threw goes to the queue now, for its retries.
      const left = await advanceRunsTogether(services, { accountId, runIds: started }).catch(
        (error: unknown) => {
          services.logger.warn({ err: error }, "automation runs go on one by one");
          return started;
        },
      );
      for (const runId of left) {
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

type Automation = typeof automations.$inferSelect;
type Entry = {
  automation: Automation;
  graph: AutomationGraph;
  event: StoredDomainEvent;
  contactId: string;
};

/** The published graphs of the live automations, by automation. */
async function liveGraphs(tx: Tx, accountId: string, live: Automation[]) {
  const graphs = new Map<string, AutomationGraph>();
  if (live.length === 0) return graphs;
  const rows = await tx
    .select({
      automationId: automationVersions.automationId,
      version: automationVersions.version,
      graph: automationVersions.graph,
    })
    .from(automationVersions)
    .where(
      and(
        eq(automationVersions.accountId, accountId),
        inArray(
          automationVersions.automationId,
          live.map((automation) => automation.id),
        ),
      ),
    );
  for (const automation of live) {
    const row = rows.find(
      (one) => one.automationId === automation.id && one.version === automation.version,
    );
    if (row) graphs.set(automation.id, row.graph);
  }
  return graphs;
}

/**
 * Starts a run for each entry unless its event already started one (an event handed on again:
 * nothing to do, nor to tell) or, without re-entry, the contact is inside (a line says why),
 * in a few statements for the whole batch. Answers the new runs' ids.
 */
async function enterAll(tx: Tx, accountId: string, entries: Entry[]): Promise<string[]> {
  if (entries.length === 0) return [];
  const automationIds = [...new Set(entries.map((entry) => entry.automation.id))];
  const begun = new Set(
    (
      await tx
        .select({ automationId: automationRuns.automationId, eventId: automationRuns.eventId })
        .from(automationRuns)
        .where(
          and(
            eq(automationRuns.accountId, accountId),
            inArray(automationRuns.automationId, automationIds),
            inArray(automationRuns.eventId, [...new Set(entries.map((entry) => entry.event.id))]),
          ),
        )
    ).map((row) => `${row.automationId}:${row.eventId}`),
  );
  const once = entries.filter((entry) => !entry.automation.reentry);
  const inside = new Map<string, { id: string; eventId: string | null }>();
  if (once.length > 0) {
    const rows = await tx
      .select({
        id: automationRuns.id,
        automationId: automationRuns.automationId,
        contactId: automationRuns.contactId,
        eventId: automationRuns.eventId,
      })
      .from(automationRuns)
      .where(
        and(
          eq(automationRuns.accountId, accountId),
          inArray(automationRuns.automationId, [...new Set(once.map((e) => e.automation.id))]),
          inArray(automationRuns.contactId, [...new Set(once.map((e) => e.contactId))]),
          inArray(automationRuns.status, ["running", "waiting"]),
        ),
      );
    for (const row of rows) inside.set(`${row.automationId}:${row.contactId}`, row);
  }
  const runs: (typeof automationRuns.$inferInsert & { id: string })[] = [];
  const refused: { entry: Entry; runId: string }[] = [];
  for (const entry of entries) {
    const { automation, event, contactId } = entry;
    const started = `${automation.id}:${event.id}`;
    if (begun.has(started)) continue;
    begun.add(started);
    const who = `${automation.id}:${contactId}`;
    const already = automation.reentry ? undefined : inside.get(who);
    // The run inside may be this very event's, started by another hand-over that committed
    // between the two reads: nothing to tell then either.
    if (already?.eventId === event.id) continue;
    if (already) {
      refused.push({ entry, runId: already.id });
      continue;
    }
    const id = crypto.randomUUID();
    runs.push({
      id,
      accountId,
      automationId: automation.id,
      version: automation.version,
      contactId,
      eventId: event.id,
      cursor: firstStep(entry.graph),
    });
    if (!automation.reentry) inside.set(who, { id, eventId: event.id });
  }
  const made = new Map<string, typeof automationRuns.$inferSelect>();
  for (let at = 0; at < runs.length; at += 500)
    for (const run of await tx
      .insert(automationRuns)
      .values(runs.slice(at, at + 500))
      .onConflictDoNothing()
      .returning())
      made.set(run.id, run);
  const known = (runId: string) => made.has(runId) || !runs.some((run) => run.id === runId);
  const lines: (typeof automationHistory.$inferInsert)[] = [
    ...[...made.values()].map((run) => ({
      accountId,
      runId: run.id,
      automationId: run.automationId,
      contactId: run.contactId,
      stepId: "trigger",
      stepType: "trigger",
      outcome: "entered" as const,
      detail: { event: entries.find((e) => e.event.id === run.eventId)?.event.type ?? "" },
    })),
    ...refused
      .filter(({ runId }) => known(runId))
      .map(({ entry, runId }) => ({
        accountId,
        runId,
        automationId: entry.automation.id,
        contactId: entry.contactId,
        stepId: `entry:${entry.event.id}`.slice(0, 60),
        stepType: "trigger",
        outcome: "notEntered" as const,
        detail: { reason: "alreadyInside", event: entry.event.type },
      })),
  ];
  for (let at = 0; at < lines.length; at += 1000)
    await tx
      .insert(automationHistory)
      .values(lines.slice(at, at + 1000))
      .onConflictDoNothing();
  return [...made.keys()];
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
