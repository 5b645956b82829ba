// The media library's door (client-safe): its facts and types, the public site's responsive
// image, and the dashboard's pieces. The picker is loaded on demand, so a page that only shows
// images never downloads the dashboard's upload code.
import { lazy } from "react";

export * from "./media-types";
export { ResponsiveImage } from "./components/responsive-image";
export { MediaLibraryScreen } from "./components/media-library";
export { BunnySettings, type BunnyCredsView } from "./components/bunny-settings";
export type { MediaPickerProps } from "./components/media-picker";
export type { LibraryAnswer } from "./components/media-client";

/** The library picker (a modal): opened, onClose, onPick(file), kind. Render inside Suspense. */
export const MediaPicker = lazy(() => import("./components/media-picker"));
