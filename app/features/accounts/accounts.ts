// The accounts feature's door (client-safe): the tenant a request is for, an account's public
// view and its settings' schemas.
export * from "./custom-domain";
export * from "./site-origin";
export * from "./tenant";
export * from "./validation";
