// Issue 36 bookings (decision 075): a host's availability, the slots it opens, and bookings
// (the types themselves: appointment-types.server.ts). A booking is taken in one place (`bookSlot`) under a lock per host,
// where the slot is reckoned again from the stored rules and the bookings as they are then: two
// people asking for one slot at once get it once.
import { and, eq, gt, inArray, lt, ne, sql } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import { can, type Viewer } from "~/features/members/members.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { JobQueue } from "~/platform/jobs/job-queue-types";
import {
  bookingRequestSchema,
  HOLD_MINUTES,
  HOLDS_PER_PERSON,
  slotsQuerySchema,
  type BookingStatus,
} from "./appointment-shapes";
import { availabilitySchema, storedAvailability, type Availability } from "./availability";
import { BOOKING_MAIL_JOB } from "./booking-mail.server";
import { openSlots, type Busy, type Slot } from "./slots";
import { appointmentTypes, availabilities, bookings } from "./tables.server";

const DAY = 24 * 60 * 60 * 1000;
/** Bookings that take their time: a paid type's hold too; a cancelled or expired one gives it back. */
const taking: BookingStatus[] = ["confirmed", "pending"];

export type Place = { accountId: string; viewer: Viewer | null };
/** Where a booking's change is mailed from: the job queue, sent inside its transaction. */
type Jobs = Pick<JobQueue, "send">;

/** Hosts are the site's instructors and managers. */
export function requireHost({ viewer }: Place): Viewer {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  if (!can(viewer, "create_courses") && !can(viewer, "manage_options"))
    throw new AppError({ code: "auth.forbidden" });
  return viewer;
}

/** The viewer's own hours and rules (decision 075), checked whole; answers what was kept. */
export async function saveAvailability(
  database: Database,
  place: Place & { body: unknown },
): Promise<Availability> {
  const host = requireHost(place);
  const rules = availabilitySchema.parse(place.body);
  const { accountId } = place;
  await database.forAccount(accountId, (tx) =>
    tx
      .insert(availabilities)
      .values({ accountId, userId: host.user.id, rules })
      .onConflictDoUpdate({
        target: [availabilities.accountId, availabilities.userId],
        set: { rules, updatedAt: new Date() },
      }),
  );
  return rules;
}

/** A host's hours and rules, or null before they set any. */
export async function loadAvailability(
  database: Database,
  { accountId, userId }: { accountId: string; userId: string },
): Promise<Availability | null> {
  const [row] = await database.forAccount(accountId, (tx) =>
    tx
      .select({ rules: availabilities.rules })
      .from(availabilities)
      .where(and(eq(availabilities.accountId, accountId), eq(availabilities.userId, userId))),
  );
  return row ? storedAvailability(row.rules) : null;
}

export async function activeType(tx: Tx, accountId: string, typeId: string) {
  const [type] = await tx
    .select()
    .from(appointmentTypes)
    .where(
      and(
        eq(appointmentTypes.accountId, accountId),
        eq(appointmentTypes.id, typeId),
        eq(appointmentTypes.active, true),
      ),
    );
  if (!type) throw new AppError({ code: "appointments.notFound" });
  return type;
}

/**
 * The host's bookings that take time between `from` and `to` (a day's margin for buffers): the
 * sessions of `type` with room left are joinable, every other one is busy.
 */
async function takenTime(
  tx: Tx,
  {
    accountId,
    type,
    from,
    to,
    except,
  }: {
    accountId: string;
    type: { id: string; hostUserId: string; capacity: number };
    from: number;
    to: number;
    /** A booking that is being moved: its own time is not taken. */
    except?: string;
  },
): Promise<{ busy: Busy[]; joinable: Busy[] }> {
  const hostUserId = type.hostUserId;
  const rows = await tx
    .select({ start: bookings.startAt, end: bookings.endAt, typeId: bookings.typeId })
    .from(bookings)
    .where(
      and(
        eq(bookings.accountId, accountId),
        eq(bookings.hostUserId, hostUserId),
        inArray(bookings.status, taking),
        lt(bookings.startAt, new Date(to + DAY)),
        gt(bookings.endAt, new Date(from - DAY)),
        except ? ne(bookings.id, except) : undefined,
      ),
    );
  const sessions = new Map<string, Busy & { typeId: string; people: number }>();
  for (const row of rows) {
    const key = `${row.typeId}:${row.start.getTime()}:${row.end.getTime()}`;
    const session = sessions.get(key);
    if (session) session.people++;
    else
      sessions.set(key, {
        start: row.start.getTime(),
        end: row.end.getTime(),
        typeId: row.typeId,
        people: 1,
      });
  }
  const busy: Busy[] = [];
  const joinable: Busy[] = [];
  for (const { start, end, typeId, people } of sessions.values())
    (typeId === type.id && people < type.capacity ? joinable : busy).push({ start, end });
  return { busy, joinable };
}

