// The funnels feature's door for routes and other features (issue 34, decision 063).
export * from "./funnel-shapes";
export {
  FUNNEL_VISITOR_COOKIE,
  deviceOf,
  funnelVisitorOf,
  funnelVisitorSetCookie,
} from "./funnel-visitor";
export { FunnelStepSection, type StepSection } from "./components/funnel-step-parts";
export { FunnelsScreen } from "./components/funnels-screen";
