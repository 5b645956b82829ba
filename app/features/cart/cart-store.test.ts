import { describe, expect, test } from "vitest";
import { createCartStore } from "./cart-store";
import {
  cartCount,
  cartTotals,
  parseCart,
  parseCartItem,
  parseCouponCode,
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

const course = (id: string, price: number, currency = "USD"): CartItem => ({
  id,
  type: "course",
  name: `Course ${id}`,
  price,
  currency,
  quantity: 1,
  slug: id,
});

function setup(initial?: string) {
  const storage = new MemoryStorage();
  if (initial !== undefined) storage.setItem("cart", initial);
  const target = new EventTarget();
  const events: unknown[] = [];
  target.addEventListener("lyceum:add-to-cart", (event) =>
    events.push((event as CustomEvent).detail),
  );
  const store = createCartStore({ storage: () => storage, target });
  return { storage, target, events, store };
}

describe("P11 cart store", () => {
  test("P11 adding a course stores it under `cart` and fires lyceum:add-to-cart", () => {
    const { storage, store, events } = setup();
    expect(store.add(course("a", 49))).toBe(true);
    expect(JSON.parse(storage.getItem("cart")!)).toEqual([course("a", 49)]);
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
    expect(store.add({ ...course("a", 49), name: "renamed" })).toBe(false);
    expect(store.getState().items).toHaveLength(1);
    expect(events).toHaveLength(1);
    // Same id but another type is another thing.
    expect(store.add({ ...course("a", 10), type: "product" })).toBe(true);
    expect(cartCount(store.getState().items)).toBe(2);
  });

  test("P11 remove drops the line and closes the modal when the cart becomes empty", () => {
    const { store } = setup();
    store.add(course("a", 49));
    store.add(course("b", 79));
    expect(store.openModal()).toBe(true);
    store.remove("course:a");
    expect(store.getState().items.map((i) => i.id)).toEqual(["b"]);
    expect(store.getState().modalOpen).toBe(true);
    store.remove("course:b");
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
  ])("P11 a corrupted `cart` (%s) reads as an empty cart", (_name, raw) => {
    const { store } = setup(raw);
    expect(store.getState().items).toEqual([]);
    // And the visitor can still shop: adding replaces the broken value.
    expect(store.add(course("a", 49))).toBe(true);
    expect(store.getState().items).toHaveLength(1);
  });

  test("P11 lines that do not fit are dropped and duplicates kept once", () => {
    const raw = JSON.stringify([
      course("a", 49),
      { id: "x", type: "course", name: "No price", currency: "USD", quantity: 1 },
      { ...course("b", 5), price: -1 },
      { ...course("c", 5), currency: "dollars" },
      course("a", 12),
    ]);
    expect(parseCart(raw)).toEqual([course("a", 49)]);
  });

  test("P11 another tab's change arrives through the storage event", () => {
    const { storage, target, store } = setup();
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    storage.setItem("cart", JSON.stringify([course("z", 5)]));
    target.dispatchEvent(Object.assign(new Event("storage"), { key: "cart" }));
    expect(calls).toBe(1);
    expect(store.getState().items.map((i) => i.id)).toEqual(["z"]);
    target.dispatchEvent(Object.assign(new Event("storage"), { key: "theme" }));
    expect(calls).toBe(1);
    unsubscribe();
    target.dispatchEvent(Object.assign(new Event("storage"), { key: "cart" }));
    expect(calls).toBe(1);
  });

  test("P11 the state object stays the same while nothing changes", () => {
    const { store } = setup(JSON.stringify([course("a", 1)]));
    expect(store.getState()).toBe(store.getState());
  });

  test("P11 the coupon code is kept trimmed under `cart_coupon` and can be removed", () => {
    const { storage, store } = setup();
    expect(store.setCoupon("   ")).toBe(false);
    expect(store.setCoupon(" SPRING20 ")).toBe(true);
    expect(storage.getItem("cart_coupon")).toBe("SPRING20");
    expect(store.getState().coupon).toBe("SPRING20");
    store.setCoupon(null);
    expect(storage.getItem("cart_coupon")).toBeNull();
    expect(store.getState().coupon).toBeNull();
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

test("I12 a cart line is checked without zod: every rule of the line holds, unknown fields are dropped", () => {
  const line = {
    id: "c1",
    type: "course",
    name: "Design",
    price: 49.9,
    currency: "USD",
    quantity: 1,
  };
  expect(parseCartItem({ ...line, extra: "<script>", slug: "design" })).toEqual({
    ...line,
    slug: "design",
  });
  for (const broken of [
    null,
    [],
    "c1",
    { ...line, id: "" },
    { ...line, id: "x".repeat(201) },
    { ...line, type: "ticket" },
    { ...line, name: 3 },
    { ...line, price: -1 },
    { ...line, price: Number.POSITIVE_INFINITY },
    { ...line, price: "49" },
    { ...line, currency: "usd" },
    { ...line, quantity: 0 },
    { ...line, quantity: 1.5 },
    { ...line, quantity: 1000 },
    { ...line, image: 7 },
    { ...line, slug: "s".repeat(301) },
  ]) {
    expect(parseCartItem(broken), JSON.stringify(broken)).toBeNull();
  }
  expect(parseCouponCode("  SPRING20 ")).toBe("SPRING20");
  expect(parseCouponCode("   ")).toBeNull();
  expect(parseCouponCode("x".repeat(65))).toBeNull();
  expect(parseCouponCode(20)).toBeNull();
});
