// Issue 36 invitations that say the same instant in every calendar (decision 075): each .ics is
// read back by Mozilla's ical.js (Thunderbird's parser), which places DTSTART by the VTIMEZONE
// it carries, and seen from another zone through a VTIMEZONE of that zone.
import ICAL from "ical.js";
import { afterEach, describe, expect, test } from "vitest";
import { icsOf, vtimezone, type IcsEvent } from "./ics.server";
import { defaultAvailability } from "./availability";
import { openSlots } from "./slots";

const MINUTE = 60_000;
const host = { name: "Ina Instructor", email: "ina@example.test" };
const student = { name: "Sam Student", email: "sam@example.test" };

function invitation(overrides: Partial<IcsEvent>): IcsEvent {
  return {
    uid: "booking-1@school.example",
    sequence: 0,
    method: "REQUEST",
    start: Date.parse("2027-03-16T13:00:00Z"),
    end: Date.parse("2027-03-16T13:30:00Z"),
    zone: "America/New_York",
    summary: "Portfolio review",
    organizer: host,
    attendees: [student],
    now: Date.parse("2027-03-01T10:00:00Z"),
    ...overrides,
  };
}

const registered: string[] = [];
afterEach(() => {
  for (const zone of registered.splice(0)) ICAL.TimezoneService.remove(zone);
});

/** Parses an .ics as a calendar client does: its VTIMEZONE registered, then the event read. */
function readBack(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) {
    const timezone = new ICAL.Timezone(zone);
    ICAL.TimezoneService.register(timezone, timezone.tzid);
    registered.push(timezone.tzid);
  }
  const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
  return { calendar, event };
}

