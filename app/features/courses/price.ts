import { formatMoney, minorToMajor } from "~/features/cart/cart";

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
  return formatMoney({ amount: minorToMajor(minor, currency), currency, lang });
}
