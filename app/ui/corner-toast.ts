import type { CSSProperties } from "react";

/** A notification pinned to the end corner of the screen, above the page (saved, signed out). */
export const cornerToastStyle: CSSProperties = {
  position: "fixed",
  insetInlineEnd: "var(--mantine-spacing-md)",
  bottom: "var(--mantine-spacing-md)",
  zIndex: 1000,
  maxWidth: "min(420px, calc(100vw - 2 * var(--mantine-spacing-md)))",
};