/** A zone another attendee's calendar is in, from a VTIMEZONE of ours around `at`. */
function zoneFor(zone: string, at: number) {
  const text = ["BEGIN:VCALENDAR", ...vtimezone(zone, at, at), "END:VCALENDAR"].join("\r\n");
  return new ICAL.Timezone(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vtimezone")!);
}

const wallIn = (time: ICAL.Time) =>
  `${time.year}-${String(time.month).padStart(2, "0")}-${String(time.day).padStart(2, "0")} ` +
  `${String(time.hour).padStart(2, "0")}:${String(time.minute).padStart(2, "0")}`;

describe("Issue 36 calendar invitations", () => {
  test("I36 a New York 09:00 after the US change is 09:00 in New York and 14:00 in Berlin, before the EU's", () => {
    const ics = icsOf(invitation({}));
    expect(ics).toContain("DTSTART;TZID=America/New_York:20270316T090000\r\n");
    expect(ics).toContain("METHOD:REQUEST\r\n");
    const { event } = readBack(ics);
    expect(event.startDate.toJSDate().toISOString()).toBe("2027-03-16T13:00:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2027-03-16T13:30:00.000Z");
    const berlin = zoneFor("Europe/Berlin", Date.parse("2027-03-16T13:00:00Z"));
    expect(wallIn(event.startDate.convertToZone(berlin))).toBe("2027-03-16 14:00");
    // After the EU's change two weeks later, the same 09:00 is 15:00 in Berlin again.
    const later = readBack(
      icsOf(
        invitation({
          start: Date.parse("2027-03-30T13:00:00Z"),
          end: Date.parse("2027-03-30T13:30:00Z"),
        }),
      ),
    ).event;
    expect(wallIn(later.startDate.convertToZone(berlin))).toBe("2027-03-30 15:00");
  });

  test("I36 every slot around every transition of two years reads back as the same instant, in 11 zones", () => {
    const zones = [
      "Australia/Lord_Howe",
      "Asia/Kolkata",
      "America/St_Johns",
      "Europe/London",
      "America/New_York",
      "Pacific/Chatham",
      "Asia/Tokyo",
      "America/Sao_Paulo",
      "Asia/Kathmandu",
      "America/Phoenix",
      "America/Vancouver",
    ];
    let checked = 0;
    for (const zone of zones) {
      const slots = openSlots({
        availability: {
          ...defaultAvailability(zone),
          weekly: Array.from({ length: 7 }, () => [{ start: "00:00", end: "04:00" }]),
          noticeMinutes: 0,
          windowDays: 730,
        },
        durationMinutes: 30,
        from: Date.UTC(2026, 0, 1),
        to: Date.UTC(2028, 0, 1),
        now: Date.UTC(2026, 0, 1),
        busy: [],
      });
      // The nights whose slots meet a change of offset, and the first, ordinary one.
      const format = new Intl.DateTimeFormat("en", { timeZone: zone, timeZoneName: "longOffset" });
      const offset = (at: number) =>
        format.formatToParts(at).find((part) => part.type === "timeZoneName")!.value;
      const starts = slots.map((slot) => Date.parse(slot.start));
      const changed = starts.filter(
        (start, index) => index === 0 || offset(start) !== offset(start - 6 * 60 * MINUTE),
      );
      const near = slots.filter((_, index) =>
        changed.some((start) => Math.abs(starts[index]! - start) < 8 * 60 * MINUTE),
      );
      for (const slot of near) {
        const { event } = readBack(
          icsOf(invitation({ zone, start: Date.parse(slot.start), end: Date.parse(slot.end) })),
        );
        expect(event.startDate.toJSDate().toISOString(), `${zone} ${slot.start}`).toBe(slot.start);
        expect(event.endDate.toJSDate().toISOString(), `${zone} ${slot.end}`).toBe(slot.end);
        registered.splice(0).forEach((name) => ICAL.TimezoneService.remove(name));
        checked++;
      }
    }
    // 11 first nights, and the nights around the changes of the zones that have them.
    expect(checked).toBeGreaterThan(200);
  });

  test("I36 both 01:30s of a fall-back night are written in UTC; unambiguous times keep their zone", () => {
    // RFC 5545 says a TZID time read twice is the first reading; ical.js takes the second.
    const first = icsOf(
      invitation({
        start: Date.parse("2027-11-07T05:30:00Z"),
        end: Date.parse("2027-11-07T07:00:00Z"),
      }),
    );
    expect(first).toContain("DTSTART:20271107T053000Z\r\n");
    expect(first).toContain("DTEND;TZID=America/New_York:20271107T020000\r\n");
    const second = icsOf(
      invitation({
        start: Date.parse("2027-11-07T06:30:00Z"),
        end: Date.parse("2027-11-07T07:00:00Z"),
      }),
    );
    expect(second).toContain("DTSTART:20271107T063000Z\r\n");
    expect(second).toContain("DTEND;TZID=America/New_York:20271107T020000\r\n");
  });

  test("I36 a cancellation raises the sequence and says CANCEL; text is escaped and folded", () => {
    const summary = "Review; portfolio, part 2\nBring prints — 写真と作品のレビュー ".repeat(3);
    const ics = icsOf(
      invitation({ method: "CANCEL", sequence: 3, summary, location: "https://meet.example/r" }),
    );
    expect(ics).toMatch(/\r\nMETHOD:CANCEL\r\n/);
    expect(ics).toMatch(/\r\nSTATUS:CANCELLED\r\n/);
    expect(ics).toMatch(/\r\nSEQUENCE:3\r\n/);
    for (const line of ics.split("\r\n"))
      expect(new TextEncoder().encode(line).length, line).toBeLessThanOrEqual(75);
    const { event, calendar } = readBack(ics);
    expect(event.summary).toBe(summary);
    expect(event.location).toBe("https://meet.example/r");
    expect(event.sequence).toBe(3);
    expect(calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(event.organizer).toBe("mailto:ina@example.test");
    expect(event.attendees.map((one) => one.getParameter("cn"))).toEqual(["Sam Student"]);
  });
});
