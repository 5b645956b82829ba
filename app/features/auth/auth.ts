// The auth feature's door (client-safe): what other features and routes may use.
export * from "./auth-context";
export * from "./client";
export * from "./components/change-email";
export * from "./components/change-password";
export * from "./components/form-parts";
export * from "./components/login-form";
export * from "./components/reset-password-form";
export * from "./components/session-keeper";
export * from "./components/sessions-list";
export * from "./components/signup-form";
export * from "./components/two-factor-settings";
export * from "./components/user-area";
export * from "./request-headers";
export { EmbeddedAuthCards } from "./components/auth-card";
