// The header's door (client-safe): its option (the notices inside it belong to the notices
// feature), the part its editor saves, the logo settings, the editors and the public header.
export * from "./header-option";
export * from "./branding-validation";
export { HeaderPreview, MobilePreview } from "./components/header-previews";
export { HeaderSettingsForm } from "./components/header-settings-form";
export { LogoSettings } from "./components/logo-settings";
export { SiteHeader } from "./components/site-header";
export { SiteLogo } from "./components/site-logo";
