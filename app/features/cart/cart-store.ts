import { useSyncExternalStore } from "react";
import {
  addToCart,
  addToCartDetail,
  cartItemKey,
  cartStorageKey,
  couponStorageKey,
  legacyCartKey,
  legacyCouponKey,
  parseCart,
  parseCartCoupon,
  parseCouponCode,
  parseLegacyCart,
  parseStoredCoupon,
  removeFromCart,
  type CartCoupon,
  type CartItem,
} from "./validation";

type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export type CartState = {
  items: CartItem[];
  /** The coupon the server said applies (C2), kept with the cart until removed. */
  coupon: CartCoupon | null;
  /** A code carried over from a cart saved before issue 16, to be checked by the coupon box. */
  uncheckedCoupon: string | null;
  /** Whether the cart modal is open; it only ever opens with something in the cart. */
  modalOpen: boolean;
};

/**
 * The visitor's cart, kept in the browser only (never on the server, so cached pages stay
 * anonymous). Other tabs see changes through the `storage` event; this tab through listeners.
 * `storage` is a function because reading `window.localStorage` can throw when the visitor blocks
 * site data: the cart then lives in memory for the page's lifetime.
 */
export function createCartStore({
  storage,
  target,
}: {
  storage: () => KeyValueStorage | null;
  /** Receives the `lyceum:add-to-cart` event and delivers `storage` events (the window). */
  target: EventTarget;
}) {
  const memory = new Map<string, string>();
  const listeners = new Set<() => void>();
  let modalOpen = false;
  let snapshot: { raw: string | null; coupon: string | null; modalOpen: boolean; state: CartState };
  let carried = false;

  // Once storage has failed (blocked, quota, privacy mode) the page keeps its cart in memory.
  let storageFailed = false;

  function store(): KeyValueStorage | null {
    if (storageFailed) return null;
    try {
      return storage();
    } catch {
      storageFailed = true;
      return null;
    }
  }
  function read(key: string): string | null {
    const browser = store();
    if (browser) {
      try {
        return browser.getItem(key);
      } catch {
        storageFailed = true;
      }
    }
    return memory.get(key) ?? null;
  }
  function write(key: string, value: string | null) {
    if (value === null) memory.delete(key);
    else memory.set(key, value);
    const browser = store();
    if (!browser) return;
    try {
      if (value === null) browser.removeItem(key);
      else browser.setItem(key, value);
    } catch {
      // Keep serving this page from the in-memory copy, which already holds every line.
      storageFailed = true;
    }
  }
  function notify() {
    for (const listener of listeners) listener();
  }
  function onStorage(event: Event) {
    const key = (event as StorageEvent).key;
    // key null: another tab cleared all storage.
    if (key === null || key === undefined || key === cartStorageKey || key === couponStorageKey)
      notify();
  }

  /**
   * C1: a cart saved under the old keys (`cart`, `cart_coupon`) moves to `cartItems` and
   * `coupon` once, then the old keys go; a cart already under the new keys wins.
   */
  function carryOver() {
    if (carried) return;
    carried = true;
    const legacy = read(legacyCartKey);
    if (legacy !== null) {
      if (read(cartStorageKey) === null) {
        const items = parseLegacyCart(legacy);
        if (items.length > 0) write(cartStorageKey, JSON.stringify(items));
      }
      write(legacyCartKey, null);
    }
    const legacyCoupon = read(legacyCouponKey);
    if (legacyCoupon !== null) {
      const code = parseCouponCode(legacyCoupon);
      if (code && read(couponStorageKey) === null)
        write(couponStorageKey, JSON.stringify({ name: code }));
      write(legacyCouponKey, null);
    }
  }

  function getState(): CartState {
    carryOver();
    const raw = read(cartStorageKey);
    const coupon = read(couponStorageKey);
    // useSyncExternalStore needs the same object while nothing changed.
    if (
      !snapshot ||
      snapshot.raw !== raw ||
      snapshot.coupon !== coupon ||
      snapshot.modalOpen !== modalOpen
    ) {
      const items = parseCart(raw);
      const stored = parseStoredCoupon(coupon);
      snapshot = {
        raw,
        coupon,
        modalOpen,
        state: {
          items,
          coupon: stored.coupon,
          uncheckedCoupon: stored.unchecked,
          modalOpen: modalOpen && items.length > 0,
        },
      };
    }
    return snapshot.state;
  }

  function subscribe(listener: () => void) {
    if (listeners.size === 0) target.addEventListener("storage", onStorage);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) target.removeEventListener("storage", onStorage);
    };
  }

  /** Adds the item once; true when it was added, false when it was already in the cart. */
  function add(item: CartItem): boolean {
    const result = addToCart(getState().items, item);
    if (!result.added) return false;
    write(cartStorageKey, JSON.stringify(result.items));
    notify();
    target.dispatchEvent(new CustomEvent("lyceum:add-to-cart", { detail: addToCartDetail(item) }));
    return true;
  }

  function remove(key: string) {
    const items = removeFromCart(getState().items, key);
    write(cartStorageKey, JSON.stringify(items));
    if (items.length === 0) modalOpen = false;
    notify();
  }

  /** Keeps a coupon the server accepted, or removes it (null); false when it is not one. */
  function setCoupon(coupon: CartCoupon | null): boolean {
    if (coupon === null) {
      write(couponStorageKey, null);
      notify();
      return true;
    }
    const parsed = parseCartCoupon(coupon);
    if (parsed === null) return false;
    write(couponStorageKey, JSON.stringify(parsed));
    notify();
    return true;
  }

  /** Empties the cart and its coupon (an order was placed). */
  function clear() {
    write(cartStorageKey, null);
    write(couponStorageKey, null);
    modalOpen = false;
    notify();
  }

  /**
   * The cart becomes exactly these lines, without a coupon (a funnel's checkout step sells
   * its own offer, decision 063).
   */
  function replace(items: CartItem[]) {
    write(cartStorageKey, JSON.stringify(items));
    write(couponStorageKey, null);
    modalOpen = false;
    notify();
  }

  /** Opens the cart modal when the cart has something in it; returns whether it opened. */
  function openModal(): boolean {
    if (getState().items.length === 0) return false;
    modalOpen = true;
    notify();
    return true;
  }

  function closeModal() {
    modalOpen = false;
    notify();
  }

  return { getState, subscribe, add, remove, setCoupon, clear, replace, openModal, closeModal };
}

