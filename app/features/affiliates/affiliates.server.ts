// The affiliates feature's server door: what routes, the server and other features may use.
export { affiliateConsumer } from "./affiliate-commissions.server";
export {
  followReferralLink,
  noteReferredSignUp,
  recordReferredSignUp,
} from "./affiliate-links.server";
export { commandAffiliates, commandMemberAffiliate } from "./affiliate-records.server";
export { loadAffiliatesScreen, loadMemberAffiliate } from "./affiliate-reads.server";
export { payoutsCsv } from "./payouts-csv.server";
export { affiliateProgrammeOpen } from "./programme-open.server";
