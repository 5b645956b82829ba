import { z } from "zod";
import { currencyDigits } from "./money";

/**
 * One line of the visitor's cart as kept in the browser (localStorage `cart`, a JSON array).
 * The shape is a contract shared with the analytics code: keep field names as they are.
 * `price` is in the currency's major unit (49.9 means $49.90), like analytics `price`/`value`.
 * Prices here are only for display: the checkout prices the order again on the server.
 */
export const cartItemSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.enum(["course", "product", "membership"]),
  name: z.string().min(1).max(300),
  price: z.number().finite().nonnegative(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  quantity: z.number().int().min(1).max(999),
  image: z.string().max(2000).optional(),
  slug: z.string().max(300).optional(),
});

export type CartItem = z.infer<typeof cartItemSchema>;

/** The coupon code the visitor typed; it is checked against the account's coupons at checkout. */
export const couponCodeSchema = z.string().trim().min(1).max(64);

export const cartStorageKey = "cart";
export const couponStorageKey = "cart_coupon";

/** Two lines are the same thing when type and id match. */
export const cartItemKey = (item: Pick<CartItem, "id" | "type">) => `${item.type}:${item.id}`;

/**
 * The cart stored under `cart`. Anything that is not a JSON array reads as an empty cart, lines
 * that do not fit the schema are dropped and duplicates keep their first occurrence, so a cart
 * edited by hand or written by an older version never breaks the page.
 */
export function parseCart(raw: string | null | undefined): CartItem[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const items: CartItem[] = [];
  for (const entry of value) {
    const parsed = cartItemSchema.safeParse(entry);
    if (!parsed.success || seen.has(cartItemKey(parsed.data))) continue;
    seen.add(cartItemKey(parsed.data));
    items.push(parsed.data);
  }
  return items;
}

/** Adds a line unless the same thing is already in the cart (a course is bought once). */
export function addToCart(
  items: CartItem[],
  item: CartItem,
): { items: CartItem[]; added: boolean } {
  if (items.some((line) => cartItemKey(line) === cartItemKey(item))) return { items, added: false };
  return { items: [...items, cartItemSchema.parse(item)], added: true };
}

export function removeFromCart(items: CartItem[], key: string): CartItem[] {
  return items.filter((line) => cartItemKey(line) !== key);
}

/** Number of things in the cart, for the header badge. */
export function cartCount(items: CartItem[]): number {
  return items.reduce((sum, line) => sum + line.quantity, 0);
}

/** Rounded to the currency's digits, so 0.1 + 0.2 shows as 0.30. */
function lineTotal(line: Pick<CartItem, "price" | "quantity" | "currency">) {
  const scale = 10 ** currencyDigits(line.currency);
  return { minor: Math.round(line.price * scale) * line.quantity, scale };
}

/**
 * The cart's total per currency (a site sells in one currency, but a cart kept from before the
 * owner changed it may hold two; they are never added together).
 */
export function cartTotals(items: CartItem[]): { currency: string; amount: number }[] {
  const totals = new Map<string, { minor: number; scale: number }>();
  for (const line of items) {
    const { minor, scale } = lineTotal(line);
    const current = totals.get(line.currency) ?? { minor: 0, scale };
    totals.set(line.currency, { minor: current.minor + minor, scale });
  }
  return [...totals].map(([currency, { minor, scale }]) => ({ currency, amount: minor / scale }));
}

/** The `lyceum:add-to-cart` event's detail (shared contract with analytics, GA4-shaped). */
export function addToCartDetail(item: CartItem) {
  const { minor, scale } = lineTotal(item);
  return {
    currency: item.currency,
    value: minor / scale,
    items: [{ item_id: item.id, item_name: item.name, price: item.price, quantity: item.quantity }],
  };
}

export type AddToCartDetail = ReturnType<typeof addToCartDetail>;
