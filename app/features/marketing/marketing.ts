// The marketing feature's door (client-safe): what other features and routes may use.
export * from "./components/find-site";
export * from "./components/frame";
export * from "./components/home";
export * from "./components/marketing-page";
export * from "./components/signup-page";
export * from "./platform-seo";
