import { useEffect, useState } from "react";
import type { CartCoupon, CartItem } from "./validation";

/**
 * The server's word on a cart (`POST /api/checkout/quote`, minor units): each line's trial and,
 * per payment provider the site takes, what the order would charge now (`total`) and when the
 * trials end (`dueLater`), computed by the same function the order uses. The browser's own
 * prices are for display; whatever depends on the provider comes from here.
 */
export type CartQuote = {
  currency: string;
  subtotal: number;
  discount: number;
  coupon: string | null;
  lines: { id: string; trialDays: number }[];
  splits: { provider: string; total: number; dueLater: number; trialLines: string[] }[];
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === "object" && !Array.isArray(value);
const whole = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 0;
const text = (value: unknown): value is string => typeof value === "string" && value.length > 0;

/** The quote in an answer, read by hand (no zod on public pages), or null. */
export function readCartQuote(status: number, body: unknown): CartQuote | null {
  if (status !== 200 || !isObject(body)) return null;
  const { currency, subtotal, discount, coupon, lines, splits } = body;
  if (!text(currency) || !whole(subtotal) || !whole(discount)) return null;
  if (coupon !== null && !text(coupon)) return null;
  if (!Array.isArray(lines) || !Array.isArray(splits)) return null;
  const lineOk = (line: unknown) => isObject(line) && text(line.id) && whole(line.trialDays);
  const splitOk = (split: unknown) =>
    isObject(split) &&
    text(split.provider) &&
    whole(split.total) &&
    whole(split.dueLater) &&
    Array.isArray(split.trialLines) &&
    split.trialLines.every(text);
  if (!lines.every(lineOk) || !splits.every(splitOk)) return null;
  return {
    currency,
    subtotal,
    discount,
    coupon,
    lines: (lines as CartQuote["lines"]).map(({ id, trialDays }) => ({ id, trialDays })),
    splits: (splits as CartQuote["splits"]).map(({ provider, total, dueLater, trialLines }) => ({
      provider,
      total,
      dueLater,
      trialLines,
    })),
  };
}

/** What the quote is asked for: ids and quantities (the server prices), the coupon's name. */
export function quoteRequest(items: CartItem[], coupon: CartCoupon | null) {
  return {
    lines: items.map(({ id, priceId, quantity }) => ({
      id,
      ...(priceId ? { priceId } : {}),
      quantity,
    })),
    coupon: coupon?.name ?? null,
    ...(items[0] ? { currency: items[0].currency } : {}),
  };
}

type QuoteState = { key: string; quote: CartQuote | null };

/**
 * The quote of the cart as it is now; `pending` while the server is asked again after a change.
 * A quote that cannot be had (offline, an item no longer sold) is null: the summary then shows
 * the cart's own total, as before quotes.
 */
export function useCartQuote(
  items: CartItem[],
  coupon: CartCoupon | null,
  enabled = true,
): { quote: CartQuote | null; pending: boolean } {
  const key = enabled && items.length > 0 ? JSON.stringify(quoteRequest(items, coupon)) : "";
  const [state, setState] = useState<QuoteState>({ key: "", quote: null });
  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    fetch("/api/checkout/quote", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: key,
      credentials: "same-origin",
      signal: controller.signal,
    })
      .then(async (response) => readCartQuote(response.status, await response.json()))
      .catch(() => null)
      .then((quote) => {
        if (!controller.signal.aborted) setState({ key, quote });
      });
    return () => controller.abort();
  }, [key]);
  if (!key) return { quote: null, pending: false };
  return state.key === key
    ? { quote: state.quote, pending: false }
    : { quote: null, pending: true };
}

/**
 * The split the summary shows: the chosen provider's; with none chosen yet (the cart modal),
 * the one every provider agrees on, else none (the summary then says that it depends).
 */
export function quoteSplit(quote: CartQuote | null, provider: string | null | undefined) {
  if (!quote) return null;
  if (provider !== undefined)
    return quote.splits.find((split) => split.provider === provider) ?? null;
  const [first, ...rest] = quote.splits;
  const same = rest.every(
    (split) =>
      split.total === first?.total &&
      split.dueLater === first.dueLater &&
      split.trialLines.join() === first.trialLines.join(),
  );
  return first && same ? first : null;
}
