// The header's plain-DOM behaviour on a public page (decision 048): shadow and hide on scroll.
export { enhanceHeaderScroll } from "./header-scroll";
