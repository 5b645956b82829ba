import { lazy } from "react";

/**
 * The library picker (a modal: opened, onClose, onPick(file), kind), fetched when first shown:
 * the editors that offer it do not carry the upload code until someone opens it. Render it
 * inside Suspense.
 */
export const MediaPicker = lazy(() => import("./media-picker"));
