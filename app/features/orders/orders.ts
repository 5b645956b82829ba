// The orders feature's client door: what routes and other features may render.
export { CheckoutScreen } from "./components/checkout-screen";
export { OrderThanks } from "./components/order-thanks";
export * from "./order-shapes";
export { OrdersScreenView } from "./components/orders-screen";
export {
  dateIn,
  moneyIn,
  OrderStatusBadge,
  SubscriptionStatusBadge,
} from "./components/order-format";
