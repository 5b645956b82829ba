// The notifications feature's door (client-safe): what other features and routes may use.
export * from "./components/chat-bell";
export * from "./components/notifications-bell";
export * from "./components/notifications-history";
