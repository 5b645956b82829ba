// The memberships feature's client-safe door: the members-only call to action and the levels' screen.
export * from "./components/members-only";
export * from "./membership-shapes";
export * from "./components/memberships-screen";
