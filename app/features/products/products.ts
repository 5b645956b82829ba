// The products feature's client-safe door: the public product pieces and the managers' screens.
export * from "./components/offer-price";
export * from "./components/product-cards";
export * from "./pricing";
export * from "./product-shapes";
export * from "./components/products-screen";
export * from "./components/product-editor";
export * from "./components/product-buy";
export * from "./components/product-screen";
export type { OfferPrice } from "./product-catalogue.server";
