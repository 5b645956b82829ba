// The billing feature's client-safe door: the owner's billing screen and its shapes.
export { BillingScreen } from "./components/billing-screen";
export * from "./billing-shapes";
export { PlatformPlansScreen, type PlatformPlanRow } from "./components/platform-plans-screen";
export { PlatformOrdersExport } from "./components/platform-orders-export";
