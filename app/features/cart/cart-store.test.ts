import { describe, expect, test } from "vitest";
import { createCartStore } from "./cart-store";
import {
  carryOverItem,
  cartCount,
  cartSummary,
  cartTotals,
  itemHref,
  parseCart,
  parseCartItem,
  parseCouponCode,
  parseStoredCoupon,
  type CartItem,
} from "./validation";

class MemoryStorage {
  values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
}

const course = (id: string, amount: number, currency = "USD"): CartItem => ({
  id,
  title: `Course ${id}`,
  quantity: 1,
  type: "other",
  amount,
  currency,
  frequency: null,
  slug: `course/${id}`,
});

function setup(initial?: string, more: Record<string, string> = {}) {
  const storage = new MemoryStorage();
  if (initial !== undefined) storage.setItem("cartItems", initial);
  for (const [key, value] of Object.entries(more)) storage.setItem(key, value);
  const target = new EventTarget();
  const events: unknown[] = [];
  target.addEventListener("lyceum:add-to-cart", (event) =>
    events.push((event as CustomEvent).detail),
  );
  const store = createCartStore({ storage: () => storage, target });
  return { storage, target, events, store };
}

describe("P11 cart store", () => {
  test("C1 P11 adding a course stores it under `cartItems` and fires lyceum:add-to-cart", () => {
    const { storage, store, events } = setup();
    expect(store.add(course("a", 49))).toBe(true);
    expect(JSON.parse(storage.getItem("cartItems")!)).toEqual([course("a", 49)]);
    expect(store.getState().items).toEqual([course("a", 49)]);
    expect(events).toEqual([
      {
        currency: "USD",
        value: 49,
        items: [{ item_id: "a", item_name: "Course a", price: 49, quantity: 1 }],
      },
    ]);
  });

  test("P11 the same course is added once; a second add reports it and fires nothing", () => {
    const { store, events } = setup();
    store.add(course("a", 49));
    expect(store.add({ ...course("a", 49), title: "renamed" })).toBe(false);
    expect(store.getState().items).toHaveLength(1);
    expect(events).toHaveLength(1);
    // The same product at another price is still the same thing.
    expect(store.add({ ...course("a", 10), priceId: "yearly" })).toBe(false);
    expect(store.add({ ...course("b", 10), quantity: 2 })).toBe(true);
    expect(cartCount(store.getState().items)).toBe(3);
  });

  test("P11 remove drops the line and closes the modal when the cart becomes empty", () => {
    const { store } = setup();
    store.add(course("a", 49));
    store.add(course("b", 79));
    expect(store.openModal()).toBe(true);
    store.remove("a");
    expect(store.getState().items.map((i) => i.id)).toEqual(["b"]);
    expect(store.getState().modalOpen).toBe(true);
    store.remove("b");
    expect(store.getState()).toMatchObject({ items: [], modalOpen: false });
  });

  test("P11 the modal opens only when the cart has items", () => {
    const { store } = setup();
    expect(store.openModal()).toBe(false);
    expect(store.getState().modalOpen).toBe(false);
    store.add(course("a", 49));
    expect(store.openModal()).toBe(true);
    expect(store.getState().modalOpen).toBe(true);
    store.closeModal();
    expect(store.getState().modalOpen).toBe(false);
  });

  test("P11 totals add lines in minor units per currency", () => {
    expect(cartTotals([course("a", 0.1), course("b", 0.2)])).toEqual([
      { currency: "USD", amount: 0.3 },
    ]);
    expect(
      cartTotals([
        course("a", 49.99),
        { ...course("b", 10), quantity: 3 },
        course("c", 500, "JPY"),
      ]),
    ).toEqual([
      { currency: "USD", amount: 79.99 },
      { currency: "JPY", amount: 500 },
    ]);
    expect(cartTotals([])).toEqual([]);
  });

  test.each([
    ["not JSON", "{oops"],
    ["an object", '{"id":"a"}'],
    ["a number", "42"],
    ["null", "null"],
  ])("P11 a corrupted `cartItems` (%s) reads as an empty cart", (_name, raw) => {
    const { store } = setup(raw);
    expect(store.getState().items).toEqual([]);
    // And the visitor can still shop: adding replaces the broken value.
    expect(store.add(course("a", 49))).toBe(true);
    expect(store.getState().items).toHaveLength(1);
  });

  test("P11 lines that do not fit are dropped and duplicates kept once", () => {
    const raw = JSON.stringify([
      course("a", 49),
      { id: "x", type: "other", title: "No price", currency: "USD", quantity: 1, frequency: null },
      { ...course("b", 5), amount: -1 },
      { ...course("c", 5), currency: "dollars" },
      course("a", 12),
    ]);
    expect(parseCart(raw)).toEqual([course("a", 49)]);
  });

  test("P11 another tab's change arrives through the storage event", () => {
    const { storage, target, store } = setup();
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    storage.setItem("cartItems", JSON.stringify([course("z", 5)]));
    target.dispatchEvent(Object.assign(new Event("storage"), { key: "cartItems" }));
    expect(calls).toBe(1);
    expect(store.getState().items.map((i) => i.id)).toEqual(["z"]);
    target.dispatchEvent(Object.assign(new Event("storage"), { key: "theme" }));
    expect(calls).toBe(1);
    unsubscribe();
    target.dispatchEvent(Object.assign(new Event("storage"), { key: "cartItems" }));
    expect(calls).toBe(1);
  });

  test("P11 the state object stays the same while nothing changes", () => {
    const { store } = setup(JSON.stringify([course("a", 1)]));
    expect(store.getState()).toBe(store.getState());
  });

  test("C1 C2 a checked coupon is kept under `coupon` and can be removed", () => {
    const { storage, store } = setup();
    const coupon = { name: "SPRING20", discountType: "percentage", amount: 20, productIds: [] };
    expect(store.setCoupon(coupon as never)).toBe(true);
    expect(JSON.parse(storage.getItem("coupon")!)).toEqual(coupon);
    expect(store.getState().coupon).toEqual(coupon);
    expect(store.setCoupon({ ...coupon, amount: -1 } as never)).toBe(false);
    expect(store.setCoupon({ ...coupon, discountType: "free" } as never)).toBe(false);
    store.setCoupon(null);
    expect(storage.getItem("coupon")).toBeNull();
    expect(store.getState().coupon).toBeNull();
  });

  test("C1 a cart saved under the old keys is carried over once, then the old keys are gone", () => {
    const old = [
      {
        id: "c1",
        type: "course",
        name: "Design",
        price: 49.9,
        currency: "USD",
        quantity: 1,
        image: "/i.png",
        slug: "design",
      },
      { id: "p1", type: "product", name: "Kit", price: 5, currency: "USD", quantity: 2 },
      { id: "bad", type: "ticket", name: "?", price: 1, currency: "USD", quantity: 1 },
    ];
    const { storage, store } = setup(undefined, {
      cart: JSON.stringify(old),
      cart_coupon: " SPRING20 ",
    });
    expect(store.getState().items).toEqual([
      {
        id: "c1",
        title: "Design",
        image: "/i.png",
        quantity: 1,
        type: "other",
        amount: 49.9,
        currency: "USD",
        frequency: null,
        slug: "course/design",
      },
      {
        id: "p1",
        title: "Kit",
        quantity: 2,
        type: "other",
        amount: 5,
        currency: "USD",
        frequency: null,
      },
    ]);
    expect(storage.getItem("cart")).toBeNull();
    expect(storage.getItem("cart_coupon")).toBeNull();
    expect(JSON.parse(storage.getItem("cartItems")!)).toHaveLength(2);
    // The old code was never checked: the coupon box checks it before it counts.
    expect(store.getState().coupon).toBeNull();
    expect(store.getState().uncheckedCoupon).toBe("SPRING20");
    expect(itemHref(store.getState().items[0]!)).toBe("/course/design");
  });

  test("C1 a cart already under the new keys wins over an old one, which is only removed", () => {
    const { storage, store } = setup(JSON.stringify([course("new", 1)]), {
      cart: JSON.stringify([
        { id: "old", type: "course", name: "Old", price: 1, currency: "USD", quantity: 1 },
      ]),
      cart_coupon: "OLD",
      coupon: JSON.stringify({ name: "NEW", discountType: "flat", amount: 100 }),
    });
    expect(store.getState().items.map((i) => i.id)).toEqual(["new"]);
    expect(store.getState().coupon?.name).toBe("NEW");
    expect(storage.getItem("cart")).toBeNull();
    expect(storage.getItem("cart_coupon")).toBeNull();
  });

  test("C1 clear empties the cart and its coupon", () => {
    const { storage, store } = setup(JSON.stringify([course("a", 1)]), {
      coupon: JSON.stringify({ name: "NEW", discountType: "flat", amount: 100 }),
    });
    store.clear();
    expect(store.getState()).toMatchObject({ items: [], coupon: null });
    expect(storage.getItem("cartItems")).toBeNull();
    expect(storage.getItem("coupon")).toBeNull();
  });

  test("P11 with site data blocked the cart lives in memory for the page", () => {
    const target = new EventTarget();
    const store = createCartStore({
      storage: () => {
        throw new DOMException("blocked", "SecurityError");
      },
      target,
    });
    expect(store.getState().items).toEqual([]);
    expect(store.add(course("a", 49))).toBe(true);
    expect(store.getState().items).toHaveLength(1);
  });
});

