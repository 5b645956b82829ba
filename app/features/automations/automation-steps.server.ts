import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { accounts } from "~/features/accounts/tables.server";
import { queueAutomationMessage } from "~/features/campaigns/campaigns.server";
import { contacts } from "~/features/contacts/tables.server";
import { emitDomainEvent } from "~/features/events/events.server";
import { enrolByAutomation } from "~/features/learning/learning.server";
import {
  announceMemberNotification,
  storeMemberNotification,
} from "~/features/notifications/notifications.server";
import { awardPoints } from "~/features/gamification/gamification.server";
import { holdLevel, releaseLevels } from "~/features/memberships/memberships.server";
import type { Tx } from "~/platform/db/database.server";
import type { PubSub } from "~/platform/pubsub/pubsub.server";
import { branchStart, nextWeekdayTime, secondsOf, type PlacedStep } from "./automation-graph";
import {
  conditionEvent,
  type AutomationStep,
  type IfStep,
  type StepOutcome,
} from "./automation-shapes";
import {
  conditionHolds,
  contactOf,
  memberIdOf,
  type Contact,
} from "./automation-conditions.server";
import type { automationRuns } from "./tables.server";

/** A uuid named by a run and one of its steps (the points ledger's source of an award). */
function stepUuid(runId: string, stepId: string): string {
  const hex = createHash("sha256").update(`${runId}:${stepId}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Calls a webhook step's address, signed, with retries (automation-webhook.server.ts). */
export const AUTOMATION_WEBHOOK_JOB = "automations.webhook";

export type StepServices = {
  jobs: {
    send(
      tx: Tx,
      name: string,
      data: Record<string, unknown>,
      options?: {
        singletonKey?: string;
        startAfterSeconds?: number;
        retryLimit?: number;
        retryDelaySeconds?: number;
      },
    ): Promise<void>;
  };
  pubsub: PubSub;
};

type Run = typeof automationRuns.$inferSelect;

export type StepResult = {
  outcome: StepOutcome;
  detail?: Record<string, string>;
  /** The run waits until then (or until `event` may decide an if sooner). */
  wait?: { until: Date; event?: string };
  /** Where the run goes next when not the step after (a branch): null ends it. */
  goTo?: string | null;
};

/** As `memberIdOf`, linking a form's contact to the member found, for next time. */
async function memberOf(tx: Tx, contact: Contact | null): Promise<string | null> {
  const userId = await memberIdOf(tx, contact);
  if (contact && userId && !contact.userId)
    await tx
      .update(contacts)
      .set({ userId })
      .where(and(eq(contacts.accountId, contact.accountId), eq(contacts.id, contact.id)));
  return userId;
}

/** The zone a contact's wall-clock waits are read in: their `timezone` field, else the site's. */
async function zoneOf(tx: Tx, run: Run, contact: Contact | null): Promise<string> {
  const own = contact?.fields.timezone;
  if (own && isZone(own)) return own;
  const [account] = await tx
    .select({ settings: accounts.settings })
    .from(accounts)
    .where(eq(accounts.accountId, run.accountId));
  const site = account?.settings.timezone;
  return site && isZone(site) ? site : "UTC";
}

function isZone(zone: string) {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

async function changeTag(tx: Tx, run: Run, tag: string, add: boolean): Promise<StepResult> {
  const has = sql`exists (select 1 from unnest(${contacts.tags}) t where lower(t) = lower(${tag}))`;
  const changed = await tx
    .update(contacts)
    .set({
      tags: add
        ? sql`array_append(${contacts.tags}, ${tag}::text)`
        : sql`array(select t from unnest(${contacts.tags}) t where lower(t) <> lower(${tag}))`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(contacts.accountId, run.accountId),
        eq(contacts.id, run.contactId),
        add ? sql`not ${has}` : has,
      ),
    )
    .returning({ id: contacts.id });
  // Only a change is an event: an automation that tags what started it cannot loop.
  if (changed.length)
    await emitDomainEvent(tx, run.accountId, {
      type: add ? "contact.tagged" : "contact.untagged",
      contactId: run.contactId,
      data: { tag },
    });
  return { outcome: "done", detail: changed.length ? { tag } : { tag, unchanged: "true" } };
}

async function decideIf(
  tx: Tx,
  {
    run,
    step,
    placed,
    now,
  }: { run: Run; step: IfStep; placed: Map<string, PlacedStep>; now: Date },
): Promise<StepResult> {
  const next = placed.get(step.id)?.next ?? null;
  if (await conditionHolds(tx, { run, condition: step.condition, placed }))
    return { outcome: "yes", goTo: branchStart(step, true, next) };
  const event = conditionEvent[step.condition.kind];
  if (step.within > 0 && event) {
    const until = new Date(now.getTime() + secondsOf(step.within, step.withinUnit) * 1000);
    return { outcome: "waiting", detail: { until: until.toISOString() }, wait: { until, event } };
  }
  return { outcome: "no", goTo: branchStart(step, false, next) };
}

/** What each kind of step does, inside the run's transaction. */
export const runStep = {
  async act(
    services: StepServices,
    tx: Tx,
    {
      run,
      step,
      placed,
      now,
      after,
    }: {
      run: Run;
      step: AutomationStep;
      placed: Map<string, PlacedStep>;
      now: Date;
      after: Array<() => Promise<void>>;
    },
  ): Promise<StepResult> {
    switch (step.type) {
      case "tag":
      case "untag":
        return changeTag(tx, run, step.tag, step.type === "tag");
      case "email": {
        if (!step.campaignId) return { outcome: "failed", detail: { reason: "notPublished" } };
        const queued = await queueAutomationMessage(tx, services.jobs, {
          accountId: run.accountId,
          campaignId: step.campaignId,
          contactId: run.contactId,
        });
        return queued.queued
          ? { outcome: "done", detail: { campaignId: step.campaignId } }
          : { outcome: "skipped", detail: { reason: queued.reason } };
      }
      case "wait": {
        const until =
          step.mode === "weekday"
            ? nextWeekdayTime(step, now, await zoneOf(tx, run, await contactOf(tx, run)))
            : new Date(now.getTime() + secondsOf(step.amount, step.unit) * 1000);
        return { outcome: "waiting", detail: { until: until.toISOString() }, wait: { until } };
      }
      case "if":
        return decideIf(tx, { run, step, placed, now });
      case "enrol": {
        const userId = await memberOf(tx, await contactOf(tx, run));
        if (!userId) return { outcome: "skipped", detail: { reason: "notMember" } };
        const enrolled = await enrolByAutomation(tx, {
          accountId: run.accountId,
          courseId: step.courseId,
          userId,
          now,
        });
        return enrolled === "enrolled"
          ? { outcome: "done", detail: { courseId: step.courseId } }
          : { outcome: "skipped", detail: { reason: enrolled, courseId: step.courseId } };
      }
      case "notify": {
        const userId = await memberOf(tx, await contactOf(tx, run));
        if (!userId) return { outcome: "skipped", detail: { reason: "notMember" } };
        const stored = await storeMemberNotification(tx, {
          accountId: run.accountId,
          input: { userId, type: "other", message: step.message },
        });
        after.push(() =>
          announceMemberNotification(services.pubsub, { accountId: run.accountId, stored }),
        );
        return { outcome: "done" };
      }
      case "grant":
      case "revoke": {
        const userId = await memberOf(tx, await contactOf(tx, run));
        if (!userId) return { outcome: "skipped", detail: { reason: "notMember" } };
        const { accountId } = run;
        const { membershipId } = step;
        const changed =
          step.type === "grant"
            ? await holdLevel(tx, {
                accountId,
                membershipId,
                userId,
                source: "manual",
                orderId: null,
                now,
              })
            : (await releaseLevels(tx, { accountId, userId, membershipIds: [membershipId], now }))
                .length > 0;
        return changed
          ? { outcome: "done", detail: { membershipId } }
          : {
              outcome: "skipped",
              detail: { reason: step.type === "grant" ? "noMembership" : "notHeld", membershipId },
            };
      }
      case "points": {
        const userId = await memberOf(tx, await contactOf(tx, run));
        if (!userId) return { outcome: "skipped", detail: { reason: "notMember" } };
        const award = await awardPoints(tx, {
          accountId: run.accountId,
          userId,
          reason: "automation",
          // Once per run and step: a name-based id of the two.
          sourceId: stepUuid(run.id, step.id),
          points: step.points,
        });
        return award
          ? { outcome: "done", detail: { points: String(step.points) } }
          : { outcome: "skipped", detail: { reason: "already" } };
      }
      case "webhook": {
        await services.jobs.send(
          tx,
          AUTOMATION_WEBHOOK_JOB,
          {
            accountId: run.accountId,
            runId: run.id,
            stepId: step.id,
            url: step.url,
            at: now.toISOString(),
          },
          { singletonKey: `${run.id}:${step.id}`, retryLimit: 8, retryDelaySeconds: 30 },
        );
        return { outcome: "done", detail: { host: new URL(step.url).host } };
      }
    }
  },

  /** A waiting if, looked at again (an event came, or its time is up): does it hold now? */
  decide(
    tx: Tx,
    { run, step, placed }: { run: Run; step: IfStep; placed: Map<string, PlacedStep> },
  ) {
    return conditionHolds(tx, { run, condition: step.condition, placed });
  },
};
