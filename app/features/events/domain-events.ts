/*
 * The site's domain events (issue 34): what happened, said once by the feature that owns it
 * and heard by every feature that reacts (automations first; affiliates, webhooks and the
 * activity feed later), without either knowing the other.
 */

export const domainEventTypes = [
  "form.submitted",
  "contact.tagged",
  "contact.untagged",
  "contact.subscribed",
  "contact.unsubscribed",
  "contact.anniversary",
  "order.paid",
  "order.refunded",
  "order.partlyRefunded",
  "checkout.abandoned",
  "course.enrolled",
  "lesson.completed",
  "course.completed",
  "quiz.passed",
  "quiz.failed",
  "membership.started",
  "membership.ended",
  "email.opened",
  "email.clicked",
  "funnel.step.converted",
] as const;
export type DomainEventType = (typeof domainEventTypes)[number];

/** References an event carries (ids, a tag, amounts): plain values only. */
export type DomainEventData = Record<string, string | number | boolean | string[] | null>;

/**
 * One event. The person it is about is named as the features know them: a contact, a member
 * (`userId`) or an address; a consumer finds the rest.
 */
export type DomainEvent = {
  type: DomainEventType;
  contactId?: string | null;
  userId?: string | null;
  email?: string | null;
  data?: DomainEventData;
};

export type StoredDomainEvent = Required<Omit<DomainEvent, "data">> & {
  accountId: string;
  id: string;
  data: DomainEventData;
  occurredAt: Date;
};
