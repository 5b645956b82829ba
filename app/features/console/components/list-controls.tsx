/** Dates as the reader writes them (UTC, as the server stored them). */
export function dateIn(lang: string, withTime = false) {
  const format = new Intl.DateTimeFormat(lang, {
    dateStyle: "medium",
    ...(withTime ? { timeStyle: "short" } : {}),
    timeZone: "UTC",
  });
  return (iso: string) => (iso ? format.format(new Date(iso)) : "—");
}
