import { lazy } from "react";

// The dashboard's media screens, fetched by the screens that show them: the door also serves
// the public site (ResponsiveImage), whose pages must not carry the upload code in a shared chunk.
export const MediaLibraryScreen = lazy(() =>
  import("./media-library").then((module) => ({ default: module.MediaLibraryScreen })),
);
export const BunnySettings = lazy(() =>
  import("./bunny-settings").then((module) => ({ default: module.BunnySettings })),
);
