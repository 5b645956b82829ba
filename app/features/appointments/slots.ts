import { Temporal } from "temporal-polyfill";
import { minutesOf, type Availability, type TimeRange } from "./availability";

/**
 * Issue 36 open slots (decision 075). An instructor's hours are wall-clock times in their zone;
 * each date's ranges become the real time whose wall clock reads inside them, and slots step
 * through it in real time:
 * - a range that starts or ends in a gap (02:30 on a spring-forward night) starts or ends at
 *   the transition, the first moment that exists;
 * - across an overlap (01:00–02:00 on a fall-back night) both readings of the hour are real
 *   time inside the range, so both are offered, each moment once.
 * Nothing here reads the server's own zone: every conversion names its zone.
 */

const MINUTE = 60_000;

/** A taken span in epoch milliseconds: a booking, or a slot held while its buyer pays. */
export type Busy = { start: number; end: number };

/** The host's hours and rules that decide what is open (not the rules for changes). */
type HoursRules = Omit<Availability, "changeNoticeMinutes" | "maxReschedules">;

export type SlotQuery = {
  /** The host's hours and rules (the rules for changes play no part in what is open). */
  availability: HoursRules;
  durationMinutes: number;
  /** Minutes between one slot's start and the next's; the duration without it. */
  stepMinutes?: number;
  /** The span asked for (a month of the booking page), epoch milliseconds. */
  from: number;
  to: number;
  /** The moment of asking: notice and the booking window count from it. */
  now: number;
  busy: readonly Busy[];
  /**
   * Group sessions of this type with room left: offered at exactly their time (another person
   * joins), while they block every other slot around them as bookings do.
   */
  joinable?: readonly Busy[];
};

/** A slot as offered: its start and end as ISO instants (UTC). */
export type Slot = { start: string; end: string };

const instantIn = (epochMs: number, zone: string) =>
  Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(zone);

/** The instructor's calendar date of an instant, "YYYY-MM-DD". */
export const dateIn = (epochMs: number, zone: string): string =>
  instantIn(epochMs, zone).toPlainDate().toString();

const HOUR = 60 * MINUTE;

/** `zone`'s offset from UTC at an instant, in milliseconds. */
const offsetAt = (epochMs: number, zone: string) =>
  instantIn(epochMs, zone).offsetNanoseconds / 1_000_000;

/**
 * The real time a range of `date` covers in `zone`: every moment whose wall clock there reads
 * that date, at or after the range's start and before its end. Around a transition T, the
 * moments before T read the clock with the old offset and those after with the new one, so the
 * range is the part of each reading on its side of T: one interval, or two when the clock
 * falls back into the range, or less when it springs over a part of it.
 */
function rangeIntervals(date: Temporal.PlainDate, range: TimeRange, zone: string): Busy[] {
  const midnight = Date.UTC(date.year, date.month - 1, date.day);
  const wallStart = midnight + minutesOf(range.start) * MINUTE;
  const wallEnd = midnight + minutesOf(range.end) * MINUTE;
  // Offsets span -12:00 to +14:00: any transition within a range lies in this window.
  const before = wallStart - 15 * HOUR;
  const transition = instantIn(before, zone).getTimeZoneTransition("next")?.epochMilliseconds;
  if (transition === undefined || transition >= wallEnd + 13 * HOUR) {
    const offset = offsetAt(before, zone);
    return [{ start: wallStart - offset, end: wallEnd - offset }];
  }
  const old = offsetAt(transition - 1, zone);
  const now = offsetAt(transition, zone);
  const pieces = [
    { start: wallStart - old, end: Math.min(wallEnd - old, transition) },
    { start: Math.max(wallStart - now, transition), end: wallEnd - now },
  ].filter((piece) => piece.start < piece.end);
  // The two readings meet at the transition: one interval.
  if (pieces.length === 2 && pieces[0]!.end === pieces[1]!.start)
    return [{ start: pieces[0]!.start, end: pieces[1]!.end }];
  return pieces;
}

/** A date's ranges: its override if it has one (none: a day off), else its weekday's. */
function rangesOn(
  date: Temporal.PlainDate,
  availability: HoursRules,
  overrides: Map<string, TimeRange[]>,
): TimeRange[] {
  return overrides.get(date.toString()) ?? availability.weekly[date.dayOfWeek - 1] ?? [];
}

