// The API keys feature's client-safe door: the owner's screen and the scopes (decision 086).
export * from "./scopes";
export { ApiKeysScreen } from "./components/api-keys-screen";
