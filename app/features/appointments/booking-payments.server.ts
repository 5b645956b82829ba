// Issue 36 paid sessions (decision 078). A type sold by a shop product is booked as a hold: the
// booking is pending and takes its time while its checkout is open, and the shop's order names
// it (`booking:<id>`). What the shop says back comes as domain events: paid confirms the hold,
// an abandoned checkout or an order refunded lets it go. A hold nobody checks out expires by the
// sweep here; a paid session cancelled, or paid when it can no longer happen, is refunded
// through commerce by a job of its own, queued in the transaction that decided it.
import { and, eq, lt, sql } from "drizzle-orm";
import type { EventConsumer, StoredDomainEvent } from "~/features/events/events.server";
import {
  cancelOpenCheckoutsOf,
  openCheckoutOf,
  refundOrderFor,
  type OrderDeps,
} from "~/features/orders/orders.server";
import type { Database, Tx } from "~/platform/db/database.server";
import type { JobQueue } from "~/platform/jobs/job-queue-types";
import { BOOKING_MAIL_JOB } from "./booking-mail.server";
import { lockHostTime, slotsIn } from "./bookings.server";
import { bookings } from "./tables.server";

type Jobs = Pick<JobQueue, "send">;
type Booking = typeof bookings.$inferSelect;

/** Gives up a released booking's open checkouts, and refunds an order it should not keep. */
export const BOOKING_SETTLE_JOB = "appointments.settle-order";
/** Every five minutes: holds whose time ran out with no checkout open expire. */
export const HOLDS_SWEEP_JOB = "appointments.expire-holds";

/** What the booking's orders carry: orders keep it and tell it back with their events. */
export const bookingReference = (bookingId: string) => `booking:${bookingId}`;
const bookingOf = (reference: unknown) =>
  typeof reference === "string" && /^booking:[0-9a-f-]{36}$/.test(reference)
    ? reference.slice("booking:".length)
    : null;

export type SettleData = { accountId: string; bookingId: string; refundOrderId?: string | null };

/** Queues the settlement of a booking's orders once the change that needs it commits. */
export const settleOrdersLater = (tx: Tx, jobs: Jobs, data: SettleData) =>
  jobs.send(tx, BOOKING_SETTLE_JOB, data, { retryLimit: 8, retryDelaySeconds: 60 });

async function lockedBooking(tx: Tx, accountId: string, bookingId: string) {
  const [booking] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.accountId, accountId), eq(bookings.id, bookingId)))
    .for("update");
  return booking ?? null;
}

/**
 * A paid hold's slot taken again for a payment that came after it expired: the slot as the
 * host's rules and bookings have it now (notice reckoned from when it was held), else null.
 */
async function retake(tx: Tx, booking: Booking): Promise<boolean> {
  await lockHostTime(tx, booking.accountId, booking.hostUserId);
  const start = booking.startAt.getTime();
  const { slots } = await slotsIn(tx, {
    accountId: booking.accountId,
    typeId: booking.typeId,
    from: start,
    to: start + 1,
    now: Math.min(Date.now(), booking.createdAt.getTime()),
  }).catch(() => ({ slots: [] }));
  return slots.some((slot) => Date.parse(slot.start) === start);
}

/**
 * An order naming a booking was paid. Only its booker's order for the product it was held for
 * counts. A pending hold is confirmed (mailed with its invitation); one that expired meanwhile
 * is confirmed if its slot is still open; otherwise (cancelled, gone, or already paid by
 * another order) the order is refunded. Told twice, the second finds the order already kept.
 */
async function paid(tx: Tx, jobs: Jobs, event: StoredDomainEvent, bookingId: string) {
  const { accountId } = event;
  const orderId = String(event.data.orderId);
  const booking = await lockedBooking(tx, accountId, bookingId);
  if (!booking || booking.bookerUserId !== event.userId) return;
  if (booking.orderId === orderId) return;
  // The product it was held for (the type may be sold by another one since).
  const productIds = Array.isArray(event.data.productIds) ? event.data.productIds : [];
  if (!booking.productId || !productIds.includes(booking.productId)) return;
  const keeps =
    booking.status === "pending" ||
    (booking.status === "expired" && !booking.orderId && (await retake(tx, booking)));
  if (!keeps) {
    await settleOrdersLater(tx, jobs, { accountId, bookingId, refundOrderId: orderId });
    return;
  }
  await tx
    .update(bookings)
    .set({ status: "confirmed", orderId, holdUntil: null })
    .where(and(eq(bookings.accountId, accountId), eq(bookings.id, bookingId)));
  await jobs.send(tx, BOOKING_MAIL_JOB, { accountId, bookingId, kind: "confirmed" });
}

