// The notices' door (client-safe): the header notice (stored in the header option) and the footer
// notice (in the footer option), the parts their editors save, and when a header notice shows.
export * from "./notices-option";
export { HeaderNotice } from "./components/header-notice";
export { NoticesSection } from "./components/notices-section";
