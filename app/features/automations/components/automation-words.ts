import { useTranslation } from "~/platform/i18n/use-translation";
import type {
  AutomationStatus,
  ConditionKind,
  RunStatus,
  StepOutcome,
  StepType,
  TriggerType,
  WaitUnit,
} from "../automation-shapes";

/** The owner's words for an automation's parts (literal keys, for the key trace). */
export function useAutomationWords() {
  const { t } = useTranslation();
  const statuses: Record<AutomationStatus, string> = {
    draft: t("automations.status.draft"),
    active: t("automations.status.active"),
    paused: t("automations.status.paused"),
    stopped: t("automations.status.stopped"),
  };
  const triggers: Record<TriggerType, string> = {
    "form.submitted": t("automations.triggers.formSubmitted"),
    "contact.tagged": t("automations.triggers.contactTagged"),
    "contact.subscribed": t("automations.triggers.contactSubscribed"),
    "contact.unsubscribed": t("automations.triggers.contactUnsubscribed"),
    "contact.anniversary": t("automations.triggers.contactAnniversary"),
    "order.paid": t("automations.triggers.orderPaid"),
    "order.refunded": t("automations.triggers.orderRefunded"),
    "checkout.abandoned": t("automations.triggers.checkoutAbandoned"),
    "course.enrolled": t("automations.triggers.courseEnrolled"),
    "lesson.completed": t("automations.triggers.lessonCompleted"),
    "course.completed": t("automations.triggers.courseCompleted"),
    "quiz.passed": t("automations.triggers.quizPassed"),
    "quiz.failed": t("automations.triggers.quizFailed"),
    "membership.started": t("automations.triggers.membershipStarted"),
    "membership.ended": t("automations.triggers.membershipEnded"),
  };
  const steps: Record<StepType | "trigger" | "end", string> = {
    email: t("automations.steps.email"),
    wait: t("automations.steps.wait"),
    if: t("automations.steps.if"),
    tag: t("automations.steps.tag"),
    untag: t("automations.steps.untag"),
    enrol: t("automations.steps.enrol"),
    notify: t("automations.steps.notify"),
    webhook: t("automations.steps.webhook"),
    grant: t("automations.steps.grant"),
    revoke: t("automations.steps.revoke"),
    points: t("automations.steps.points"),
    trigger: t("automations.steps.trigger"),
    end: t("automations.steps.end"),
  };
  const conditions: Record<ConditionKind, string> = {
    hasTag: t("automations.conditions.hasTag"),
    opened: t("automations.conditions.opened"),
    clicked: t("automations.conditions.clicked"),
    field: t("automations.conditions.field"),
    purchased: t("automations.conditions.purchased"),
    enrolled: t("automations.conditions.enrolled"),
    completed: t("automations.conditions.completed"),
    hasMembership: t("automations.conditions.hasMembership"),
  };
  const units: Record<WaitUnit, string> = {
    minutes: t("automations.units.minutes"),
    hours: t("automations.units.hours"),
    days: t("automations.units.days"),
  };
  const outcomes: Record<StepOutcome, string> = {
    entered: t("automations.outcomes.entered"),
    notEntered: t("automations.outcomes.notEntered"),
    done: t("automations.outcomes.done"),
    skipped: t("automations.outcomes.skipped"),
    waiting: t("automations.outcomes.waiting"),
    resumed: t("automations.outcomes.resumed"),
    yes: t("automations.outcomes.yes"),
    no: t("automations.outcomes.no"),
    failed: t("automations.outcomes.failed"),
    completed: t("automations.outcomes.completed"),
    stopped: t("automations.outcomes.stopped"),
  };
  const runStatuses: Record<RunStatus, string> = {
    running: t("automations.runStatus.running"),
    waiting: t("automations.runStatus.waiting"),
    completed: t("automations.runStatus.completed"),
    stopped: t("automations.runStatus.stopped"),
    failed: t("automations.runStatus.failed"),
  };
  /** Why a step was skipped or a contact did not enter, in words. */
  const reasons: Record<string, string> = {
    alreadyInside: t("automations.reasons.alreadyInside"),
    notMember: t("automations.reasons.notMember"),
    unsubscribed: t("automations.reasons.unsubscribed"),
    unconfirmed: t("automations.reasons.unconfirmed"),
    bounced: t("automations.reasons.bounced"),
    complained: t("automations.reasons.complained"),
    noContact: t("automations.reasons.noContact"),
    alreadyQueued: t("automations.reasons.alreadyQueued"),
    already: t("automations.reasons.already"),
    noCourse: t("automations.reasons.noCourse"),
    timedOut: t("automations.reasons.timedOut"),
    notPublished: t("automations.reasons.notPublished"),
    noMembership: t("automations.reasons.noMembership"),
    notHeld: t("automations.reasons.notHeld"),
  };
  const weekdays = [
    t("automations.weekdays.sun"),
    t("automations.weekdays.mon"),
    t("automations.weekdays.tue"),
    t("automations.weekdays.wed"),
    t("automations.weekdays.thu"),
    t("automations.weekdays.fri"),
    t("automations.weekdays.sat"),
  ];
  return { statuses, triggers, steps, conditions, units, outcomes, runStatuses, reasons, weekdays };
}

export type AutomationWords = ReturnType<typeof useAutomationWords>;

export const statusColour: Record<AutomationStatus, string> = {
  draft: "gray",
  active: "green",
  paused: "yellow",
  stopped: "red",
};
