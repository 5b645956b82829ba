// The courses feature's door (client-safe): what other features and routes may use.
export * from "./price";
