import { Temporal } from "temporal-polyfill";

/**
 * Issue 36 calendar invitations (RFC 5545, with RFC 5546's METHOD), decision 075: one event in
 * the host's zone, with a VTIMEZONE made from this runtime's own tz data (the same data the
 * slots came from), so a calendar shows the very instant that was booked. A wall time the zone
 * reads twice (a fall-back night) is written in UTC: RFC 5545 §3.3.5 says such a TZID time
 * means the first reading, but clients differ (Mozilla's ical.js, tried, reads the second).
 */

export type IcsPerson = { name: string; email: string };

export type IcsEvent = {
  /** Stable across the booking's life: a calendar updates the event by it. */
  uid: string;
  /** Raised on every change (a reschedule, a cancellation): RFC 5546 §2.1.4. */
  sequence: number;
  method: "REQUEST" | "CANCEL";
  start: number;
  end: number;
  /** The host's zone: DTSTART and DTEND are its wall times. */
  zone: string;
  summary: string;
  description?: string;
  /** The meeting room's link, a phone number or an address. */
  location?: string;
  url?: string;
  organizer: IcsPerson;
  attendees: IcsPerson[];
  /** When this invitation was written (DTSTAMP). */
  now: number;
};

const DAY = 24 * 60 * 60 * 1000;
/** Observances a year either side of the event: enough for any calendar to place it. */
const RULES_SPAN = 400 * DAY;

const pad = (value: number, size = 2) => String(Math.abs(value)).padStart(size, "0");

/** A TEXT value escaped (RFC 5545 §3.3.11). */
export const escapeText = (value: string) =>
  value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");

/** A parameter value (CN=…): quoted, without the characters a quoted value may not hold. */
const paramText = (value: string) =>
  `"${[...value].filter((char) => char !== '"' && char.charCodeAt(0) >= 32).join("")}"`;

/** Lines longer than 75 octets folded with CRLF and a space, never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    // The first line holds 75 octets; continuation lines 74 after their leading space.
    if (size + bytes > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const utcStamp = (epochMs: number) => {
  const date = new Date(epochMs);
  return (
    `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}` +
    `T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`
  );
};

const wallStamp = (wall: Temporal.PlainDateTime) =>
  `${pad(wall.year, 4)}${pad(wall.month)}${pad(wall.day)}` +
  `T${pad(wall.hour)}${pad(wall.minute)}${pad(wall.second)}`;

/** An offset in milliseconds as ±HHMM (±HHMMSS where it has seconds). */
function offsetText(offsetMs: number): string {
  const sign = offsetMs < 0 ? "-" : "+";
  const seconds = Math.abs(Math.round(offsetMs / 1000));
  const text = `${sign}${pad(Math.floor(seconds / 3600))}${pad(Math.floor(seconds / 60) % 60)}`;
  return seconds % 60 ? `${text}${pad(seconds % 60)}` : text;
}

const offsetAt = (epochMs: number, zone: string) =>
  Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(zone).offsetNanoseconds /
  1_000_000;

/** The wall time an offset reads at an instant (UTC shifted: no zone rules involved). */
const wallAt = (epochMs: number, offsetMs: number) =>
  Temporal.Instant.fromEpochMilliseconds(epochMs + offsetMs)
    .toZonedDateTimeISO("UTC")
    .toPlainDateTime();

/**
 * VTIMEZONE for `zone` around [from, to]: the observance in force at the start, then one per
 * transition, each starting at the wall time it begins from (RFC 5545 §3.6.5: DTSTART in the
 * offset before the onset).
 */
export function vtimezone(zone: string, from: number, to: number): string[] {
  const first = from - RULES_SPAN;
  const last = to + RULES_SPAN;
  const base = offsetAt(first, zone);
  const lines = [
    "BEGIN:VTIMEZONE",
    `TZID:${zone}`,
    "BEGIN:STANDARD",
    `DTSTART:${wallStamp(wallAt(first, base))}`,
    `TZOFFSETFROM:${offsetText(base)}`,
    `TZOFFSETTO:${offsetText(base)}`,
    "END:STANDARD",
  ];
  let at = Temporal.Instant.fromEpochMilliseconds(first).toZonedDateTimeISO(zone);
  for (;;) {
    const next = at.getTimeZoneTransition("next");
    if (!next || next.epochMilliseconds > last) break;
    const before = offsetAt(next.epochMilliseconds - 1, zone);
    const after = next.offsetNanoseconds / 1_000_000;
    const kind = after > before ? "DAYLIGHT" : "STANDARD";
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${wallStamp(wallAt(next.epochMilliseconds, before))}`,
      `TZOFFSETFROM:${offsetText(before)}`,
      `TZOFFSETTO:${offsetText(after)}`,
      `END:${kind}`,
    );
    at = next;
  }
  lines.push("END:VTIMEZONE");
  return lines;
}

/**
 * `NAME;TZID=zone:wall` for an instant, or `NAME:utc` where the zone reads that wall time twice
 * (either reading): no calendar can take it for the other one.
 */
function dateTimeLine(name: string, epochMs: number, zone: string): string {
  const wall = Temporal.Instant.fromEpochMilliseconds(epochMs)
    .toZonedDateTimeISO(zone)
    .toPlainDateTime();
  const first = wall.toZonedDateTime(zone, { disambiguation: "earlier" }).epochMilliseconds;
  const second = wall.toZonedDateTime(zone, { disambiguation: "later" }).epochMilliseconds;
  if (first !== second) return `${name}:${utcStamp(epochMs)}`;
  return `${name};TZID=${zone}:${wallStamp(wall)}`;
}

/** The invitation (or its cancellation) as an .ics file's text, CRLF line ends. */
export function icsOf(event: IcsEvent): string {
  const cancelled = event.method === "CANCEL";
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Lyceum//Appointments//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${event.method}`,
    ...vtimezone(event.zone, event.start, event.end),
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcStamp(event.now)}`,
    dateTimeLine("DTSTART", event.start, event.zone),
    dateTimeLine("DTEND", event.end, event.zone),
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    `STATUS:${cancelled ? "CANCELLED" : "CONFIRMED"}`,
    `ORGANIZER;CN=${paramText(event.organizer.name)}:mailto:${event.organizer.email}`,
    ...event.attendees.map(
      (person) =>
        `ATTENDEE;CN=${paramText(person.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED:mailto:${person.email}`,
    ),
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
