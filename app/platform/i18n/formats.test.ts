import { expect, test } from "vitest";
import { dateFormat, dateIn, numberFormat, timestampFormat } from "./formats";

test("I12 a formatter is built once per language and options, and formats as Intl does", () => {
  const options = { dateStyle: "medium", timeZone: "UTC" } as const;
  expect(dateFormat("fr", options)).toBe(dateFormat("fr", { ...options }));
  expect(dateFormat("fr", options)).not.toBe(dateFormat("de", options));
  const day = new Date("2026-03-04T05:06:07Z");
  expect(dateFormat("fr", options).format(day)).toBe(
    new Intl.DateTimeFormat("fr", options).format(day),
  );
  expect(numberFormat("en", { style: "currency", currency: "JPY" }).format(1200)).toBe("¥1,200");
  expect(() => numberFormat("en", { style: "currency", currency: "NOPE!" })).toThrow(RangeError);
});

test("I13 a timestamp reads to the minute in UTC, whatever the zone of the machine that renders it", () => {
  const moment = new Date("2026-03-04T23:30:59Z");
  expect(timestampFormat("en").format(moment)).toBe(
    new Intl.DateTimeFormat("en", {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: "UTC",
    }).format(moment),
  );
  expect(timestampFormat("en").format(moment)).toMatch(/^Mar 4, 2026, 11:30\sPM$/);
});

test("I13 a stored date reads as its day in UTC, or with its time to the minute", () => {
  const iso = "2026-03-04T23:30:59Z";
  expect(dateIn("en")(iso)).toBe("Mar 4, 2026");
  expect(dateIn("en", true)(iso)).toMatch(/^Mar 4, 2026, 11:30\sPM$/);
  expect(dateIn("de")(iso)).toBe(
    new Intl.DateTimeFormat("de", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(iso)),
  );
});
