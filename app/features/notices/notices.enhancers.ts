// The header notice's plain-DOM behaviour on a public page (decision 048): its dismissal.
export { enhanceHeaderNotice } from "./header-notice-dismissal";
