// The payments feature's client-safe door: the managers' settings panel and the shapes the
// checkout and the dashboard read.
export * from "./components/payment-settings-panel";
export type * from "./payment-types";
export * from "./provider-shapes";
