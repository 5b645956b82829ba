// The marketing feature's door (client-safe): what other features and routes may use.
export * from "./components/features";
export * from "./components/find-site";
export * from "./components/frame";
export * from "./components/home";
export * from "./components/pricing";
export * from "./components/product";
export * from "./components/signup-page";
export * from "./components/use-cases";
export * from "./platform-seo";
