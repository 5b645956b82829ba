// The platform site's door (client-safe): the base domain's own pages, frame and sign-up.
export * from "./components/find-site";
export * from "./components/frame";
export * from "./components/home";
export * from "./components/platform-page";
export * from "./components/signup-page";
export * from "./platform-seo";
