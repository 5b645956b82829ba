import { newWebhookSecret } from "~/platform/webhook-signing.server";
import { and, desc, eq } from "drizzle-orm";
import { createAutomationCampaign } from "~/features/campaigns/campaigns.server";
import { checkContactsManager } from "~/features/contacts/contacts.server";
import { contacts } from "~/features/contacts/tables.server";
import type { Viewer } from "~/features/members/members.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { fieldIssuesOf, type FieldIssue } from "~/platform/field-issues";
import { stopRuns, runCounts } from "./automation-engine.server";
import {
  allSteps,
  automationInputSchema,
  type AutomationGraph,
  type AutomationRow,
  type AutomationStatus,
  type OpenedAutomationView,
  type AutomationStep,
  type EmailStep,
  type TriggerType,
} from "./automation-shapes";
import { automationRuns, automations, automationVersions } from "./tables.server";

type Place = { accountId: string; viewer: Viewer | null };

const automationIs = (accountId: string, id: string) =>
  and(eq(automations.accountId, accountId), eq(automations.id, id));

/** The site's automations with how many contacts are inside and have been through. */
export async function listAutomations(database: Database, { accountId, viewer }: Place) {
  checkContactsManager(viewer);
  return database.forAccount(accountId, async (tx): Promise<AutomationRow[]> => {
    const rows = await tx
      .select()
      .from(automations)
      .where(eq(automations.accountId, accountId))
      .orderBy(desc(automations.updatedAt))
      .limit(500);
    const counts = new Map((await runCounts(tx, accountId)).map((row) => [row.automationId, row]));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      status: row.status,
      version: row.version,
      trigger: row.draft.trigger.type,
      running: counts.get(row.id)?.running ?? 0,
      completed: counts.get(row.id)?.completed ?? 0,
      updatedAt: row.updatedAt.toISOString(),
    }));
  });
}

export type OpenedAutomation = OpenedAutomationView & { id: string };

export async function loadAutomation(
  database: Database,
  { accountId, viewer, id }: Place & { id: string },
): Promise<OpenedAutomation> {
  checkContactsManager(viewer);
  return database.forAccount(accountId, async (tx) => {
    const [row] = await tx.select().from(automations).where(automationIs(accountId, id));
    if (!row) throw new AppError({ code: "route.notFound" });
    const published = row.version
      ? await versionGraph(tx, { accountId, id, version: row.version })
      : null;
    const runs = await tx
      .select({
        id: automationRuns.id,
        email: contacts.email,
        status: automationRuns.status,
        version: automationRuns.version,
        startedAt: automationRuns.startedAt,
        cursor: automationRuns.cursor,
      })
      .from(automationRuns)
      .innerJoin(
        contacts,
        and(
          eq(contacts.accountId, automationRuns.accountId),
          eq(contacts.id, automationRuns.contactId),
        ),
      )
      .where(and(eq(automationRuns.accountId, accountId), eq(automationRuns.automationId, id)))
      .orderBy(desc(automationRuns.startedAt))
      .limit(50);
    return {
      id: row.id,
      name: row.name,
      status: row.status,
      reentry: row.reentry,
      version: row.version,
      graph: row.draft,
      changed: published === null || JSON.stringify(published) !== JSON.stringify(row.draft),
      signingSecret: row.signingSecret,
      runs: runs.map((run) => ({ ...run, startedAt: run.startedAt.toISOString() })),
    };
  });
}

async function versionGraph(
  tx: Tx,
  { accountId, id, version }: { accountId: string; id: string; version: number },
) {
  const [row] = await tx
    .select({ graph: automationVersions.graph })
    .from(automationVersions)
    .where(
      and(
        eq(automationVersions.accountId, accountId),
        eq(automationVersions.automationId, id),
        eq(automationVersions.version, version),
      ),
    );
  return row?.graph ?? null;
}

/** The same e-mail as in the version before: its campaign (and report) goes on. */
const sameEmail = (a: EmailStep, b: AutomationStep | undefined) =>
  b?.type === "email" &&
  b.campaignId !== "" &&
  a.subject === b.subject &&
  a.preheader === b.preheader &&
  JSON.stringify(a.blocks) === JSON.stringify(b.blocks);

/** Gives each e-mail step of a graph its campaign, kept from the last version when unchanged. */
async function withCampaigns(
  tx: Tx,
  {
    accountId,
    name,
    graph,
    previous,
    linkOrigin,
  }: {
    accountId: string;
    name: string;
    graph: AutomationGraph;
    previous: AutomationGraph | null;
    linkOrigin: string;
  },
): Promise<AutomationGraph> {
  const before = new Map(
    previous ? [...allSteps(previous.steps)].map((step) => [step.id, step]) : [],
  );
  const copy = structuredClone(graph);
  for (const step of allSteps(copy.steps)) {
    if (step.type !== "email") continue;
    const old = before.get(step.id);
    step.campaignId =
      sameEmail(step, old) && old?.type === "email"
        ? old.campaignId
        : await createAutomationCampaign(tx, {
            accountId,
            name: `${name} · ${step.subject}`.slice(0, 120),
            subject: step.subject,
            preheader: step.preheader,
            blocks: step.blocks,
            linkOrigin,
          });
  }
  return copy;
}

