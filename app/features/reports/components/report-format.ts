import { formatMoney, minorToMajor } from "~/features/cart/cart";
import { dateFormat, numberFormat } from "~/platform/i18n/formats";
import type { ReportBucket } from "../period";

/** How the screen writes its numbers, amounts, changes and buckets in the reader's language. */
export function reportFormat(lang: string) {
  const count = (value: number) => numberFormat(lang).format(value);
  const money = (minor: number, currency: string) =>
    formatMoney({ amount: minorToMajor(minor, currency), currency, lang });
  const percent = (value: number) =>
    numberFormat(lang, {
      style: "percent",
      maximumFractionDigits: 1,
      signDisplay: "exceptZero",
    }).format(value);
  const dayLabel = dateFormat(lang, { month: "short", day: "numeric", timeZone: "UTC" });
  const monthLabel = dateFormat(lang, { month: "short", year: "numeric", timeZone: "UTC" });
  const longDay = dateFormat(lang, { dateStyle: "medium", timeZone: "UTC" });
  /** A bucket's name on an axis or in a table: "Mar 5", or "Mar 2026". */
  const bucket = (key: string, kind: ReportBucket) =>
    kind === "day"
      ? dayLabel.format(new Date(`${key}T00:00:00Z`))
      : monthLabel.format(new Date(`${key}-01T00:00:00Z`));
  const day = (key: string) => longDay.format(new Date(`${key}T00:00:00Z`));
  return { count, money, percent, bucket, day };
}

export type ReportFormat = ReturnType<typeof reportFormat>;
