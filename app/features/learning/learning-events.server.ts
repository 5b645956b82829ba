import { emitDomainEvent } from "~/features/events/events.server";
import type { Tx } from "~/platform/db/database.server";

/** A person's enrolment began (or began again): the domain event automations start on. */
export const enrolledEvent = (
  tx: Tx,
  {
    accountId,
    courseId,
    userId,
    source,
    now,
  }: { accountId: string; courseId: string; userId: string; source: string; now: Date },
) =>
  emitDomainEvent(
    tx,
    accountId,
    { type: "course.enrolled", userId, data: { courseId, source } },
    now,
  );
