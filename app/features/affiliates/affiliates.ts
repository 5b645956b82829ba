// The affiliates feature's client door: what routes and other features may render or read.
export * from "./referral-cookie";
export * from "./affiliate-shapes";