/**
 * The spans a new booking may not touch: each booking widened by both buffers on both sides
 * (its own after-buffer and the newcomer's before-buffer, and the other way round), merged.
 */
function blockedSpans(busy: readonly Busy[], availability: HoursRules): Busy[] {
  const pad = (availability.bufferBeforeMinutes + availability.bufferAfterMinutes) * MINUTE;
  const spans = busy
    .map((one) => ({ start: one.start - pad, end: one.end + pad }))
    .sort((a, b) => a.start - b.start);
  const merged: Busy[] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/** Whether [start, end) meets a blocked span (binary search over the merged, sorted spans). */
function blocked(spans: readonly Busy[], start: number, end: number): boolean {
  let low = 0;
  let high = spans.length;
  // The first span that ends after `start`.
  while (low < high) {
    const middle = (low + high) >> 1;
    if (spans[middle]!.end <= start) low = middle + 1;
    else high = middle;
  }
  const span = spans[low];
  return span !== undefined && span.start < end;
}

/** The slots open between `from` and `to`, in time order, each once. */
export function openSlots(query: SlotQuery): Slot[] {
  const { availability, durationMinutes, now } = query;
  const zone = availability.zone;
  const duration = durationMinutes * MINUTE;
  const step = (query.stepMinutes ?? durationMinutes) * MINUTE;
  const earliest = Math.max(query.from, now + availability.noticeMinutes * MINUTE);
  const latest = Math.min(query.to, now + availability.windowDays * 24 * 60 * MINUTE);
  if (earliest >= latest || duration <= 0 || step <= 0) return [];
  const overrides = new Map(availability.overrides.map((day) => [day.date, day.ranges]));
  const joinable = query.joinable ?? [];
  const taken = [...query.busy, ...joinable];
  const spans = blockedSpans(taken, availability);
  const joinAt = new Set(joinable.map((session) => `${session.start}:${session.end}`));
  // A day's maximum counts sessions: the people of one group session count once.
  const perDay = new Map<string, Set<number>>();
  if (availability.maxPerDay > 0)
    for (const one of taken) {
      const day = dateIn(one.start, zone);
      perDay.set(day, (perDay.get(day) ?? new Set()).add(one.start));
    }

  const starts: number[] = [];
  // A date's ranges may reach into the day after (a range to 24:00): look a day to each side.
  const last = instantIn(latest, zone).toPlainDate().add({ days: 1 });
  for (
    let date = instantIn(earliest, zone).toPlainDate().subtract({ days: 1 });
    Temporal.PlainDate.compare(date, last) <= 0;
    date = date.add({ days: 1 })
  ) {
    const full =
      availability.maxPerDay > 0 &&
      (perDay.get(date.toString())?.size ?? 0) >= availability.maxPerDay;
    const ranges = rangesOn(date, availability, overrides);
    for (const interval of ranges.flatMap((range) => rangeIntervals(date, range, zone))) {
      for (let start = interval.start; start + duration <= interval.end; start += step) {
        if (start < earliest || start >= latest) continue;
        if (joinAt.has(`${start}:${start + duration}`)) starts.push(start);
        else if (!full && !blocked(spans, start, start + duration)) starts.push(start);
      }
    }
  }
  // A fall-back puts a range's second reading after the next range's time: in time order.
  return starts
    .sort((a, b) => a - b)
    .map((start) => ({
      start: new Date(start).toISOString(),
      end: new Date(start + duration).toISOString(),
    }));
}

/** A slot as a viewer reads it: their calendar date and wall-clock time ("HH:MM"). */
export type LocalSlot = Slot & { date: string; time: string; offset: string };

/** Slots by the viewer's own dates, in their zone (the booking page's days and times). */
export function slotsByDay(
  slots: readonly Slot[],
  viewerZone: string,
): { date: string; slots: LocalSlot[] }[] {
  const days: { date: string; slots: LocalSlot[] }[] = [];
  for (const slot of slots) {
    const local = Temporal.Instant.from(slot.start).toZonedDateTimeISO(viewerZone);
    const date = local.toPlainDate().toString();
    const time = local.toPlainTime().toString({ smallestUnit: "minute" });
    const entry: LocalSlot = { ...slot, date, time, offset: local.offset };
    const day = days.at(-1);
    if (day?.date === date) day.slots.push(entry);
    else days.push({ date, slots: [entry] });
  }
  return days;
}
