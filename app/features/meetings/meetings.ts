// The meetings feature's door for routes (issue 36), client-safe.
export * from "./meeting-shapes";
export { MeetingsScreen } from "./components/meetings-screen";
