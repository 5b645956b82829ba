// The affiliates feature's client door: what routes and other features may render or read.
export * from "./referral-cookie";
export * from "./affiliate-shapes";
export { AffiliatesScreen } from "./components/affiliates-screen";
export { AffiliateMemberScreen } from "./components/affiliate-member-screen";
export { AFFILIATES_SCREEN_PATH, PAYOUTS_CSV_PATH } from "./components/affiliate-words";
