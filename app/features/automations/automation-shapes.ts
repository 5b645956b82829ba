import { z } from "zod";
import { campaignBlockSchema } from "~/features/campaigns/campaigns";
import type { DomainEventType } from "~/features/events/events";
import { linkUrlSchema, plainTextSchema } from "~/platform/safe-value-schemas";

/*
 * M5 automations on both sides of the wire (issue 34): a trigger, then steps — actions, waits
 * and if/else branches — as the builder draws them and the engine runs them.
 */

export const AUTOMATIONS_SCREEN_PATH = "/dashboard/manage/marketing/automations";

const trimmed = (max: number) => plainTextSchema(max).transform((value) => value.trim());
const required = (max: number) =>
  trimmed(max).refine((value) => value.length > 0, { params: { origin: "required" } });
/** A choice of one thing, or "" for any. */
const anyOr = z.union([z.literal(""), z.uuid()]).default("");

/** What starts a run: one of the domain events, narrowed to a form, tag, product or course. */
export const triggerTypes = [
  "form.submitted",
  "contact.tagged",
  "contact.subscribed",
  "contact.unsubscribed",
  "contact.anniversary",
  "order.paid",
  "order.refunded",
  "checkout.abandoned",
  "course.enrolled",
  "lesson.completed",
  "course.completed",
  "quiz.passed",
  "quiz.failed",
  "membership.started",
  "membership.ended",
] as const satisfies readonly DomainEventType[];
export type TriggerType = (typeof triggerTypes)[number];

export const triggerSchema = z.object({
  type: z.enum(triggerTypes),
  formId: anyOr,
  tag: trimmed(60).default(""),
  productId: anyOr,
  courseId: anyOr,
  membershipId: anyOr,
});
export type AutomationTrigger = z.output<typeof triggerSchema>;

/** Which narrowing each trigger offers (the builder shows that one field). */
export const triggerFilter: Record<
  TriggerType,
  "formId" | "tag" | "productId" | "courseId" | "membershipId" | null
> = {
  "form.submitted": "formId",
  "contact.tagged": "tag",
  "contact.subscribed": null,
  "contact.unsubscribed": null,
  // The date field's name, kept in the trigger's `tag` (one text narrowing per trigger).
  "contact.anniversary": "tag",
  "order.paid": "productId",
  "order.refunded": "productId",
  "checkout.abandoned": "productId",
  "course.enrolled": "courseId",
  "lesson.completed": "courseId",
  "course.completed": "courseId",
  "quiz.passed": "courseId",
  "quiz.failed": "courseId",
  "membership.started": "membershipId",
  "membership.ended": "membershipId",
};

export const waitUnits = ["minutes", "hours", "days"] as const;
export type WaitUnit = (typeof waitUnits)[number];
export const UNIT_SECONDS: Record<WaitUnit, number> = { minutes: 60, hours: 3600, days: 86_400 };

export const conditionKinds = [
  "hasTag",
  "opened",
  "clicked",
  "field",
  "purchased",
  "enrolled",
  "completed",
  "hasMembership",
] as const;
export type ConditionKind = (typeof conditionKinds)[number];

export const conditionSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("hasTag"), tag: required(60) }),
  /** The contact opened (or clicked in) the e-mail of an earlier step of this automation. */
  z.object({ kind: z.literal("opened"), stepId: z.string().max(16) }),
  z.object({ kind: z.literal("clicked"), stepId: z.string().max(16) }),
  z.object({ kind: z.literal("field"), field: required(60), value: trimmed(200).default("") }),
  z.object({ kind: z.literal("purchased"), productId: z.uuid() }),
  z.object({ kind: z.literal("enrolled"), courseId: z.uuid() }),
  z.object({ kind: z.literal("completed"), courseId: z.uuid() }),
  z.object({ kind: z.literal("hasMembership"), membershipId: z.uuid() }),
]);
export type AutomationCondition = z.output<typeof conditionSchema>;

