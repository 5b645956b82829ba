// Site analytics on a public page without React (decision 048): page view, consent, cart and
// purchase events, the owner's tag.
export { enhanceSiteAnalytics } from "./site-tracking";
