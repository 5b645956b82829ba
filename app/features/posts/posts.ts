// The posts feature's door (client-safe): what other features and routes may use.
export * from "./components/blog-screen";
export * from "./components/post-grid";
export * from "./components/post-screen";