/** A checkout of a hold was given up (its order expired): the hold goes unless another is open. */
async function abandoned(tx: Tx, event: StoredDomainEvent, bookingId: string, now: Date) {
  const { accountId } = event;
  const booking = await lockedBooking(tx, accountId, bookingId);
  if (!booking || booking.status !== "pending") return;
  if (await openCheckoutOf(tx, { accountId, reference: bookingReference(bookingId) })) return;
  await tx
    .update(bookings)
    .set({ status: "expired", cancelledAt: now, holdUntil: null })
    .where(and(eq(bookings.accountId, accountId), eq(bookings.id, bookingId)));
}

/** The order that paid a session was refunded (in the shop): the session is cancelled. */
async function refunded(tx: Tx, jobs: Jobs, event: StoredDomainEvent, bookingId: string) {
  const { accountId } = event;
  const booking = await lockedBooking(tx, accountId, bookingId);
  if (!booking || booking.status !== "confirmed" || booking.orderId !== event.data.orderId) return;
  await tx
    .update(bookings)
    .set({ status: "cancelled", cancelledAt: event.occurredAt, sequence: booking.sequence + 1 })
    .where(and(eq(bookings.accountId, accountId), eq(bookings.id, bookingId)));
  await jobs.send(tx, BOOKING_MAIL_JOB, { accountId, bookingId, kind: "cancelled" });
}

/** Appointments' part in the shop's events (decision 078), in the order they happened. */
export function bookingPaymentsConsumer({
  database,
  jobs,
}: {
  database: Database;
  jobs: Jobs;
}): EventConsumer {
  return {
    name: "appointments",
    async take(accountId, events) {
      for (const event of events) {
        const bookingId = bookingOf(event.data.reference);
        if (!bookingId || !event.userId) continue;
        if (event.type === "order.paid")
          await database.forAccount(accountId, (tx) => paid(tx, jobs, event, bookingId));
        else if (event.type === "checkout.abandoned")
          await database.forAccount(accountId, (tx) =>
            abandoned(tx, event, bookingId, event.occurredAt),
          );
        else if (event.type === "order.refunded")
          await database.forAccount(accountId, (tx) => refunded(tx, jobs, event, bookingId));
      }
    },
  };
}

/**
 * Holds past their time with no checkout open expire (their slot opens again). Each is locked,
 * so a payment told at the same moment either finds it pending or, after, expired (and takes
 * the slot again if it can).
 */
export async function expireHolds(
  { database }: { database: Database },
  { now = new Date() }: { now?: Date } = {},
): Promise<{ expired: number }> {
  // Across accounts, as the other sweeps find their work (decision 061).
  const due = await database.owner.execute<{ account_id: string }>(sql`
    select distinct account_id from ${bookings}
     where status = 'pending' and hold_until < ${now.toISOString()}::timestamptz
     limit 500`);
  let expired = 0;
  for (const { account_id: accountId } of due.rows)
    expired += await database.forAccount(accountId, async (tx) => {
      const held = await tx
        .select()
        .from(bookings)
        .where(
          and(
            eq(bookings.accountId, accountId),
            eq(bookings.status, "pending"),
            lt(bookings.holdUntil, now),
          ),
        )
        .for("update", { skipLocked: true });
      let count = 0;
      for (const booking of held) {
        if (await openCheckoutOf(tx, { accountId, reference: bookingReference(booking.id) }))
          continue;
        await tx
          .update(bookings)
          .set({ status: "expired", cancelledAt: now, holdUntil: null })
          .where(and(eq(bookings.accountId, accountId), eq(bookings.id, booking.id)));
        count++;
      }
      return count;
    });
  return { expired };
}

/**
 * The settlement a change of a booking asked for: a booking no longer held gives up its open
 * checkouts, and an order it should not keep is refunded in full through commerce (cause
 * `booking:<id>`). Run twice, the second finds nothing open and nothing left to refund.
 */
export async function settleBookingOrders(
  deps: OrderDeps,
  { accountId, bookingId, refundOrderId }: SettleData,
  now = new Date(),
): Promise<{ cancelled: number; refunded: boolean }> {
  const reference = bookingReference(bookingId);
  const cancelled = await deps.database.forAccount(accountId, async (tx) => {
    const [booking] = await tx
      .select({ status: bookings.status })
      .from(bookings)
      .where(and(eq(bookings.accountId, accountId), eq(bookings.id, bookingId)));
    if (booking && (booking.status === "pending" || booking.status === "confirmed")) return 0;
    return cancelOpenCheckoutsOf(tx, { accountId, reference, cause: reference, now });
  });
  const refunded = refundOrderId
    ? (await refundOrderFor(deps, { accountId, orderId: refundOrderId, cause: reference, now })) ===
      "refunded"
    : false;
  return { cancelled, refunded };
}
