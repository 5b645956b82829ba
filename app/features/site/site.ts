// The site frame's door (client-safe): the options it owns (the owner's scripts and analytics
// tag; the free-form settings), the frame around every public page and its parts.
export * from "./site-option";
export * from "./cacheable-pages";
export * from "./consent";
export { editTargetFor } from "./admin-targets";
export { AdminBar } from "./components/admin-bar";
export { FooterScriptsEditor } from "./components/footer-scripts";
export { SiteFrame } from "./components/site-frame";
export { ownerScriptsAllowed } from "./owner-scripts";
export * from "./components/subscribed-screen";
export * from "./components/thank-you-screen";
export * from "./components/site-home";
export * from "./seo";
export * from "./structured-data";
/** The class names of a site's forms (their markup is the forms feature's; the styles ride with the frame). */
export { default as siteFormClasses } from "./components/site-forms.module.css";
