// The cart feature's door (client-safe): what other features and routes may use.
export * from "./components/add-to-cart-button";
export * from "./components/cart-button";
export * from "./components/cart-modal";
export * from "./components/cart-summary";
export * from "./components/coupon-box";
export * from "./currencies";
export * from "./money";
export { useCart, type CartState } from "./cart-store";
export type { CartCoupon, CartFrequency, CartItem } from "./validation";
