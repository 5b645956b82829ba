// The memberships feature's server door: issue 16's one access engine (canAccess and its list
// helpers), holding and releasing levels (products' grants, managers' hand), and the levels'
// screens.
export * from "./access.server";
export * from "./content-gate.server";
export * from "./holdings.server";
export * from "./levels.server";
export * from "./lapsed-holdings.server";
