// Issue 36 slots that are right in every zone (decision 075). The checks read wall-clock time
// through Intl.DateTimeFormat, not through the Temporal code under test: a minute-by-minute
// oracle says which real moments an instructor's hours cover on each date around every
// transition of two years, and the slots must step through exactly those.
import { afterEach, describe, expect, test } from "vitest";
import {
  availabilitySchema,
  defaultAvailability,
  type Availability,
  type TimeRange,
} from "./availability";
import { openSlots, slotsByDay, type Slot } from "./slots";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const from = Date.UTC(2026, 0, 1);
const to = Date.UTC(2028, 0, 1);

/** The matrix's zones: half-hour and 45-minute offsets and shifts, none, dropped, and changed. */
const zones = [
  "Australia/Lord_Howe", // a 30-minute DST shift
  "Asia/Kolkata", // +5:30, no DST
  "America/St_Johns", // -3:30 with DST
  "Europe/London",
  "America/New_York",
  "Pacific/Chatham", // +12:45 / +13:45
  "Asia/Tokyo", // no DST
  "America/Sao_Paulo", // dropped DST in 2019
  "Asia/Kathmandu", // +5:45
  "America/Phoenix", // no DST beside zones that have it
  "America/Vancouver", // British Columbia's 2026 change, as this runtime's tz data has it
];
/** Zones that certainly change their clocks twice a year in 2026 and 2027. */
const twiceAYear = [
  "Australia/Lord_Howe",
  "America/St_Johns",
  "Europe/London",
  "America/New_York",
  "Pacific/Chatham",
];

const formats = new Map<string, Intl.DateTimeFormat>();
/** An instant's wall clock in `zone` by Intl: { date: "YYYY-MM-DD", minutes since midnight }. */
function wall(epochMs: number, zone: string): { date: string; minutes: number; offset: string } {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      timeZoneName: "longOffset",
    });
    formats.set(zone, format);
  }
  const parts = Object.fromEntries(
    format.formatToParts(new Date(epochMs)).map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
    offset: parts.timeZoneName === "GMT" ? "GMT+00:00" : parts.timeZoneName!,
  };
}

/** The local dates of `zone`'s offset changes in 2026 and 2027, found by Intl day by day. */
function transitionDates(zone: string): string[] {
  const found: string[] = [];
  for (let at = from; at + DAY < to; at += DAY) {
    if (wall(at, zone).offset === wall(at + DAY, zone).offset) continue;
    // Narrowed to the minute: the first one with the new offset.
    let [low, high] = [at, at + DAY];
    while (high - low > MINUTE) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
      if (wall(middle, zone).offset === wall(at, zone).offset) low = middle;
      else high = middle;
    }
    found.push(wall(high, zone).date);
  }
  return found;
}

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const shiftDate = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/**
 * The oracle: the real moments (at 5-minute resolution) whose wall clock in `zone` is on `date`
 * inside one of `ranges`, as runs of consecutive moments; slots step through each run.
 */
function expectedStarts(
  date: string,
  ranges: TimeRange[],
  zone: string,
  duration: number,
  step: number,
): number[] {
  const starts: number[] = [];
  const base = Date.parse(`${date}T00:00:00Z`);
  for (const range of ranges) {
    const runs: [number, number][] = [];
    for (let at = base - 16 * 60 * MINUTE; at <= base + 40 * 60 * MINUTE; at += 5 * MINUTE) {
      const local = wall(at, zone);
      const inside =
        local.date === date &&
        local.minutes >= toMinutes(range.start) &&
        local.minutes < toMinutes(range.end);
      if (!inside) continue;
      const run = runs.at(-1);
      if (run && run[1] === at) run[1] = at + 5 * MINUTE;
      else runs.push([at, at + 5 * MINUTE]);
    }
    for (const [runStart, runEnd] of runs)
      for (let at = runStart; at + duration * MINUTE <= runEnd; at += step * MINUTE)
        starts.push(at);
  }
  return starts.sort((a, b) => a - b);
}