/** A type's open slots between `from` and `to`, reckoned from the stored rules and bookings. */
export async function slotsIn(
  tx: Tx,
  {
    accountId,
    typeId,
    from,
    to,
    now,
    except,
  }: {
    accountId: string;
    typeId: string;
    from: number;
    to: number;
    now: number;
    except?: string;
  },
) {
  const type = await activeType(tx, accountId, typeId);
  const [stored] = await tx
    .select({ rules: availabilities.rules })
    .from(availabilities)
    .where(
      and(eq(availabilities.accountId, accountId), eq(availabilities.userId, type.hostUserId)),
    );
  if (!stored) return { type, rules: null, slots: [] as Slot[] };
  const rules = storedAvailability(stored.rules);
  const { busy, joinable } = await takenTime(tx, { accountId, type, from, to, except });
  const slots = openSlots({
    availability: rules,
    durationMinutes: type.durationMinutes,
    from,
    to,
    now,
    busy,
    joinable,
  });
  return { type, rules, slots };
}

/** The open slots of a type between `from` and `to` (at most SLOTS_SPAN_DAYS), for anyone. */
export async function loadSlots(
  database: Database,
  { accountId, query, now = Date.now() }: { accountId: string; query: unknown; now?: number },
): Promise<Slot[]> {
  const asked = slotsQuerySchema.parse(query);
  return database.readAccount(
    accountId,
    async (tx) =>
      (
        await slotsIn(tx, {
          accountId,
          typeId: asked.typeId,
          from: Date.parse(asked.from),
          to: Date.parse(asked.to),
          now,
        })
      ).slots,
  );
}

/** One change of a host's time at a time, on every instance (a transaction's lock). */
export async function lockHostTime(tx: Tx, accountId: string, hostUserId: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`bookings:${accountId}:${hostUserId}`}))`,
  );
}

/** The wall time ("2027-03-16T09:00") an instant reads in `zone`. */
export function wallTime(epochMs: number, zone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(epochMs)
    .toZonedDateTimeISO(zone)
    .toPlainDateTime()
    .toString({ smallestUnit: "minute" });
}

/** The tz database this runtime reckons with (Node's ICU), kept with every booking. */
export const tzVersion = () => process.versions.tz ?? "unknown";

/**
 * Books a slot for the signed-in member: under the host's lock, the slot must still be open by
 * the stored rules and the bookings as they are now (`appointments.slotTaken` otherwise).
 */
export async function bookSlot(
  { database, jobs }: { database: Database; jobs: Jobs },
  place: Place & { body: unknown; now?: number },
) {
  const { accountId, viewer } = place;
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  if (!viewer.membership) throw new AppError({ code: "auth.forbidden" });
  const asked = bookingRequestSchema.parse(place.body);
  const start = Date.parse(asked.start);
  const now = place.now ?? Date.now();
  return database.forAccount(accountId, async (tx) => {
    const type = await activeType(tx, accountId, asked.typeId);
    await lockHostTime(tx, accountId, type.hostUserId);
    const { rules, slots } = await slotsIn(tx, {
      accountId,
      typeId: type.id,
      from: start,
      to: start + 1,
      now,
    });
    const slot = slots.find((one) => Date.parse(one.start) === start);
    if (!rules || !slot) throw new AppError({ code: "appointments.slotTaken" });
    // A group session seats a person once.
    const [already] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.accountId, accountId),
          eq(bookings.typeId, type.id),
          eq(bookings.bookerUserId, viewer.user.id),
          eq(bookings.startAt, new Date(start)),
          inArray(bookings.status, taking),
        ),
      );
    if (already) throw new AppError({ code: "appointments.alreadyBooked" });
    const answers = type.questions.map((question, index) => ({
      question: question.label,
      answer: asked.answers[index] ?? "",
    }));
    if (type.questions.some((question, index) => question.required && !answers[index]!.answer))
      throw new AppError({ code: "appointments.answersMissing" });
    // A paid type is held until its order is paid (decision 078); a person holds a few at most.
    const paidType = type.productId !== null;
    if (paidType) {
      const [held] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(bookings)
        .where(
          and(
            eq(bookings.accountId, accountId),
            eq(bookings.bookerUserId, viewer.user.id),
            eq(bookings.status, "pending"),
          ),
        );
      if ((held?.count ?? 0) >= HOLDS_PER_PERSON)
        throw new AppError({ code: "appointments.tooManyHolds" });
    }
    const [booking] = await tx
      .insert(bookings)
      .values({
        accountId,
        typeId: type.id,
        hostUserId: type.hostUserId,
        bookerUserId: viewer.user.id,
        startAt: new Date(start),
        endAt: new Date(Date.parse(slot.end)),
        wallStart: wallTime(start, rules.zone),
        hostZone: rules.zone,
        tzVersion: tzVersion(),
        bookerZone: asked.bookerZone,
        answers,
        status: paidType ? "pending" : "confirmed",
        holdUntil: paidType ? new Date(now + HOLD_MINUTES * 60_000) : null,
        productId: type.productId,
        createdAt: new Date(now),
      })
      .returning();
    // A hold is confirmed (and mailed) when its order is paid.
    if (!paidType)
      await jobs.send(tx, BOOKING_MAIL_JOB, {
        accountId,
        bookingId: booking!.id,
        kind: "confirmed",
      });
    return booking!;
  });
}
