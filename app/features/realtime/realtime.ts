// The realtime feature's door (client-safe): what other features and routes may use.
export * from "./components/online-members-badge";
export * from "./use-realtime";
export type { ConversationSignal, GroupSignal } from "./protocol";
