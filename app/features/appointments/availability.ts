import { z } from "zod";

/**
 * Issue 36 an instructor's availability (decision 075): weekly hours as wall-clock times in the
 * instructor's own time zone, dates that differ (an override, or none: a day off), buffers
 * around every booking, the notice a booking needs, how many a day, and how far ahead.
 */

/** "HH:MM" on a 24-hour clock; a range may end at "24:00" (the end of its day). */
const clock = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
/** An ISO calendar date, "YYYY-MM-DD". */
const isoDate = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;

/** Minutes since midnight of "HH:MM". */
export const minutesOf = (time: string): number =>
  Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The zones this runtime knows (IANA names), for the pickers and the check below. */
export function knownZones(): string[] {
  return Intl.supportedValuesOf("timeZone");
}

/** Whether `zone` names a time zone of the IANA database that this runtime knows. */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+){0,2}$/.test(zone) && zone !== "UTC") return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const timeRangeSchema = z
  .object({ start: z.string().regex(clock), end: z.string().regex(clock) })
  .refine((range) => minutesOf(range.start) < minutesOf(range.end), {
    path: ["end"],
    message: "end_before_start",
  });
export type TimeRange = z.infer<typeof timeRangeSchema>;

/** A day's ranges: at most six, none overlapping another. */
const dayRanges = z
  .array(timeRangeSchema)
  .max(6)
  .refine(
    (ranges) =>
      [...ranges]
        .sort((a, b) => minutesOf(a.start) - minutesOf(b.start))
        .every((range, index, sorted) =>
          index === 0 ? true : minutesOf(sorted[index - 1]!.end) <= minutesOf(range.start),
        ),
    { message: "ranges_overlap" },
  );

export const availabilitySchema = z.object({
  /** The instructor's IANA time zone: the weekly hours are its wall-clock times. */
  zone: z.string().trim().max(64).refine(isTimeZone, "unknown_zone"),
  /** Monday first (ISO weekday 1) to Sunday (7): seven days, each with its ranges. */
  weekly: z.array(dayRanges).length(7),
  /** Dates with other hours (empty: a day off, a holiday), in the instructor's zone. */
  overrides: z
    .array(z.object({ date: z.string().regex(isoDate), ranges: dayRanges }))
    .max(500)
    .refine((days) => new Set(days.map((day) => day.date)).size === days.length, {
      message: "duplicate_date",
    }),
  bufferBeforeMinutes: z.number().int().min(0).max(240),
  bufferAfterMinutes: z.number().int().min(0).max(240),
  /** A slot starts at least this long after the moment someone books it. */
  noticeMinutes: z
    .number()
    .int()
    .min(0)
    .max(60 * 24 * 60),
  /** At most this many bookings on one of the instructor's days; 0: no limit. */
  maxPerDay: z.number().int().min(0).max(100),
  /** Slots open this many days ahead. */
  windowDays: z.number().int().min(1).max(730),
  /**
   * The owner's rule for changes: a booker may cancel or move a booking until this long before
   * it starts (the host may at any time).
   */
  changeNoticeMinutes: z
    .number()
    .int()
    .min(0)
    .max(60 * 24 * 30)
    .default(24 * 60),
  /** How many times a booker may move one booking; 0: never. */
  maxReschedules: z.number().int().min(0).max(10).default(1),
});
export type Availability = z.infer<typeof availabilitySchema>;

/** Stored rules read with today's defaults (rules saved before a field existed lack it). */
export function storedAvailability(rules: unknown): Availability {
  return availabilitySchema.parse(rules);
}

const nineToFive: TimeRange[] = [{ start: "09:00", end: "17:00" }];

/** A new instructor's week: 09:00 to 17:00, Monday to Friday, in their zone. */
export function defaultAvailability(zone: string): Availability {
  return {
    zone,
    weekly: [nineToFive, nineToFive, nineToFive, nineToFive, nineToFive, [], []],
    overrides: [],
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    noticeMinutes: 240,
    maxPerDay: 0,
    windowDays: 60,
    changeNoticeMinutes: 24 * 60,
    maxReschedules: 1,
  };
}
