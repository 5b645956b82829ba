import { z } from "zod";
import type { CartItem } from "~/features/cart/cart";
import type { OfferPrice } from "~/features/products/products";
import { isTimeZone } from "./availability";

/** Issue 36 appointments on both sides of the wire (decision 075). */

export const locationKinds = ["meeting", "phone", "in_person"] as const;
export type LocationKind = (typeof locationKinds)[number];

/**
 * Confirmed when booked (a free type); a paid type's booking is pending (its time held) until its
 * order is paid, and expired when its hold ran out unpaid (decision 078); cancelled by the booker
 * or the host.
 */
export const bookingStatuses = ["pending", "confirmed", "cancelled", "expired"] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** How long a paid type's slot is held for its checkout to start (longer while it is open). */
export const HOLD_MINUTES = 30;
/** A person holds at most this many unpaid slots of one site at once. */
export const HOLDS_PER_PERSON = 3;

/** A month of slots at most per request. */
export const SLOTS_SPAN_DAYS = 42;

const slug = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);

/** A type asks at most this many questions. */
export const QUESTIONS_MAX = 5;

/** A question a type asks its bookers. */
export const questionSchema = z.object({
  label: z.string().trim().min(1).max(200),
  required: z.boolean().default(false),
});
export type BookingQuestion = z.infer<typeof questionSchema>;

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
  /** What the booker is asked when booking (at most five questions). */
  questions: z.array(questionSchema).max(QUESTIONS_MAX).default([]),
  /** The shop's product that sells it (decision 078); null: free. */
  productId: z.uuid().nullable().default(null),
});
export type AppointmentTypeInput = z.input<typeof appointmentTypeSchema>;

/** A booking as asked: the slot's start (an instant) and the zone the booker reads it in. */
export const bookingRequestSchema = z.object({
  typeId: z.uuid(),
  start: z.iso.datetime({ offset: true }),
  bookerZone: z.string().trim().max(64).refine(isTimeZone, "unknown_zone"),
  /** The answers to the type's questions, in their order ("" for one left blank). */
  answers: z.array(z.string().trim().max(1000)).max(QUESTIONS_MAX).default([]),
});
export type BookingRequest = z.infer<typeof bookingRequestSchema>;

/** A booking moved to another open slot of its type. */
export const rescheduleSchema = z.object({ start: z.iso.datetime({ offset: true }) });

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
/** A type sold by a shop product from now on, or free (null); holds made before keep theirs. */
export const typeProductSchema = z.object({ typeId: z.uuid(), productId: z.uuid().nullable() });

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
  questions: BookingQuestion[];
  productId: string | null;
};

/** The next open times of one type, by the host's own days (the setup screen's preview). */
export type SlotPreview = {
  typeId: string;
  days: { date: string; times: string[] }[];
};

/** A booking as the members' and the hosts' screens show it. */
export type BookingRow = {
  id: string;
  typeId: string;
  typeSlug: string;
  title: string;
  durationMinutes: number;
  locationKind: LocationKind;
  locationDetail: string;
  /** Instants (ISO); each screen writes them in its reader's zone. */
  start: string;
  end: string;
  status: BookingStatus;
  /** The other person: the host for a booker, the booker for a host. */
  withName: string;
  /** The zone the reader chose when booking (a booker) or keeps their hours in (a host). */
  zone: string;
  /** What the reader may still do (a booker: within the host's rules). */
  may: { cancel: boolean; reschedule: boolean };
  /** How many days ahead the host's times open (a move's choice). */
  windowDays: number;
  /** The booker's answers to the type's questions (shown to the host and the booker). */
  answers: { question: string; answer: string }[];
  /** An unpaid hold's end (its checkout may keep it longer), else null. */
  holdUntil: string | null;
  /** Where the booker pays their unpaid hold; null for anyone else or anything else. */
  payPath: string | null;
  /** Paid through the shop: a cancellation refunds it. */
  paid: boolean;
};

/** A type open for booking, as its public page and the members' list show it. */
export type BookableType = {
  id: string;
  slug: string;
  title: string;
  description: string;
  durationMinutes: number;
  capacity: number;
  locationKind: LocationKind;
  hostName: string;
  /** The host's zone; the page starts there until the visitor's own is known. */
  hostZone: string;
  windowDays: number;
  questions: BookingQuestion[];
  /** The shop's product that sells it; null: free. */
  productId: string | null;
};

/** A shop product the host may sell a type by, with its first price (for its label). */
export type SellingProduct = {
  id: string;
  title: string;
  price: { currency: string; amount: number } | null;
};

/** A paid type's price as sold now, and the cart line its checkout takes (decision 078). */
export type TypeOffer = { price: OfferPrice; item: CartItem };

/** A booker's unpaid hold, as the checkout shows it. */
export type HeldBooking = {
  id: string;
  title: string;
  hostName: string;
  start: string;
  /** The zone the booker chose. */
  zone: string;
  holdUntil: string | null;
  /** What the order names (`booking:<id>`). */
  reference: string;
  offer: TypeOffer;
};

/** Where a held booking is paid: the checkout, its cart made of the type's product. */
export const holdCheckoutPath = (bookingId: string) => `/checkout?booking=${bookingId}`;

/** Where a type is booked, for anyone. */
export const bookingPagePath = (slug: string) => `/book/${slug}`;
/** Where members see their bookings, and hosts theirs. */
export const MY_BOOKINGS_PATH = "/dashboard/bookings";
export const HOST_BOOKINGS_PATH = "/dashboard/appointments";

/**
 * A booked meeting's door (features/meetings answers it): who and when are checked there, then
 * the browser goes on to the room. The invitation's LOCATION and the bookings' Join button.
 */
export const bookingRoomPath = (bookingId: string) =>
  `/dashboard/meetings/join?booking=${bookingId}`;

/** The appointments API's addresses (features/appointments/api.server.ts answers them). */
export const appointmentsApiPaths = {
  slots: (typeId: string, from: string, to: string) =>
    `/api/appointments/types/${typeId}/slots?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
  book: "/api/appointments/bookings",
  cancel: (bookingId: string) => `/api/appointments/bookings/${bookingId}/cancel`,
  reschedule: (bookingId: string) => `/api/appointments/bookings/${bookingId}/reschedule`,
  invite: (bookingId: string) => `/api/appointments/bookings/${bookingId}/invite.ics`,
};
