// Intl formatters cost far more to build than to use (a locale lookup each time): a page that
// lists twenty posts built twenty. One per language and options, reused; a bounded set.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();
const MAX_ENTRIES = 500;

function memo<F>(cache: Map<string, F>, key: string, make: () => F): F {
  let found = cache.get(key);
  if (!found) {
    found = make();
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(key, found);
  }
  return found;
}

export function dateFormat(lang: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return memo(
    dateFormats,
    `${lang}|${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(lang, options),
  );
}

/** A moment to the minute as it is stored, in UTC: when a session began, when a mail was sent. */
export function timestampFormat(lang: string): Intl.DateTimeFormat {
  return dateFormat(lang, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
}

/**
 * Stored dates (ISO strings) as the reader writes them, in UTC as the server stored them: the
 * day, or with `withTime` the moment to the minute. A caller whose date may be missing shows its
 * own stand-in.
 */
export function dateIn(lang: string, withTime = false): (iso: string) => string {
  const format = withTime
    ? timestampFormat(lang)
    : dateFormat(lang, { dateStyle: "medium", timeZone: "UTC" });
  return (iso) => format.format(new Date(iso));
}

/** Throws as `new Intl.NumberFormat` does for an unknown currency; a failure is not kept. */
export function numberFormat(
  lang: string,
  options: Intl.NumberFormatOptions = {},
): Intl.NumberFormat {
  return memo(
    numberFormats,
    `${lang}|${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(lang, options),
  );
}

/** Sizes in the reader's language, in the largest whole unit. */
export function formatBytes(bytes: number, lang: string): string {
  const units = ["byte", "kilobyte", "megabyte", "gigabyte"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(lang, {
    style: "unit",
    unit: units[unit],
    unitDisplay: "short",
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
