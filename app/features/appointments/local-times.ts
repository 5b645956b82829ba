// Issue 36 times as a reader reads them, in the browser and on the server alike: plain Intl
// (no Temporal in the browser's code), each instant written in a zone the page names.
import { useSyncExternalStore } from "react";

/** The calendar date ("YYYY-MM-DD") an instant falls on in `zone`. */
export function dateInZone(epochMs: number, zone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(epochMs);
  const part = (type: string) => parts.find((one) => one.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

const noChange = () => () => {};

/**
 * The zone the page is read in: the browser's once it runs there, null while the server renders
 * (the page then names its own, the same on both sides).
 */
export function useReaderZone(): string | null {
  return useSyncExternalStore(noChange, readerZone, () => null);
}

/** The reader's own zone, where the runtime says one; else UTC. */
export function readerZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

export type DayOfTimes<T> = { date: string; label: string; items: (T & { time: string })[] };

/**
 * Items with a `start` instant grouped by their date in `zone`, in order, each with its
 * wall-clock time written as the reader's language writes times.
 */
export function byDayIn<T extends { start: string }>(
  items: readonly T[],
  zone: string,
  lang: string,
): DayOfTimes<T>[] {
  const time = new Intl.DateTimeFormat(lang, { timeStyle: "short", timeZone: zone });
  const day = new Intl.DateTimeFormat(lang, {
    weekday: "long",
    day: "numeric",
    month: "long",
    timeZone: zone,
  });
  const days: DayOfTimes<T>[] = [];
  for (const item of items) {
    const at = Date.parse(item.start);
    const date = dateInZone(at, zone);
    const entry = { ...item, time: time.format(at) };
    const last = days.at(-1);
    if (last?.date === date) last.items.push(entry);
    else days.push({ date, label: day.format(at), items: [entry] });
  }
  return days;
}

/** A moment in full ("Tuesday, 16 March 2027 at 14:00") in `zone`. */
export function fullTime(iso: string, zone: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: zone,
  }).format(Date.parse(iso));
}

/** A zone's name as people read it ("America/New York"). */
export const zoneLabel = (zone: string) => zone.replace(/_/g, " ");
