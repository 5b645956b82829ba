import type { Viewer } from "~/features/members/members.server";
import { enabledProviders } from "~/features/payments/payments.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { trialDeferred, type PaymentProvider } from "./order-shapes";
import { orderSplit, priceOrder } from "./place-order.server";
import type { CheckoutQuoteInput } from "./validation";

export type CheckoutQuote = {
  currency: string;
  /** Minor units, as the order would record them. */
  subtotal: number;
  discount: number;
  /** The coupon counted; null when none was sent or it was refused (`couponRefused` says why). */
  coupon: string | null;
  couponRefused: string | null;
  /** Each line of the request, in its order, with the trial its price gives. */
  lines: { id: string; billing: string; trialDays: number }[];
  /** Per provider the site takes for this currency: what the order would record there. */
  splits: { provider: PaymentProvider; total: number; dueLater: number; trialLines: string[] }[];
};

const couponCodes = new Set([
  "cart.couponLimit",
  "cart.couponUnavailable",
  "cart.couponExpired",
  "cart.couponUnknown",
]);

/**
 * What the checkout would charge now and after the trials, per provider, for a cart not yet
 * ordered: priced by `priceOrder` and split by `orderSplit`, the functions `placeOrder` uses,
 * so the summary and the order cannot disagree. A refused coupon is left out (and named) rather
 * than failing the quote: the buyer still sees their lines' trials; the order refuses it.
 */
export async function quoteCheckout(
  database: Database,
  {
    accountId,
    currency,
    viewer,
    input,
    now = new Date(),
  }: {
    accountId: string;
    currency: string;
    viewer: Viewer | null;
    input: CheckoutQuoteInput;
    now?: Date;
  },
): Promise<CheckoutQuote> {
  const userId = viewer?.user.id ?? null;
  const cartCurrency = input.currency ?? currency;
  return database.forAccount(accountId, async (tx) => {
    const args = { accountId, userId, currency: cartCurrency, now };
    let couponRefused: string | null = null;
    let priced: Awaited<ReturnType<typeof priceOrder>>;
    try {
      priced = await priceOrder(tx, { ...args, input });
    } catch (error) {
      if (!(error instanceof AppError) || !couponCodes.has(error.code)) throw error;
      couponRefused = error.code;
      priced = await priceOrder(tx, { ...args, input: { lines: input.lines, coupon: null } });
    }
    const providers = (await enabledProviders(tx, {
      accountId,
      currency: cartCurrency,
    })) as PaymentProvider[];
    const ids = input.lines.map((line) => line.id);
    return {
      currency: cartCurrency,
      subtotal: priced.subtotal,
      discount: priced.discount,
      coupon: priced.coupon?.name ?? null,
      couponRefused,
      lines: priced.lines.map((line, index) => ({
        id: ids[index]!,
        billing: line.billing,
        trialDays: line.billing === "one_time" ? 0 : line.trialDays,
      })),
      splits: providers.map((provider) => ({
        provider,
        ...orderSplit(provider, priced.lines, priced.discount),
        trialLines: priced.lines
          .filter((line) => trialDeferred(provider, line))
          .map((line) => ids[priced.lines.indexOf(line)]!),
      })),
    };
  });
}
