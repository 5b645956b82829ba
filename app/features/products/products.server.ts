// The products feature's server door: the managers' use cases, the public catalogue, and the
// commerce doors of issue 16's contract (priceCartLines, grantProducts, revokeProducts).
export * from "./cart-pricing.server";
export * from "./product-grants.server";
export * from "./product-editor.server";
export * from "./product-catalogue.server";
export { productCurrencies } from "./currencies.server";
export type { ProductKind, BillingKind, BillingInterval } from "./product-shapes";
export * from "./product-commands.server";
// The request schemas the API parses with, for its description (features/api-keys, decision 086).
export { productCreateSchema, productInputSchema, productListQuerySchema } from "./validation";
