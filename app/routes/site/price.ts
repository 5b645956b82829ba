import { numberFormat } from "~/platform/i18n/formats";
/** A price in minor units in the account's currency ("Free" for 0), with the currency's own digits. */
export function formatPrice({
  minor,
  currency,
  lang,
  free,
}: {
  minor: number;
  currency: string;
  lang: string;
  free: string;
}) {
  if (minor === 0) return free;
  const format = numberFormat(lang, { style: "currency", currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}
