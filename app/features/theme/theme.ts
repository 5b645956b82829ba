// The theme's door (client-safe): its option, the part its editor saves, and the Mantine theme
// the site and dashboard are drawn with.
export * from "./theme-option";
export { ThemeEditor } from "./components/theme-editor";
export { accessibleColors, buildTheme } from "./mantine-theme";
export {
  SiteThemeProvider,
  SiteThemeStyle,
  platformTheme,
  siteTheme,
} from "./components/site-theme-provider";
