// `npm run bench -- slots`: issue 36's bar, a month of open slots for an instructor with 500
// bookings in ≤ 50 ms p95 (decision 075). This part measures the slot computation itself (the
// weekly hours, overrides and buffers of a busy instructor, across a DST change); reading the
// bookings from the database joins it once bookings are stored.
// BENCH_SLOTS_CALLS (default 200) sets how many months are computed after 10 unmeasured.
import { performance } from "node:perf_hooks";
import { openSlots, slotsByDay, type Busy, type SlotQuery } from "~/features/appointments/slots";
import { atMost, ms, percentile, type Figure, type Print } from "./report.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** 500 half-hour bookings spread over the instructor's working hours around March 2027. */
function bookings(start: number, count: number): Busy[] {
  const busy: Busy[] = [];
  for (let n = 0; busy.length < count; n++) {
    const day = start + Math.floor(n / 12) * DAY;
    // Noon to 18:00 UTC: New York's working hours across the change.
    const at = day + 13 * 60 * MINUTE + (n % 12) * 30 * MINUTE;
    if ((n * 7) % 3 !== 0) busy.push({ start: at, end: at + 30 * MINUTE });
  }
  return busy;
}

export async function benchSlots({ print }: { print: Print }): Promise<Figure[]> {
  const calls = Number(process.env.BENCH_SLOTS_CALLS ?? 200);
  const from = Date.UTC(2027, 2, 1);
  const to = Date.UTC(2027, 3, 1);
  const day = [
    { start: "08:00", end: "12:00" },
    { start: "13:00", end: "18:00" },
  ];
  const availability: SlotQuery["availability"] = {
    zone: "America/New_York",
    weekly: [day, day, day, day, day, [{ start: "10:00", end: "14:00" }], []],
    overrides: [
      { date: "2027-03-17", ranges: [] },
      { date: "2027-03-20", ranges: [{ start: "09:00", end: "11:00" }] },
    ],
    bufferBeforeMinutes: 10,
    bufferAfterMinutes: 5,
    noticeMinutes: 240,
    maxPerDay: 0,
    windowDays: 120,
  };
  const busy = bookings(from - 10 * DAY, 500);
  const month = () => {
    const slots = openSlots({
      availability,
      durationMinutes: 30,
      stepMinutes: 15,
      from,
      to,
      now: from - 20 * DAY,
      busy,
    });
    return slotsByDay(slots, "Europe/Berlin");
  };
  let days = 0;
  let slots = 0;
  for (let n = 0; n < 10; n++) month();
  const times: number[] = [];
  for (let n = 0; n < calls; n++) {
    const started = performance.now();
    const result = month();
    times.push(performance.now() - started);
    days = result.length;
    slots = result.reduce((sum, one) => sum + one.slots.length, 0);
  }
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  print(
    "Issue 36 slots: a month for an instructor with 500 bookings (New York, seen from Berlin)",
    [
      ["calls", "days", "slots", "p50", "p95", "max"],
      [String(calls), String(days), String(slots), ms(p50), ms(p95), ms(Math.max(...times))],
    ],
  );
  return [
    {
      figure: "a month of slots, 500 bookings (p95, computation)",
      measured: ms(p95),
      goal: "≤ 50 ms",
      met: atMost(p95, 50),
    },
  ];
}
