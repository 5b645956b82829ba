// Client-safe price rules shared by the editor, the product page, the cart and the checkout.
import type { BillingInterval, BillingKind } from "./product-shapes";

/** A price as the rules read it (amounts in the currency's minor units). */
export type PriceFacts = {
  amount: number;
  saleAmount: number | null;
  saleStartsAt: Date | string | null;
  saleEndsAt: Date | string | null;
  billing: BillingKind;
  interval: BillingInterval | null;
};

const time = (value: Date | string | null) =>
  value === null ? null : (typeof value === "string" ? new Date(value) : value).getTime();

/** The sale applies at `now`: a sale amount below the price, between its dates (either open). */
export function onSale(price: PriceFacts, now: Date): boolean {
  if (price.saleAmount === null || price.saleAmount >= price.amount) return false;
  const start = time(price.saleStartsAt);
  const end = time(price.saleEndsAt);
  const at = now.getTime();
  return (start === null || start <= at) && (end === null || at < end);
}

/** What one unit costs at `now`, sale applied (minor units). */
export function amountAt(price: PriceFacts, now: Date): number {
  return onSale(price, now) ? price.saleAmount! : price.amount;
}

/** How often a recurring price is paid (the cart's `frequency`); null for a one-time price. */
export function frequencyOf(
  price: Pick<PriceFacts, "billing" | "interval">,
): { value: number; parameter: "month" | "year" } | null {
  if (price.billing === "one_time") return null;
  return { value: 1, parameter: price.interval ?? "month" };
}

/** The cart line's `type`: a subscription or instalments recur; anything else is "other". */
export function cartTypeOf(price: Pick<PriceFacts, "billing">): "subscription" | "other" {
  return price.billing === "one_time" ? "other" : "subscription";
}
