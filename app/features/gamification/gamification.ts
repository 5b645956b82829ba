// The gamification feature's door (client-safe): what other features and routes may use.
export * from "./components/gamification-overlay";
export * from "./points";
export { addGamificationMessage } from "./overlay-store";