/** The event that can make a condition true while a run waits on it ("if … within"). */
export const conditionEvent: Record<ConditionKind, DomainEventType | null> = {
  hasTag: "contact.tagged",
  opened: "email.opened",
  clicked: "email.clicked",
  field: null,
  purchased: "order.paid",
  enrolled: "course.enrolled",
  completed: "course.completed",
  hasMembership: "membership.started",
};

export const stepTypes = [
  "email",
  "wait",
  "if",
  "tag",
  "untag",
  "enrol",
  "notify",
  "webhook",
  "grant",
  "revoke",
  "points",
] as const;
export type StepType = (typeof stepTypes)[number];

const stepId = z.string().regex(/^[a-z0-9]{2,16}$/);
const amount = z.coerce.number().int().min(0).max(1000);

type StepCommon = { id: string };
export type EmailStep = StepCommon & {
  type: "email";
  subject: string;
  preheader: string;
  blocks: z.output<typeof campaignBlockSchema>[];
  /** The campaign that sends it, given when the version is published (decision 061). */
  campaignId: string;
};
export type WaitStep = StepCommon & {
  type: "wait";
  mode: "duration" | "weekday";
  amount: number;
  unit: WaitUnit;
  /** Weekdays (0 = Sunday) and a time, in the site's time zone (or the contact's `timezone` field). */
  days: number[];
  time: string;
};
export type IfStep = StepCommon & {
  type: "if";
  condition: AutomationCondition;
  /** 0: decided at once; else the run waits up to this long for the condition to come true. */
  within: number;
  withinUnit: WaitUnit;
  /** The branch taken when the condition holds, and the one when it does not. */
  yes: AutomationStep[];
  no: AutomationStep[];
};
export type AutomationStep =
  | EmailStep
  | WaitStep
  | IfStep
  | (StepCommon & { type: "tag" | "untag"; tag: string })
  | (StepCommon & { type: "enrol"; courseId: string })
  | (StepCommon & { type: "notify"; message: string })
  | (StepCommon & { type: "grant" | "revoke"; membershipId: string })
  | (StepCommon & { type: "points"; points: number })
  | (StepCommon & { type: "webhook"; url: string });

const httpsUrl = linkUrlSchema.refine((value) => /^https?:\/\//i.test(value), {
  params: { origin: "url" },
});

export const stepSchema: z.ZodType<AutomationStep, unknown> = z.lazy(() =>
  z.discriminatedUnion("type", [
    z.object({
      id: stepId,
      type: z.literal("email"),
      subject: required(200),
      preheader: trimmed(200).default(""),
      blocks: z.array(campaignBlockSchema).min(1).max(100),
      campaignId: z.union([z.literal(""), z.uuid()]).default(""),
    }),
    z.object({
      id: stepId,
      type: z.literal("wait"),
      mode: z.enum(["duration", "weekday"]).default("duration"),
      amount: amount.default(1),
      unit: z.enum(waitUnits).default("days"),
      days: z.array(z.number().int().min(0).max(6)).max(7).default([]),
      time: z
        .string()
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
        .default("09:00"),
    }),
    z.object({
      id: stepId,
      type: z.literal("if"),
      condition: conditionSchema,
      within: amount.default(0),
      withinUnit: z.enum(waitUnits).default("days"),
      yes: z.array(stepSchema).max(60).default([]),
      no: z.array(stepSchema).max(60).default([]),
    }),
    z.object({ id: stepId, type: z.enum(["tag", "untag"]), tag: required(60) }),
    z.object({ id: stepId, type: z.literal("enrol"), courseId: z.uuid() }),
    z.object({ id: stepId, type: z.literal("notify"), message: required(500) }),
    z.object({ id: stepId, type: z.literal("webhook"), url: httpsUrl }),
    z.object({ id: stepId, type: z.enum(["grant", "revoke"]), membershipId: z.uuid() }),
    z.object({
      id: stepId,
      type: z.literal("points"),
      points: z.coerce.number().int().min(1).max(10_000),
    }),
  ]),
);