function everyDay(ranges: TimeRange[], zone: string): Availability {
  return {
    ...defaultAvailability(zone),
    weekly: Array.from({ length: 7 }, () => ranges),
    noticeMinutes: 0,
    windowDays: 730,
  };
}

/** Ranges that begin and end inside the hours where clocks change (00:00–04:00 local). */
const nightRanges: TimeRange[] = [
  { start: "00:00", end: "01:30" },
  { start: "01:30", end: "02:30" },
  { start: "02:30", end: "05:00" },
  { start: "09:00", end: "17:00" },
];

const serverZones = ["UTC", "Pacific/Kiritimati", "America/Los_Angeles", "Asia/Kathmandu"];
const serverZone = process.env.TZ;
afterEach(() => {
  if (serverZone === undefined) delete process.env.TZ;
  else process.env.TZ = serverZone;
});

describe("Issue 36 slots across time zones and DST changes", () => {
  test("I36 the matrix's zones change their clocks as expected in 2026 and 2027", () => {
    for (const zone of twiceAYear) expect(transitionDates(zone), zone).toHaveLength(4);
    for (const zone of ["Asia/Kolkata", "Asia/Tokyo", "America/Sao_Paulo", "Asia/Kathmandu"])
      expect(transitionDates(zone), zone).toEqual([]);
    expect(transitionDates("America/Phoenix")).toEqual([]);
  });

  test("I36 a weekly 09:00 rule is 09:00 local on every date of two years, in every zone", () => {
    for (const zone of zones) {
      const slots = openSlots({
        availability: everyDay([{ start: "09:00", end: "10:00" }], zone),
        durationMinutes: 60,
        from,
        to,
        now: from,
        busy: [],
      });
      const dates = new Set<string>();
      for (const slot of slots) {
        const local = wall(Date.parse(slot.start), zone);
        expect(local.minutes, `${zone} ${slot.start}`).toBe(9 * 60);
        dates.add(local.date);
      }
      // Every date once: 730 days from the first whole local day (the span ends at 2028-01-01Z).
      expect(dates.size, zone).toBe(slots.length);
      expect(slots.length, zone).toBeGreaterThanOrEqual(729);
      expect(slots.length, zone).toBeLessThanOrEqual(730);
    }
  });

  test("I36 around every transition of two years, each moment is offered once: none in a gap, none doubled in an overlap, under any server zone", () => {
    let checkedTransitions = 0;
    for (const serverTz of serverZones) {
      process.env.TZ = serverTz;
      for (const zone of zones) {
        for (const transition of transitionDates(zone)) {
          checkedTransitions++;
          const first = shiftDate(transition, -1);
          const lastDate = shiftDate(transition, 1);
          const availability = everyDay(nightRanges, zone);
          const slots = openSlots({
            availability,
            durationMinutes: 30,
            stepMinutes: 15,
            from: Date.parse(`${first}T00:00:00Z`) - DAY,
            to: Date.parse(`${lastDate}T00:00:00Z`) + 2 * DAY,
            now: from,
            busy: [],
          });
          const starts = slots.map((slot) => Date.parse(slot.start));
          expect(new Set(starts).size, `${zone} ${transition}`).toBe(starts.length);
          for (const date of [first, transition, lastDate]) {
            const onDate = starts.filter((start) => wall(start, zone).date === date);
            expect(onDate, `${zone} ${date} (server ${serverTz})`).toEqual(
              expectedStarts(date, nightRanges, zone, 30, 15),
            );
          }
        }
      }
    }
    expect(checkedTransitions).toBeGreaterThanOrEqual(serverZones.length * twiceAYear.length * 4);
  });

  test("I36 New York's nights: a range into the spring gap starts at 03:00, the fall overlap's hour is offered twice as two real hours", () => {
    const zone = "America/New_York";
    const availability: Availability = {
      ...everyDay([], zone),
      overrides: [
        { date: "2027-03-14", ranges: [{ start: "02:00", end: "04:00" }] },
        { date: "2027-11-07", ranges: [{ start: "01:00", end: "02:00" }] },
      ],
    };
    const slots = openSlots({
      availability,
      durationMinutes: 60,
      from: Date.UTC(2027, 2, 1),
      to: Date.UTC(2027, 11, 1),
      now: Date.UTC(2027, 1, 1),
      busy: [],
    });
    expect(slots).toEqual([
      // 02:00 EST does not exist that night: the range's first moment is 03:00 EDT.
      { start: "2027-03-14T07:00:00.000Z", end: "2027-03-14T08:00:00.000Z" },
      // 01:00 EDT, then 01:00 EST an hour later.
      { start: "2027-11-07T05:00:00.000Z", end: "2027-11-07T06:00:00.000Z" },
      { start: "2027-11-07T06:00:00.000Z", end: "2027-11-07T07:00:00.000Z" },
    ]);
    const [, night] = slotsByDay(slots, zone);
    expect(night!.slots.map((slot) => [slot.time, slot.offset])).toEqual([
      ["01:00", "-04:00"],
      ["01:00", "-05:00"],
    ]);
  });

  test("I36 a New York instructor's 09:00 seen from Berlin across March's two changes", () => {
    const slots = openSlots({
      availability: {
        ...everyDay([{ start: "09:00", end: "09:30" }], "America/New_York"),
        weekly: [[{ start: "09:00", end: "09:30" }], [], [], [], [], [], []],
      },
      durationMinutes: 30,
      from: Date.UTC(2027, 2, 1),
      to: Date.UTC(2027, 3, 10),
      now: Date.UTC(2027, 1, 1),
      busy: [],
    });
    const berlin = slotsByDay(slots, "Europe/Berlin").map((day) => [day.date, day.slots[0]!.time]);
    // The US changes on 14 March, the EU on 28 March: two weeks at five hours apart.
    expect(berlin).toEqual([
      ["2027-03-01", "15:00"],
      ["2027-03-08", "15:00"],
      ["2027-03-15", "14:00"],
      ["2027-03-22", "14:00"],
      ["2027-03-29", "15:00"],
      ["2027-04-05", "15:00"],
    ]);
    for (const day of slotsByDay(slots, "Europe/Berlin"))
      for (const slot of day.slots)
        expect(wall(Date.parse(slot.start), "Europe/Berlin")).toMatchObject({
          date: day.date,
          minutes: toMinutes(slot.time),
        });
  });

  test("I36 buffers, notice, a day's maximum, days off and the booking window", () => {
    const zone = "Europe/London";
    const base: Availability = {
      ...everyDay([{ start: "09:00", end: "12:00" }], zone),
      windowDays: 10,
    };
    const day = (date: string, busy: { start: number; end: number }[], rules: Availability) =>
      openSlots({
        availability: rules,
        durationMinutes: 60,
        stepMinutes: 30,
        from: Date.parse(`${date}T00:00:00Z`),
        to: Date.parse(`${date}T23:59:00Z`),
        now: Date.parse("2027-01-10T08:00:00Z"),
        busy,
      }).map((slot: Slot) => slot.start.slice(11, 16));
    // Winter: London is UTC.
    expect(day("2027-01-11", [], base)).toEqual(["09:00", "09:30", "10:00", "10:30", "11:00"]);
    const booked = [
      { start: Date.parse("2027-01-11T10:00:00Z"), end: Date.parse("2027-01-11T10:30:00Z") },
    ];
    expect(day("2027-01-11", booked, base)).toEqual(["09:00", "10:30", "11:00"]);
    // 15 minutes before and after every booking: the booked one's and the newcomer's.
    const buffered = { ...base, bufferBeforeMinutes: 15, bufferAfterMinutes: 15 };
    expect(day("2027-01-11", booked, buffered)).toEqual(["11:00"]);
    // One a day at most: a day with a booking offers nothing more.
    expect(day("2027-01-11", booked, { ...base, maxPerDay: 1 })).toEqual([]);
    // Twenty-six hours' notice from 08:00 on the 10th: the 11th opens at 10:00.
    expect(day("2027-01-11", [], { ...base, noticeMinutes: 26 * 60 })).toEqual([
      "10:00",
      "10:30",
      "11:00",
    ]);
    // A holiday, and other hours on another date.
    const overridden = {
      ...base,
      overrides: [
        { date: "2027-01-11", ranges: [] },
        { date: "2027-01-12", ranges: [{ start: "14:00", end: "15:00" }] },
      ],
    };
    expect(day("2027-01-11", [], overridden)).toEqual([]);
    expect(day("2027-01-12", [], overridden)).toEqual(["14:00"]);
    // Ten days ahead at most: until 08:00 on the 20th.
    expect(day("2027-01-19", [], base)).toHaveLength(5);
    expect(day("2027-01-20", [], base)).toEqual([]);
  });

  test("I36 availability is checked at the boundary: zones, clock times, overlaps, duplicates", () => {
    const good = defaultAvailability("America/St_Johns");
    expect(availabilitySchema.safeParse(good).success).toBe(true);
    const bad: unknown[] = [
      { ...good, zone: "Mars/Olympus" },
      { ...good, zone: "../../etc/passwd" },
      { ...good, weekly: good.weekly.slice(1) },
      { ...good, weekly: [[{ start: "10:00", end: "09:00" }], [], [], [], [], [], []] },
      { ...good, weekly: [[{ start: "9:00", end: "10:00" }], [], [], [], [], [], []] },
      { ...good, weekly: [[{ start: "24:00", end: "24:00" }], [], [], [], [], [], []] },
      {
        ...good,
        weekly: [
          [
            { start: "09:00", end: "12:00" },
            { start: "11:00", end: "13:00" },
          ],
          [],
          [],
          [],
          [],
          [],
          [],
        ],
      },
      {
        ...good,
        overrides: [
          { date: "2027-01-01", ranges: [] },
          { date: "2027-01-01", ranges: [] },
        ],
      },
      { ...good, overrides: [{ date: "2027-13-01", ranges: [] }] },
      { ...good, bufferBeforeMinutes: -5 },
      { ...good, maxPerDay: 1.5 },
    ];
    for (const body of bad)
      expect(availabilitySchema.safeParse(body).success, JSON.stringify(body).slice(0, 120)).toBe(
        false,
      );
    expect(
      availabilitySchema.safeParse({
        ...good,
        weekly: [[{ start: "18:00", end: "24:00" }], [], [], [], [], [], []],
      }).success,
    ).toBe(true);
  });
});

