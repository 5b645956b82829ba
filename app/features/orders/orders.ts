// The orders feature's client door: what routes and other features may render.
export { CheckoutScreen } from "./components/checkout-screen";
export { OrderThanks } from "./components/order-thanks";
export { OrderReference } from "./components/order-reference";
export { openRazorpayModal } from "./components/razorpay-modal";
export * from "./order-shapes";
export { OrdersScreenView } from "./components/orders-screen";
export { moneyIn, OrderStatusBadge, SubscriptionStatusBadge } from "./components/order-format";
// The one date formatter is the platform's; billing's screens still take it from this door.
export { dateIn } from "~/platform/i18n/formats";
