// The pages feature's door (client-safe): what other features and routes may use.
export * from "./components/docs-layout";
export * from "./components/page-blocks";