describe("Issue 36 group sessions", () => {
  const zone = "Europe/London";
  const rules: Availability = {
    ...defaultAvailability(zone),
    weekly: Array.from({ length: 7 }, () => [{ start: "09:00", end: "13:00" }]),
    noticeMinutes: 0,
  };
  const at = (time: string) => Date.parse(`2027-01-11T${time}:00Z`);
  const starts = (query: Partial<Parameters<typeof openSlots>[0]>) =>
    openSlots({
      availability: rules,
      durationMinutes: 60,
      stepMinutes: 30,
      from: at("00:00"),
      to: at("23:00"),
      now: Date.parse("2027-01-10T00:00:00Z"),
      busy: [],
      ...query,
    }).map((slot) => slot.start.slice(11, 16));

  test("I36 a session with room left is offered at its time and blocks the slots around it", () => {
    const session = { start: at("10:00"), end: at("11:00") };
    expect(starts({ joinable: [session] })).toEqual(["09:00", "10:00", "11:00", "11:30", "12:00"]);
    // Full, it is busy time like any booking.
    expect(starts({ busy: [session] })).toEqual(["09:00", "11:00", "11:30", "12:00"]);
    // One session a day: the day's open session is still offered, nothing else.
    expect(starts({ joinable: [session], availability: { ...rules, maxPerDay: 1 } })).toEqual([
      "10:00",
    ]);
  });
});
