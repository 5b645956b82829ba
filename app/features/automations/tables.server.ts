import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { tenantIsolationPolicy } from "../../platform/db/tenant-policy.server";
import { accounts } from "../accounts/tables.server";
import type {
  AutomationGraph,
  AutomationStatus,
  RunStatus,
  StepOutcome,
} from "./automation-shapes";

/**
 * M5 automations (decision 061): the owner edits `draft`; publishing copies it into a new
 * version, which new runs follow while runs already inside keep theirs.
 */
export const automations = pgTable(
  "automations",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    name: text("name").notNull(),
    status: text("status").$type<AutomationStatus>().notNull().default("draft"),
    reentry: boolean("reentry").notNull().default(false),
    /** Signs its webhook steps' calls (Standard Webhooks), shown to the owner to check them. */
    signingSecret: text("signing_secret").notNull(),
    draft: jsonb("draft").$type<AutomationGraph>().notNull(),
    /** The trigger of the published version (what events are matched on); null: none yet. */
    triggerType: text("trigger_type"),
    /** The latest published version; 0 when never published. */
    version: integer("version").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("automations_account_trigger").on(t.accountId, t.status, t.triggerType),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("automations"),
  ],
);

/** A published version: never changed once written. */
export const automationVersions = pgTable(
  "automation_versions",
  {
    accountId: uuid("account_id").notNull(),
    automationId: uuid("automation_id").notNull(),
    version: integer("version").notNull(),
    graph: jsonb("graph").$type<AutomationGraph>().notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.automationId, t.version] }),
    foreignKey({
      columns: [t.accountId, t.automationId],
      foreignColumns: [automations.accountId, automations.id],
    }).onDelete("cascade"),
    tenantIsolationPolicy("automation_versions"),
  ],
);

/**
 * One contact's way through one version, started by one event (at most once per event).
 * `cursor` is the step to run next, or the step it waits at; the row is locked while a step
 * runs, and a step's effect, its history line and the cursor's move commit together.
 */
export const automationRuns = pgTable(
  "automation_runs",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    automationId: uuid("automation_id").notNull(),
    version: integer("version").notNull(),
    contactId: uuid("contact_id").notNull(),
    /** domain_events.id of the event that started it; null for a run started by hand. */
    eventId: uuid("event_id"),
    status: text("status").$type<RunStatus>().notNull().default("running"),
    cursor: text("cursor"),
    /** While waiting on an "if … within": the event that may decide it sooner. */
    waitingFor: text("waiting_for"),
    resumeAt: timestamp("resume_at", { withTimezone: true }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("automation_runs_event").on(t.accountId, t.automationId, t.eventId),
    index("automation_runs_contact").on(t.accountId, t.contactId, t.status),
    index("automation_runs_automation").on(t.accountId, t.automationId, t.status),
    foreignKey({
      columns: [t.accountId, t.automationId],
      foreignColumns: [automations.accountId, automations.id],
    }).onDelete("cascade"),
    tenantIsolationPolicy("automation_runs"),
  ],
);

/**
 * The contacts' timelines: each thing a run did or decided, and each event that did not start
 * a run (and why). Read per contact through its index, however long the table grows.
 */
export const automationHistory = pgTable(
  "automation_history",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    runId: uuid("run_id").notNull(),
    automationId: uuid("automation_id").notNull(),
    contactId: uuid("contact_id").notNull(),
    stepId: text("step_id").notNull(),
    stepType: text("step_type").notNull(),
    outcome: text("outcome").$type<StepOutcome>().notNull(),
    detail: jsonb("detail").$type<Record<string, string>>().notNull().default({}),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    // A step's outcome is written once per run: a step run twice would fail here.
    uniqueIndex("automation_history_once").on(t.accountId, t.runId, t.stepId, t.outcome),
    index("automation_history_contact").on(t.accountId, t.contactId, t.at),
    foreignKey({
      columns: [t.accountId, t.automationId],
      foreignColumns: [automations.accountId, automations.id],
    }).onDelete("cascade"),
    tenantIsolationPolicy("automation_history"),
  ],
);
