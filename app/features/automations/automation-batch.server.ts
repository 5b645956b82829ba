import { and, eq, inArray, sql } from "drizzle-orm";
import { contacts } from "~/features/contacts/tables.server";
import { emitDomainEvents, type DomainEvent } from "~/features/events/events.server";
import type { Tx } from "~/platform/db/database.server";
import { placeSteps, type PlacedStep } from "./automation-graph";
import type { AutomationServices } from "./automation-engine.server";
import { automationHistory, automationRuns, automationVersions } from "./tables.server";

type Run = typeof automationRuns.$inferSelect;
type Line = typeof automationHistory.$inferInsert;

/** Steps taken for a batch of runs in one transaction before it lets others have the database. */
const MAX_BATCH_STEPS = 25;

/** Steps whose effect is one statement for any number of contacts. */
const setBased = new Set(["tag", "untag"]);

/**
 * Issue 34's bar (10,000 contacts entering at once, first step within 5 s): the runs an event
 * batch started, stepped together while their steps are tags — one statement per step for the
 * whole batch (the tag, its events, the timeline's lines, the cursors) instead of a dozen per
 * run. The runs are locked for the transaction, so each step still happens once and with its
 * line, or not at all. Answers the runs left at a step that is not set-based (an e-mail, a wait,
 * a condition…), for the run-by-run engine.
 */
export async function advanceRunsTogether(
  services: Pick<AutomationServices, "database">,
  { accountId, runIds }: { accountId: string; runIds: string[] },
): Promise<string[]> {
  if (runIds.length === 0) return [];
  return services.database.forAccount(accountId, async (tx) => {
    const runs = await tx
      .select()
      .from(automationRuns)
      .where(
        and(
          eq(automationRuns.accountId, accountId),
          inArray(automationRuns.id, runIds),
          eq(automationRuns.status, "running"),
        ),
      )
      .orderBy(automationRuns.id)
      .for("update");
    const left: string[] = [];
    const byVersion = Map.groupBy(runs, (run) => `${run.automationId}:${run.version}`);
    for (const group of byVersion.values()) {
      const placed = await versionSteps(tx, group[0]!);
      if (!placed) {
        left.push(...group.map((run) => run.id));
        continue;
      }
      left.push(...(await stepGroup(tx, accountId, group, placed)));
    }
    return left;
  });
}

async function versionSteps(tx: Tx, run: Run) {
  const [row] = await tx
    .select({ graph: automationVersions.graph })
    .from(automationVersions)
    .where(
      and(
        eq(automationVersions.accountId, run.accountId),
        eq(automationVersions.automationId, run.automationId),
        eq(automationVersions.version, run.version),
      ),
    );
  return row ? placeSteps(row.graph) : null;
}

/** One version's runs, a step at a time, together while their step is set-based. */
async function stepGroup(
  tx: Tx,
  accountId: string,
  runs: Run[],
  placed: Map<string, PlacedStep>,
): Promise<string[]> {
  const left: string[] = [];
  let active = runs;
  for (let taken = 0; taken < MAX_BATCH_STEPS && active.length > 0; taken++) {
    const now = new Date();
    const next: Run[] = [];
    for (const [cursor, atStep] of Map.groupBy(active, (run) => run.cursor ?? "")) {
      if (cursor === "") {
        await endTogether(tx, accountId, atStep, now);
        continue;
      }
      const here = placed.get(cursor);
      if (!here || !setBased.has(here.step.type)) {
        left.push(...atStep.map((run) => run.id));
        continue;
      }
      const step = here.step as { id: string; type: "tag" | "untag"; tag: string };
      await tagTogether(tx, accountId, atStep, step, now);
      await moveTogether(tx, accountId, atStep, here.next, now);
      next.push(...atStep.map((run) => ({ ...run, cursor: here.next })));
    }
    active = next;
  }
  // Past the round's limit: the rest go on run by run.
  left.push(...active.map((run) => run.id));
  return left;
}

/** The tag added to (or taken from) every run's contact; only a change is an event. */
async function tagTogether(
  tx: Tx,
  accountId: string,
  runs: Run[],
  step: { id: string; type: "tag" | "untag"; tag: string },
  now: Date,
) {
  const add = step.type === "tag";
  const { tag } = step;
  const has = sql`exists (select 1 from unnest(${contacts.tags}) t where lower(t) = lower(${tag}))`;
  const changed = await tx
    .update(contacts)
    .set({
      tags: add
        ? sql`array_append(${contacts.tags}, ${tag}::text)`
        : sql`array(select t from unnest(${contacts.tags}) t where lower(t) <> lower(${tag}))`,
      updatedAt: now,
    })
    .where(
      and(
        eq(contacts.accountId, accountId),
        inArray(contacts.id, [...new Set(runs.map((run) => run.contactId))]),
        add ? sql`not ${has}` : has,
      ),
    )
    .returning({ id: contacts.id });
  const changedIds = new Set(changed.map((row) => row.id));
  const told: DomainEvent[] = [...changedIds].map((contactId) => ({
    type: add ? "contact.tagged" : "contact.untagged",
    contactId,
    data: { tag },
  }));
  await emitDomainEvents(tx, accountId, told, now);
  // A contact in two runs of the batch is changed once: the first run's line says so.
  const said = new Set<string>();
  await insertLines(
    tx,
    runs.map((run) => {
      const first = changedIds.has(run.contactId) && !said.has(run.contactId);
      said.add(run.contactId);
      return lineOf(run, {
        stepId: step.id,
        stepType: step.type,
        outcome: "done",
        detail: first ? { tag } : { tag, unchanged: "true" },
        at: now,
      });
    }),
  );
}

async function moveTogether(
  tx: Tx,
  accountId: string,
  runs: Run[],
  cursor: string | null,
  now: Date,
) {
  await tx
    .update(automationRuns)
    .set({ cursor, status: "running", waitingFor: null, resumeAt: null, updatedAt: now })
    .where(
      and(
        eq(automationRuns.accountId, accountId),
        inArray(
          automationRuns.id,
          runs.map((run) => run.id),
        ),
      ),
    );
}

/** Runs past their last step: completed, with their last line. */
async function endTogether(tx: Tx, accountId: string, runs: Run[], now: Date) {
  await tx
    .update(automationRuns)
    .set({
      status: "completed",
      cursor: null,
      waitingFor: null,
      resumeAt: null,
      endedAt: now,
      updatedAt: now,
    })
    .where(
      and(
        eq(automationRuns.accountId, accountId),
        inArray(
          automationRuns.id,
          runs.map((run) => run.id),
        ),
      ),
    );
  await insertLines(
    tx,
    runs.map((run) =>
      lineOf(run, { stepId: "end", stepType: "end", outcome: "completed", at: now }),
    ),
  );
}

const lineOf = (
  run: Run,
  line: Pick<Line, "stepId" | "stepType" | "outcome" | "detail" | "at">,
): Line => ({
  accountId: run.accountId,
  runId: run.id,
  automationId: run.automationId,
  contactId: run.contactId,
  detail: {},
  ...line,
});

/** Lines in statements of at most 1,000 rows (the parameters' limit). */
async function insertLines(tx: Tx, lines: Line[]) {
  for (let at = 0; at < lines.length; at += 1000)
    await tx.insert(automationHistory).values(lines.slice(at, at + 1000));
}
