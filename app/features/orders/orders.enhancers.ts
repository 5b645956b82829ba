// The orders' plain-DOM behaviour on a public page (decision 048): the thank-you page's
// reference, read from the address.
export { enhanceOrderReference } from "./order-reference";
