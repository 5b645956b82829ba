import { z } from "zod";
import { isTimeZone } from "./availability";

/** Issue 36 appointments on both sides of the wire (decision 075). */

export const locationKinds = ["meeting", "phone", "in_person"] as const;
export type LocationKind = (typeof locationKinds)[number];

/** Confirmed when booked (a free type); cancelled by the booker or the host. */
export const bookingStatuses = ["confirmed", "cancelled"] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** A month of slots at most per request. */
export const SLOTS_SPAN_DAYS = 42;

const slug = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);

/** A new appointment type, or its changes. */
export const appointmentTypeSchema = z.object({
  title: z.string().trim().min(1).max(120),
  slug,
  description: z.string().trim().max(2000).default(""),
  durationMinutes: z
    .number()
    .int()
    .min(5)
    .max(8 * 60),
  /** How many people one slot takes: 1 for a one-to-one session, more for a group session. */
  capacity: z.number().int().min(1).max(500).default(1),
  locationKind: z.enum(locationKinds).default("meeting"),
  locationDetail: z.string().trim().max(300).default(""),
  active: z.boolean().default(true),
});
export type AppointmentTypeInput = z.input<typeof appointmentTypeSchema>;

/** A booking as asked: the slot's start (an instant) and the zone the booker reads it in. */
export const bookingRequestSchema = z.object({
  typeId: z.uuid(),
  start: z.iso.datetime({ offset: true }),
  bookerZone: z.string().trim().max(64).refine(isTimeZone, "unknown_zone"),
});
export type BookingRequest = z.infer<typeof bookingRequestSchema>;

/** The slots asked for: a span of at most SLOTS_SPAN_DAYS. */
export const slotsQuerySchema = z
  .object({
    typeId: z.uuid(),
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
  })
  .refine(
    (query) => {
      const span = Date.parse(query.to) - Date.parse(query.from);
      return span > 0 && span <= SLOTS_SPAN_DAYS * 24 * 60 * 60 * 1000;
    },
    { path: ["to"], message: "span" },
  );

/** A type opened or closed for booking. */
export const typeActiveSchema = z.object({ typeId: z.uuid(), active: z.boolean() });

/** The host's setup screen: where it answers, and what it shows. */
export const APPOINTMENTS_SETUP_PATH = "/dashboard/manage/appointments";

export type AppointmentTypeRow = {
  id: string;
  title: string;
  slug: string;
  description: string;
  durationMinutes: number;
  capacity: number;
  locationKind: LocationKind;
  locationDetail: string;
  active: boolean;
};

/** The next open times of one type, by the host's own days (the setup screen's preview). */
export type SlotPreview = {
  typeId: string;
  days: { date: string; times: string[] }[];
};