export type CartStore = ReturnType<typeof createCartStore>;

let browserStore: CartStore | null = null;
function cartStore(): CartStore {
  browserStore ??= createCartStore({ storage: () => window.localStorage, target: window });
  return browserStore;
}

const subscribe = (listener: () => void) => cartStore().subscribe(listener);
const getSnapshot = () => cartStore().getState();
// The server and the hydrating client render "not known yet": nothing personal in the HTML.
const getServerSnapshot = () => null;

const emptyItems: CartItem[] = [];

// The same functions on every render, so effects and callbacks may depend on them.
const actions = {
  add: (item: CartItem) => cartStore().add(item),
  remove: (item: CartItem) => cartStore().remove(cartItemKey(item)),
  setCoupon: (coupon: CartCoupon | null) => cartStore().setCoupon(coupon),
  clear: () => cartStore().clear(),
  replace: (items: CartItem[]) => cartStore().replace(items),
  openModal: () => cartStore().openModal(),
  closeModal: () => cartStore().closeModal(),
};

/** The visitor's cart for components; `ready` turns true once the browser's copy has been read. */
export function useCart() {
  const state = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  return {
    ready: state !== null,
    items: state?.items ?? emptyItems,
    coupon: state?.coupon ?? null,
    uncheckedCoupon: state?.uncheckedCoupon ?? null,
    modalOpen: state?.modalOpen ?? false,
    ...actions,
  };
}
