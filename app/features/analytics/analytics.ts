// The analytics feature's door (client-safe): what other features and routes may use.
export * from "./components/site-analytics";
export * from "./tracker";
export * from "./validation";
