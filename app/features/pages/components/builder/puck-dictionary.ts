import type { Dictionary } from "@puckeditor/core";
import type { TFunction } from "i18next";

/**
 * Puck's own interface words that this builder shows, in the editor's language (its
 * `dictionary` prop). Left out, as never shown here: the header's (hidden: saving is ours), the
 * viewport controls' (iframe only), Puck's array, external and rich-text fields' (ours replace
 * them), the read-only mark (no field is read-only) and the legacy sidebar's.
 */
const words = {
  "action-selectparent": "selectParent",
  "action-duplicate": "duplicate",
  "action-delete": "delete",
  "label-page": "page",
  "label-component": "block",
  "outline-empty": "outlineEmpty",
  "outline-item-collapse": "collapse",
  "outline-item-expand": "expand",
  "outline-header-title": "outline",
  "outline-header-collapseall": "collapseAll",
  "outline-item-duplicate": "duplicate",
  "outline-item-delete": "delete",
  "drawer-category-collapse": "categoryCollapse",
  "drawer-category-expand": "categoryExpand",
  "drawer-category-other": "categoryOther",
  "canvas-noconfig": "unknownBlock",
  "plugin-blocks": "blocks",
  "plugin-outline": "outline",
  "plugin-fields": "fields",
  "layout-maximize": "maximize",
  "layout-minimize": "minimize",
  "loader-loading": "loading",
} as const;

/** Puck fills `{title}` and `{type}` itself: i18next hands them through as they are. */
const puckTokens = { title: "{title}", type: "{type}" };

export function puckDictionary(t: TFunction): Dictionary {
  return Object.fromEntries(
    Object.entries(words).map(([key, name]) => [key, t(`pages.puck.${name}`, puckTokens)]),
  );
}
