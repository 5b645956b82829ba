// The footer's door (client-safe): its option (the notice fields inside it belong to the notices
// feature), the part its editor saves, the editor and the public footer.
export * from "./footer-option";
export { FooterEditor } from "./components/footer-editor";
export { SiteFooter } from "./components/site-footer";
export * from "./footer-draft";
