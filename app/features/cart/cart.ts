// The cart feature's door (client-safe): what other features and routes may use.
export * from "./components/add-to-cart-button";
export * from "./components/cart-button";
export * from "./components/cart-modal";
export * from "./components/checkout-view";
export * from "./money";
