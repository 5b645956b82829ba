// The media library's door (client-safe): its facts and types, the public site's responsive
// image, and the dashboard's pieces, each loaded on demand (render them inside Suspense): a page
// that only shows images never downloads the dashboard's upload code.
export * from "./media-types";
export { ResponsiveImage } from "./components/responsive-image";
export { BunnySettings, MediaLibraryScreen } from "./components/media-screens-lazy";
export type { BunnyCredsView } from "./components/bunny-settings";
export type { MediaPickerProps } from "./components/media-picker";
export type { LibraryAnswer } from "./components/media-client";
export { MediaPicker } from "./components/media-picker-lazy";
