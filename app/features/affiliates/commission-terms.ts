import type { ProductCommission } from "./affiliate-shapes";

export type CommissionTerms = {
  commissionType: "percent" | "flat";
  percentBasis: number;
  flatAmount: number;
  productCommissions: ProductCommission[];
};

export type PaidLine = { productId: string; amount: number; quantity: number };

/**
 * What a paid order earns its affiliate, in the order's currency. A percentage applies to what
 * each line paid after the order's discount (spread over the lines by their share); a product
 * with terms of its own pays those (a percent of its line, or a flat amount per unit), the
 * others the programme's (a percent of theirs, or one flat amount for the order). Flat amounts
 * are in the site's currency, so an order in another currency earns only its percentages.
 */
export function commissionFor(
  terms: CommissionTerms,
  order: { lines: PaidLine[]; subtotal: number; total: number; currency: string },
  siteCurrency: string,
): number {
  const paidShare = order.subtotal > 0 ? order.total / order.subtotal : 0;
  const sameCurrency = order.currency === siteCurrency;
  const own = new Map(terms.productCommissions.map((line) => [line.productId, line]));
  let amount = 0;
  let restBase = 0;
  let restLines = 0;
  for (const line of order.lines) {
    const base = line.amount * line.quantity * paidShare;
    const special = own.get(line.productId);
    if (!special) {
      restBase += base;
      restLines += 1;
    } else if (special.type === "percent") amount += (base * special.value) / 10_000;
    else if (sameCurrency) amount += special.value * line.quantity;
  }
  if (restLines > 0) {
    if (terms.commissionType === "percent") amount += (restBase * terms.percentBasis) / 10_000;
    else if (sameCurrency && order.total > 0) amount += terms.flatAmount;
  }
  // Never more than the order paid.
  return Math.max(0, Math.min(Math.round(amount), order.total));
}
