import { numberFormat } from "~/platform/i18n/formats";
import { currencySymbolOverrides, findCurrency } from "./currencies";

/**
 * How many minor digits a currency has (0 for JPY, 2 for USD, 3 for BHD): the currency list's
 * ISO minor unit, else what Intl knows, else 2.
 */
export function currencyDigits(currency: string): number {
  const listed = findCurrency(currency);
  if (listed) return listed.digits;
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

/** An integer amount of minor units as the decimal string in major units ("12.30", "500" JPY). */
export function minorToDecimal(amount: number, currency: string): string {
  const digits = currencyDigits(currency);
  const sign = amount < 0 ? "-" : "";
  const text = String(Math.abs(Math.trunc(amount))).padStart(digits + 1, "0");
  return digits === 0
    ? `${sign}${text}`
    : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** A decimal string in major units ("12.30") as an integer amount of minor units. */
export function decimalToMinor(value: string, currency: string): number {
  const digits = currencyDigits(currency);
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return Number.NaN;
  const fraction = (match[3] ?? "").padEnd(digits, "0").slice(0, digits);
  const minor = Number(`${match[2]}${fraction}`);
  return match[1] ? -minor : minor;
}

/** An amount in the major unit as a whole number of minor units (19.99 USD → 1999). */
export function majorToMinor(major: number, currency: string): number {
  return Math.round(major * 10 ** currencyDigits(currency));
}

function format(amount: number, currency: string, lang: string, fractionDigits: number): string {
  const symbol = currencySymbolOverrides[currency];
  try {
    const formatter = numberFormat(lang, {
      style: "currency",
      currency,
      // The narrow symbol is the override in most languages' data, spaced as the language does.
      ...(symbol ? { currencyDisplay: "narrowSymbol" } : {}),
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    if (!symbol) return formatter.format(amount);
    return formatter
      .formatToParts(amount)
      .map((part) => (part.type === "currency" ? symbol : part.value))
      .join("");
  } catch {
    return `${amount.toFixed(fractionDigits)} ${currency}`;
  }
}

/**
 * An amount in the currency's major unit, written for the visitor's language with all of the
 * currency's digits (spec §9: the BDT symbol override applies).
 */
export function formatMoney({
  amount,
  currency,
  lang,
}: {
  amount: number;
  currency: string;
  lang: string;
}): string {
  return format(amount, currency, lang, currencyDigits(currency));
}

/**
 * An amount of the cart (spec §9, C4: cart amounts with 0 fraction digits): a whole amount has
 * none ("$49", "৳1,200"); an amount with a fraction keeps the currency's digits ("$49.99"), so
 * the cart never shows a price other than the one charged.
 */
export function formatCartMoney({
  amount,
  currency,
  lang,
}: {
  amount: number;
  currency: string;
  lang: string;
}): string {
  const digits = currencyDigits(currency);
  const minor = Math.round(amount * 10 ** digits);
  const whole = minor % 10 ** digits === 0;
  return format(minor / 10 ** digits, currency, lang, whole ? 0 : digits);
}

/** A percent discount as shown (spec §9: percent discount rounded): 12.5 → "13%". */
export function formatPercent({ percent, lang }: { percent: number; lang: string }): string {
  return numberFormat(lang, { style: "percent", maximumFractionDigits: 0 }).format(
    Math.round(percent) / 100,
  );
}

export type CouponTerms = { discountType: "flat" | "percentage"; amount: number };

/**
 * A coupon's discount on the amount it applies to, both in minor units: a percentage rounded to
 * the minor unit, a flat amount as it is; never more than the amount itself (nor below 0).
 * The server's order and the cart's display use this one rule.
 */
export function couponDiscount({
  terms,
  eligible,
}: {
  terms: CouponTerms;
  eligible: number;
}): number {
  if (!(eligible > 0) || !(terms.amount > 0)) return 0;
  const raw =
    terms.discountType === "percentage"
      ? Math.round((eligible * Math.min(terms.amount, 100)) / 100)
      : Math.round(terms.amount);
  return Math.min(raw, eligible);
}
