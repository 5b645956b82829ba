// The plans feature's door (client-safe): what other features and routes may use.
export * from "./entitlements";
export * from "./validation";
