import { couponDiscount, majorToMinor, minorToMajor } from "./money";

// Client-safe and zod-free: every public page reads the cart from localStorage with this, and
// zod alone was 26 KB of a page's scripts (issue 12). The rules are few and checked by hand.

export type CartFrequency = { value: number; parameter: "month" | "year" };

/**
 * One line of the visitor's cart as kept in the browser (spec §3 Cart item, C1: localStorage
 * `cartItems`, a JSON array). `id` is a product's id (or, in carts from before products, a
 * course's); `amount` is one unit's price in the currency's major unit (49.9 means $49.90),
 * like analytics' `price`. Prices here are only for display: the checkout prices again on the
 * server. `slug` names the item's page: a bare slug is a product's (`/product/{slug}`), a path
 * with a slash is the page itself (`course/design-foundations`).
 */
export type CartItem = {
  id: string;
  priceId?: string;
  title: string;
  image?: string;
  quantity: number;
  type: "subscription" | "other";
  amount: number;
  currency: string;
  frequency: CartFrequency | null;
  slug?: string;
};

/** A coupon the server said applies (C2: "valid coupon stored in the cart"), under `coupon`. */
export type CartCoupon = {
  name: string;
  discountType: "flat" | "percentage";
  /** A percent, or minor units of the site's currency. */
  amount: number;
  /** The products it takes off; empty = all. */
  productIds: string[];
};

export const cartStorageKey = "cartItems";
export const couponStorageKey = "coupon";
/** Where carts were kept before issue 16; read once, carried over, then removed. */
export const legacyCartKey = "cart";
export const legacyCouponKey = "cart_coupon";

const text = (value: unknown, min: number, max: number): value is string =>
  typeof value === "string" && value.length >= min && value.length <= max;
const optionalText = (value: unknown, max: number) => value === undefined || text(value, 0, max);
const isObject = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === "object" && !Array.isArray(value);

function parseFrequency(value: unknown): CartFrequency | null | undefined {
  if (value === null || value === undefined) return null;
  if (!isObject(value)) return undefined;
  const { value: every, parameter } = value;
  if (!Number.isInteger(every) || (every as number) < 1 || (every as number) > 36) return undefined;
  if (parameter !== "month" && parameter !== "year") return undefined;
  return { value: every as number, parameter };
}

/** The line if `value` is one, with only the cart's own fields; otherwise null. */
export function parseCartItem(value: unknown): CartItem | null {
  if (!isObject(value)) return null;
  const { id, priceId, title, image, quantity, type, amount, currency, frequency, slug } = value;
  const every = parseFrequency(frequency);
  const valid =
    text(id, 1, 200) &&
    optionalText(priceId, 200) &&
    text(title, 1, 300) &&
    optionalText(image, 2000) &&
    Number.isInteger(quantity) &&
    (quantity as number) >= 1 &&
    (quantity as number) <= 999 &&
    (type === "subscription" || type === "other") &&
    typeof amount === "number" &&
    Number.isFinite(amount) &&
    amount >= 0 &&
    typeof currency === "string" &&
    /^[A-Z]{3}$/.test(currency) &&
    every !== undefined &&
    optionalText(slug, 300);
  if (!valid) return null;
  return {
    id,
    ...(priceId === undefined ? {} : { priceId: priceId as string }),
    title,
    ...(image === undefined ? {} : { image: image as string }),
    quantity: quantity as number,
    type,
    amount,
    currency,
    frequency: every,
    ...(slug === undefined ? {} : { slug: slug as string }),
  };
}

/**
 * A line of a cart saved before issue 16 (`cart`: {id, type course|product|membership, name,
 * price, currency, quantity, image, slug}) in today's shape, or null.
 */
export function carryOverItem(value: unknown): CartItem | null {
  if (!isObject(value)) return null;
  const { id, type, name, price, currency, quantity, image, slug } = value;
  if (!["course", "product", "membership"].includes(type as string)) return null;
  return parseCartItem({
    id,
    title: name,
    image,
    quantity,
    type: "other",
    amount: price,
    currency,
    frequency: null,
    ...(typeof slug === "string" && slug
      ? { slug: type === "course" ? `course/${slug}` : slug }
      : {}),
  });
}

/** The code the visitor typed, trimmed, or null when it cannot be a coupon's name. */
export function parseCouponCode(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const code = value.trim();
  return code.length >= 1 && code.length <= 64 && !/\p{Cc}/u.test(code) ? code : null;
}

/** A checked coupon's stored form, or null for anything else. */
export function parseCartCoupon(value: unknown): CartCoupon | null {
  if (!isObject(value)) return null;
  const { name, discountType, amount, productIds } = value;
  const ids = productIds === undefined ? [] : productIds;
  if (
    parseCouponCode(name) !== name ||
    (discountType !== "flat" && discountType !== "percentage") ||
    typeof amount !== "number" ||
    !Number.isFinite(amount) ||
    amount <= 0 ||
    !Array.isArray(ids) ||
    ids.length > 500 ||
    !ids.every((id) => text(id, 1, 200))
  )
    return null;
  return { name: name as string, discountType, amount, productIds: ids as string[] };
}