/** Every step of a list, branches included, in the order a reader meets them. */
export function* allSteps(steps: AutomationStep[]): Generator<AutomationStep> {
  for (const step of steps) {
    yield step;
    if (step.type === "if") {
      yield* allSteps(step.yes);
      yield* allSteps(step.no);
    }
  }
}

const depthOf = (steps: AutomationStep[]): number =>
  Math.max(
    0,
    ...steps.map((step) =>
      step.type === "if" ? 1 + Math.max(depthOf(step.yes), depthOf(step.no)) : 1,
    ),
  );

export const MAX_STEPS = 100;

export const graphSchema = z
  .object({ trigger: triggerSchema, steps: z.array(stepSchema).max(60).default([]) })
  .superRefine((graph, context) => {
    const steps = [...allSteps(graph.steps)];
    if (steps.length > MAX_STEPS)
      context.addIssue({ code: "custom", path: ["steps"], params: { origin: "tooMany" } });
    if (depthOf(graph.steps) > 6)
      context.addIssue({ code: "custom", path: ["steps"], params: { origin: "tooDeep" } });
    const seen = new Set<string>();
    const emails = new Set(steps.filter((step) => step.type === "email").map((step) => step.id));
    for (const step of steps) {
      if (seen.has(step.id))
        context.addIssue({
          code: "custom",
          path: ["steps", step.id],
          params: { origin: "duplicate" },
        });
      seen.add(step.id);
      if (
        step.type === "if" &&
        (step.condition.kind === "opened" || step.condition.kind === "clicked") &&
        !emails.has(step.condition.stepId)
      )
        context.addIssue({
          code: "custom",
          path: ["steps", step.id],
          params: { origin: "noEmail" },
        });
      if (step.type === "wait" && step.mode === "weekday" && step.days.length === 0)
        context.addIssue({
          code: "custom",
          path: ["steps", step.id],
          params: { origin: "noDays" },
        });
    }
  });
export type AutomationGraph = z.output<typeof graphSchema>;

export const automationInputSchema = z.object({
  name: required(120),
  /** Whether a contact already inside may enter again (each event starts a run of its own). */
  reentry: z.boolean().default(false),
  graph: graphSchema,
});
export type AutomationInput = z.output<typeof automationInputSchema>;

export const automationStatuses = ["draft", "active", "paused", "stopped"] as const;
export type AutomationStatus = (typeof automationStatuses)[number];

export const runStatuses = ["running", "waiting", "completed", "stopped", "failed"] as const;
export type RunStatus = (typeof runStatuses)[number];

/** What a run's history says of a step (the contact's timeline). */
export const stepOutcomes = [
  "entered",
  "notEntered",
  "done",
  "skipped",
  "waiting",
  "resumed",
  "yes",
  "no",
  "failed",
  "completed",
  "stopped",
] as const;
export type StepOutcome = (typeof stepOutcomes)[number];

/** An automation as the screen's list shows it. */
export type AutomationRow = {
  id: string;
  name: string;
  status: AutomationStatus;
  version: number;
  trigger: TriggerType;
  running: number;
  completed: number;
  updatedAt: string;
};

/** One line of a contact's timeline. */
export type TimelineEntry = {
  runId: string;
  automationId: string;
  automationName: string;
  version: number;
  stepId: string;
  stepType: StepType | "trigger" | "end";
  outcome: StepOutcome;
  detail: Record<string, string>;
  at: string;
};

/** What a dry run says each step would do for a sample contact (nothing is done). */
export type DryRunLine = {
  stepId: string;
  stepType: StepType | "trigger" | "end";
  outcome: "would" | "yes" | "no" | "skip" | "wait";
  detail: Record<string, string>;
};

/** An automation as its builder opens it (`id` null: a new one, not saved yet). */
export type OpenedAutomationView = {
  id: string | null;
  name: string;
  status: AutomationStatus;
  reentry: boolean;
  version: number;
  graph: AutomationGraph;
  /** Whether the draft differs from the published version. */
  changed: boolean;
  signingSecret: string;
  runs: {
    id: string;
    email: string;
    status: string;
    version: number;
    startedAt: string;
    cursor: string | null;
  }[];
};