type Answer =
  | { ok: true; id: string; version?: number; status?: AutomationStatus }
  | { ok: false; code: "request.invalid"; issues: FieldIssue[] };

/** Saves the draft of a new or existing automation; answers field issues, nothing saved. */
export async function saveAutomation(
  database: Database,
  {
    accountId,
    viewer,
    id,
    input,
    now = new Date(),
  }: Place & { id: string | null; input: unknown; now?: Date },
): Promise<Answer> {
  checkContactsManager(viewer);
  const parsed = automationInputSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, code: "request.invalid", issues: fieldIssuesOf(parsed.error) };
  const { name, reentry, graph } = parsed.data;
  return database.forAccount(accountId, async (tx) => {
    if (id === null) {
      const [row] = await tx
        .insert(automations)
        .values({
          accountId,
          name,
          reentry,
          draft: graph,
          signingSecret: newWebhookSecret(),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: automations.id, status: automations.status });
      return { ok: true as const, id: row!.id, status: row!.status };
    }
    const [row] = await tx
      .update(automations)
      .set({ name, reentry, draft: graph, updatedAt: now })
      .where(automationIs(accountId, id))
      .returning({ id: automations.id, status: automations.status });
    if (!row) throw new AppError({ code: "route.notFound" });
    return { ok: true as const, id: row.id, status: row.status };
  });
}

/**
 * Publishes the draft as the next version and turns the automation on: new runs follow it,
 * runs already inside keep the version they started on (decision 061).
 */
export async function publishAutomation(
  database: Database,
  {
    accountId,
    viewer,
    id,
    linkOrigin,
    now = new Date(),
  }: Place & { id: string; linkOrigin: string; now?: Date },
): Promise<Answer> {
  checkContactsManager(viewer);
  return database.forAccount(accountId, async (tx) => {
    const [row] = await tx
      .select()
      .from(automations)
      .where(automationIs(accountId, id))
      .for("update");
    if (!row) throw new AppError({ code: "route.notFound" });
    const parsed = automationInputSchema.safeParse({
      name: row.name,
      reentry: row.reentry,
      graph: row.draft,
    });
    if (!parsed.success)
      return {
        ok: false as const,
        code: "request.invalid" as const,
        issues: fieldIssuesOf(parsed.error),
      };
    if (parsed.data.graph.steps.length === 0)
      return {
        ok: false as const,
        code: "request.invalid" as const,
        issues: [{ path: "graph.steps", code: "custom", origin: "noSteps" }],
      };
    const previous = row.version
      ? await versionGraph(tx, { accountId, id, version: row.version })
      : null;
    const graph = await withCampaigns(tx, {
      accountId,
      name: row.name,
      graph: parsed.data.graph,
      previous,
      linkOrigin,
    });
    const version = row.version + 1;
    await tx
      .insert(automationVersions)
      .values({ accountId, automationId: id, version, graph, publishedAt: now });
    await tx
      .update(automations)
      .set({
        draft: graph,
        version,
        triggerType: graph.trigger.type satisfies TriggerType,
        status: "active",
        updatedAt: now,
      })
      .where(automationIs(accountId, id));
    return { ok: true as const, id, version, status: "active" as const };
  });
}

const moves = {
  pause: { from: ["active"], to: "paused" },
  resume: { from: ["paused"], to: "active" },
  stop: { from: ["active", "paused"], to: "stopped" },
} as const satisfies Record<string, { from: AutomationStatus[]; to: AutomationStatus }>;

/**
 * Pause (no one new enters; runs inside go on), resume, or stop (no one enters, and every run
 * inside ends, each with a line in its contact's timeline).
 */
export async function moveAutomation(
  database: Database,
  { accountId, viewer, id, move }: Place & { id: string; move: keyof typeof moves },
): Promise<Answer> {
  checkContactsManager(viewer);
  return database.forAccount(accountId, async (tx) => {
    const { from, to } = moves[move];
    const [row] = await tx
      .select({ status: automations.status })
      .from(automations)
      .where(automationIs(accountId, id))
      .for("update");
    if (!row) throw new AppError({ code: "route.notFound" });
    if (!(from as readonly AutomationStatus[]).includes(row.status))
      throw new AppError({ code: "automations.wrongState" });
    await tx
      .update(automations)
      .set({ status: to, updatedAt: new Date() })
      .where(automationIs(accountId, id));
    if (to === "stopped") await stopRuns(tx, { accountId, automationId: id });
    return { ok: true as const, id, status: to };
  });
}

export async function deleteAutomation(
  database: Database,
  { accountId, viewer, id }: Place & { id: string },
) {
  checkContactsManager(viewer);
  const gone = await database.forAccount(accountId, (tx) =>
    tx.delete(automations).where(automationIs(accountId, id)).returning({ id: automations.id }),
  );
  if (gone.length === 0) throw new AppError({ code: "route.notFound" });
  return { ok: true as const, id };
}
