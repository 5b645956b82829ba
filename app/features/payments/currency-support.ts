import { findCurrency, providerTakes } from "~/features/cart/cart";
import type { PaymentProvider } from "./provider-shapes";

// Which provider takes which currency, and its minor digits: the cart's currency list (C8).

/** Whether `provider` takes payments in `currency` (a code of the currency list). */
export function providerTakesCurrency(provider: PaymentProvider, currency: string): boolean {
  return providerTakes(provider, currency);
}

/** ISO 4217 minor digits of a currency (0 for JPY, 2 for USD, 3 for BHD). */
export function minorDigits(currency: string): number {
  const known = findCurrency(currency);
  if (known) return known.digits;
  try {
    return (
      new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** An integer amount of minor units as the decimal string in major units ("12.30"). */
export function minorToDecimal(amount: number, currency: string): string {
  const digits = minorDigits(currency);
  const sign = amount < 0 ? "-" : "";
  const text = String(Math.abs(Math.trunc(amount))).padStart(digits + 1, "0");
  return digits === 0
    ? `${sign}${text}`
    : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** A decimal string in major units ("12.30") as an integer amount of minor units. */
export function decimalToMinor(value: string, currency: string): number {
  const digits = minorDigits(currency);
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return Number.NaN;
  const fraction = (match[3] ?? "").padEnd(digits, "0").slice(0, digits);
  const minor = Number(`${match[2]}${fraction}`);
  return match[1] ? -minor : minor;
}