/**
 * What is stored under `coupon`: a checked coupon, or a bare `{name}` carried over from the old
 * `cart_coupon` key, which the coupon box checks before it counts.
 */
export function parseStoredCoupon(raw: string | null | undefined): {
  coupon: CartCoupon | null;
  unchecked: string | null;
} {
  if (!raw) return { coupon: null, unchecked: null };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { coupon: null, unchecked: null };
  }
  const coupon = parseCartCoupon(value);
  if (coupon) return { coupon, unchecked: null };
  const keys = isObject(value) ? Object.keys(value) : [];
  const unchecked =
    keys.length === 1 && keys[0] === "name"
      ? parseCouponCode((value as { name: unknown }).name)
      : null;
  return { coupon: null, unchecked };
}

/** Two lines are the same thing when they name the same product. */
export const cartItemKey = (item: Pick<CartItem, "id">) => item.id;

function parseLines(raw: string | null | undefined, parse: (value: unknown) => CartItem | null) {
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
    const line = parse(entry);
    if (!line || seen.has(cartItemKey(line))) continue;
    seen.add(cartItemKey(line));
    items.push(line);
  }
  return items;
}

/**
 * The cart stored under `cartItems`. Anything that is not a JSON array reads as an empty cart,
 * lines that do not fit are dropped and duplicates keep their first occurrence, so a cart edited
 * by hand or written by an older version never breaks the page.
 */
export function parseCart(raw: string | null | undefined): CartItem[] {
  return parseLines(raw, parseCartItem);
}

/** A cart saved under the old `cart` key, in today's shape. */
export function parseLegacyCart(raw: string | null | undefined): CartItem[] {
  return parseLines(raw, carryOverItem);
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

/** A line's total in minor units (rounded to the currency's digits, so 0.1 + 0.2 is 30 cents). */
const lineMinor = (line: Pick<CartItem, "amount" | "quantity" | "currency">) =>
  majorToMinor(line.amount, line.currency) * line.quantity;

/**
 * The cart's total per currency (a site sells in one currency, but a cart kept from before the
 * owner changed it may hold two; they are never added together).
 */
export function cartTotals(items: CartItem[]): { currency: string; amount: number }[] {
  const totals = new Map<string, number>();
  for (const line of items)
    totals.set(line.currency, (totals.get(line.currency) ?? 0) + lineMinor(line));
  return [...totals].map(([currency, minor]) => ({
    currency,
    amount: minorToMajor(minor, currency),
  }));
}

export type CartSummaryTotals = {
  currency: string;
  subtotal: number;
  discount: number;
  total: number;
};

/**
 * Subtotal, the coupon's discount and the total per currency, in major units: the discount of
 * the lines the coupon names (all when none), by the server's own rule. A display only: the
 * checkout prices the order again.
 */
export function cartSummary(items: CartItem[], coupon: CartCoupon | null): CartSummaryTotals[] {
  const groups = new Map<string, { subtotal: number; eligible: number }>();
  for (const line of items) {
    const group = groups.get(line.currency) ?? { subtotal: 0, eligible: 0 };
    const minor = lineMinor(line);
    group.subtotal += minor;
    if (coupon && (coupon.productIds.length === 0 || coupon.productIds.includes(line.id)))
      group.eligible += minor;
    groups.set(line.currency, group);
  }
  return [...groups].map(([currency, { subtotal, eligible }]) => {
    const discount = coupon
      ? couponDiscount({
          terms: { discountType: coupon.discountType, amount: coupon.amount },
          eligible,
        })
      : 0;
    return {
      currency,
      subtotal: minorToMajor(subtotal, currency),
      discount: minorToMajor(discount, currency),
      total: minorToMajor(subtotal - discount, currency),
    };
  });
}

/** The `lyceum:add-to-cart` event's detail (shared contract with analytics, GA4-shaped). */
export function addToCartDetail(item: CartItem) {
  return {
    currency: item.currency,
    value: minorToMajor(lineMinor(item), item.currency),
    items: [
      { item_id: item.id, item_name: item.title, price: item.amount, quantity: item.quantity },
    ],
  };
}

export type AddToCartDetail = ReturnType<typeof addToCartDetail>;

/** Where a line's title links: its product's page, or the page its slug names. */
export function itemHref(item: Pick<CartItem, "slug">): string | null {
  if (!item.slug) return null;
  return item.slug.includes("/") ? `/${item.slug.replace(/^\/+/, "")}` : `/product/${item.slug}`;
}