test("C1 I12 a cart line is checked without zod: every rule of the line holds, unknown fields are dropped", () => {
  const line = {
    id: "c1",
    priceId: "p1",
    title: "Design",
    quantity: 1,
    type: "subscription",
    amount: 19,
    currency: "USD",
    frequency: { value: 1, parameter: "month" },
  };
  expect(parseCartItem({ ...line, extra: "<script>", slug: "design" })).toEqual({
    ...line,
    slug: "design",
  });
  // No frequency is a one-time price.
  expect(parseCartItem({ ...line, type: "other", frequency: undefined })?.frequency).toBeNull();
  for (const broken of [
    null,
    [],
    "c1",
    { ...line, id: "" },
    { ...line, id: "x".repeat(201) },
    { ...line, type: "course" },
    { ...line, title: 3 },
    { ...line, title: "" },
    { ...line, amount: -1 },
    { ...line, amount: Number.POSITIVE_INFINITY },
    { ...line, amount: "49" },
    { ...line, currency: "usd" },
    { ...line, quantity: 0 },
    { ...line, quantity: 1.5 },
    { ...line, quantity: 1000 },
    { ...line, image: 7 },
    { ...line, priceId: 7 },
    { ...line, slug: "s".repeat(301) },
    { ...line, frequency: { value: 1, parameter: "week" } },
    { ...line, frequency: { value: 0, parameter: "month" } },
    { ...line, frequency: "monthly" },
  ]) {
    expect(parseCartItem(broken), JSON.stringify(broken)).toBeNull();
  }
  expect(
    carryOverItem({
      id: "x",
      type: "membership",
      name: "Gold",
      price: 9,
      currency: "EUR",
      quantity: 1,
    }),
  ).toMatchObject({ id: "x", title: "Gold", amount: 9, type: "other" });
  expect(parseCouponCode("  SPRING20 ")).toBe("SPRING20");
  expect(parseCouponCode("   ")).toBeNull();
  expect(parseCouponCode("x".repeat(65))).toBeNull();
  expect(parseCouponCode("A\u0000B")).toBeNull();
  expect(parseCouponCode(20)).toBeNull();
  expect(parseStoredCoupon("{oops")).toEqual({ coupon: null, unchecked: null });
  expect(parseStoredCoupon('{"name":"X","discountType":"flat"}')).toEqual({
    coupon: null,
    unchecked: null,
  });
  expect(parseStoredCoupon('{"name":" X "}')).toEqual({ coupon: null, unchecked: "X" });
});

describe("C4 the cart's summary", () => {
  const sub: CartItem = {
    ...course("s", 19),
    type: "subscription",
    frequency: { value: 1, parameter: "month" },
  };
  test("C4 subtotal, a percent discount rounded to the cent, and the total", () => {
    const coupon = { name: "P", discountType: "percentage" as const, amount: 20, productIds: [] };
    expect(cartSummary([course("a", 49.99), sub], coupon)).toEqual([
      { currency: "USD", subtotal: 68.99, discount: 13.8, total: 55.19 },
    ]);
    expect(cartSummary([course("a", 49.99)], null)).toEqual([
      { currency: "USD", subtotal: 49.99, discount: 0, total: 49.99 },
    ]);
  });

  test("C4 a flat discount in minor units never takes more than the lines it names", () => {
    const flat = { name: "F", discountType: "flat" as const, amount: 1000, productIds: ["a"] };
    expect(cartSummary([course("a", 5), course("b", 20)], flat)).toEqual([
      { currency: "USD", subtotal: 25, discount: 5, total: 20 },
    ]);
    expect(cartSummary([course("a", 500, "JPY")], { ...flat, amount: 120 })).toEqual([
      { currency: "JPY", subtotal: 500, discount: 120, total: 380 },
    ]);
  });
});
