import { numberFormat } from "~/platform/i18n/formats";

/** How many minor digits a currency has (0 for JPY, 2 for USD, 3 for BHD), per Intl. */
export function currencyDigits(currency: string): number {
  try {
    const format = numberFormat("en", { style: "currency", currency });
    return format.resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** A price stored in minor units (cents) as an amount in the currency's major unit. */
export function minorToMajor(minor: number, currency: string): number {
  return minor / 10 ** currencyDigits(currency);
}

/** An amount in the currency's major unit, written for the visitor's language. */
export function formatMoney({
  amount,
  currency,
  lang,
}: {
  amount: number;
  currency: string;
  lang: string;
}): string {
  try {
    return numberFormat(lang, { style: "currency", currency }).format(amount);
  } catch {
    return `${amount.toFixed(currencyDigits(currency))} ${currency}`;
  }
}
