// The Members screen's door for routes (issue 35), client-safe.
export * from "./member-shapes";
export { MembersScreen } from "./components/members-screen";
export { MemberScreen } from "./components/member-screen";
