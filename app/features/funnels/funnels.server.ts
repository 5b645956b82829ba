// The funnels feature's server door (issue 34, decision 063).
export { commandFunnels, listFunnels, loadFunnel } from "./funnel-records.server";
export {
  advanceFrom,
  convertUpsell,
  funnelCheckout,
  openStep,
  upsellStep,
  type Utm,
} from "./funnel-visits.server";
export { funnelReport } from "./funnel-report.server";
export { funnelLimit } from "./funnel-limit.server";
