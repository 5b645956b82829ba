// The coupons feature's client-safe door: the manager's panel and the shapes it shows.
export * from "./components/coupons-panel";
export * from "./coupon-shapes";
