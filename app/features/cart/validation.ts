import { currencyDigits } from "./money";

// Client-safe and zod-free: every public page reads the cart from localStorage with this, and
// zod alone was 26 KB of a page's scripts (issue 12). The rules are few and checked by hand.

/**
 * One line of the visitor's cart as kept in the browser (localStorage `cart`, a JSON array).
 * The shape is a contract shared with the analytics code: keep field names as they are.
 * `price` is in the currency's major unit (49.9 means $49.90), like analytics `price`/`value`.
 * Prices here are only for display: the checkout prices the order again on the server.
 */
export type CartItem = {
  id: string;
  type: "course" | "product" | "membership";
  name: string;
  price: number;
  currency: string;
  quantity: number;
  image?: string;
  slug?: string;
};

const itemTypes: readonly string[] = ["course", "product", "membership"];
const text = (value: unknown, min: number, max: number): value is string =>
  typeof value === "string" && value.length >= min && value.length <= max;
const optionalText = (value: unknown, max: number) => value === undefined || text(value, 0, max);

/** The line if `value` is one, with only the cart's own fields; otherwise null. */
export function parseCartItem(value: unknown): CartItem | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const line = value as Record<string, unknown>;
  const { id, type, name, price, currency, quantity, image, slug } = line;
  const valid =
    text(id, 1, 200) &&
    typeof type === "string" &&
    itemTypes.includes(type) &&
    text(name, 1, 300) &&
    typeof price === "number" &&
    Number.isFinite(price) &&
    price >= 0 &&
    typeof currency === "string" &&
    /^[A-Z]{3}$/.test(currency) &&
    Number.isInteger(quantity) &&
    (quantity as number) >= 1 &&
    (quantity as number) <= 999 &&
    optionalText(image, 2000) &&
    optionalText(slug, 300);
  if (!valid) return null;
  return {
    id,
    type: type as CartItem["type"],
    name,
    price,
    currency,
    quantity: quantity as number,
    ...(image === undefined ? {} : { image: image as string }),
    ...(slug === undefined ? {} : { slug: slug as string }),
  };
}

/** The coupon code the visitor typed, trimmed, or null (it is checked against the account's coupons at checkout). */
export function parseCouponCode(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const code = value.trim();
  return code.length >= 1 && code.length <= 64 ? code : null;
}

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
    const line = parseCartItem(entry);
    if (!line || seen.has(cartItemKey(line))) continue;
    seen.add(cartItemKey(line));
    items.push(line);
  }
  return items;
}

/** Adds a line unless the same thing is already in the cart (a course is bought once). */
export function addToCart(
  items: CartItem[],
  item: CartItem,
): { items: CartItem[]; added: boolean } {
  if (items.some((line) => cartItemKey(line) === cartItemKey(item))) return { items, added: false };
  const line = parseCartItem(item);
  if (!line) throw new TypeError("not a cart line");
  return { items: [...items, line], added: true };
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
