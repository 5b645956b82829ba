// The messages feature's door for routes and other features (issue 35, decision 065).
export * from "./message-shapes";
export { MessagesScreen } from "./components/messages-screen";
