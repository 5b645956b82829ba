// Issue 36 the demo's appointments: its instructor's weekly hours and three sessions to book (one
// to one, group office hours, and career coaching sold by a shop product), and one session the
// demo student booked for next week.
import {
  defaultAvailability,
  openSlots,
  tzVersion,
  wallTime,
} from "~/features/appointments/appointments.server";
import { appointmentTypes, availabilities, bookings } from "~/features/appointments/tables.server";
import type { Tx } from "~/platform/db/database.server";
import { insertProduct } from "./products";

const DAY = 24 * 60 * 60 * 1000;

export async function insertDemoAppointments(
  tx: Tx,
  {
    accountId,
    hostUserId,
    bookerUserId,
    zone,
    now = Date.now(),
    currency,
  }: {
    accountId: string;
    hostUserId: string;
    bookerUserId?: string;
    zone: string;
    now?: number;
    /** The site's currency: the coaching session's price (decision 078). */
    currency: string;
  },
): Promise<void> {
  const rules = {
    ...defaultAvailability(zone),
    bufferAfterMinutes: 10,
    noticeMinutes: 12 * 60,
  };
  await tx.insert(availabilities).values({ accountId, userId: hostUserId, rules });
  const [mentoring] = await tx
    .insert(appointmentTypes)
    .values([
      {
        accountId,
        hostUserId,
        slug: "mentoring",
        title: "One-to-one mentoring",
        description:
          "Thirty minutes on your portfolio, your course project or what to learn next. Bring your questions.",
        durationMinutes: 30,
      },
      {
        accountId,
        hostUserId,
        slug: "office-hours",
        title: "Group office hours",
        description: "An hour with the class: questions, critiques and live demos.",
        durationMinutes: 60,
        capacity: 8,
      },
    ])
    .returning();
  // A paid session: booked as a hold, then paid at the checkout (bank transfer on the demo).
  const coaching = await insertProduct(tx, {
    accountId,
    title: "Coaching session",
    slug: "coaching-session",
    kind: "session",
    prices: [{ currency, amount: currency === "INR" ? 499_900 : 6000 }],
  });
  await tx.insert(appointmentTypes).values({
    accountId,
    hostUserId,
    slug: "career-coaching",
    title: "Career coaching",
    description: "Forty-five minutes on your next role: your portfolio, your CV and your plan.",
    durationMinutes: 45,
    productId: coaching.id,
  });
  if (!bookerUserId || !mentoring) return;
  // The first mentoring slot two days on or later, as the student would have booked it.
  const [slot] = openSlots({
    availability: rules,
    durationMinutes: mentoring.durationMinutes,
    from: now + 2 * DAY,
    to: now + 9 * DAY,
    now,
    busy: [],
  });
  if (!slot) return;
  const start = Date.parse(slot.start);
  await tx.insert(bookings).values({
    accountId,
    typeId: mentoring.id,
    hostUserId,
    bookerUserId,
    startAt: new Date(start),
    endAt: new Date(Date.parse(slot.end)),
    wallStart: wallTime(start, zone),
    hostZone: zone,
    tzVersion: tzVersion(),
    bookerZone: zone,
  });
}
