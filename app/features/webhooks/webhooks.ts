// The webhooks feature's door for routes (issue 37, decision 085), client-safe.
export * from "./webhook-shapes";
export { WebhooksScreen } from "./components/webhooks-screen";
