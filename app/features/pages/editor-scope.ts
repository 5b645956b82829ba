/**
 * Whose pages a builder screen edits: the host site's pages and docs (`/dashboard/pages`), the
 * platform's own docs (`/dashboard/docs`, super-admins only; decision 029), or on the base
 * domain, whose dashboard runs as the platform account, the platform's plain pages
 * (`/dashboard/pages` there: pages only, its docs staying at `/dashboard/docs`). The screens
 * and use cases are the same; their addresses and each platform scope's one kind differ.
 */
export type EditorScope = "site" | "platform" | "platformPages";

export const editorPaths: Record<EditorScope, string> = {
  site: "/dashboard/pages",
  platform: "/dashboard/docs",
  platformPages: "/dashboard/pages",
};

/** The one kind a platform scope holds (no tabs, no choice of kind); null: both, a site's. */
export const scopeKind = (scope: EditorScope): "doc" | "page" | null =>
  scope === "platform" ? "doc" : scope === "platformPages" ? "page" : null;

/**
 * The scope of a dashboard path (a client navigation's `.data` suffix included); the base
 * domain's platformPages is told by the account (editorPlaceOf), the path alone says "site".
 */
export const editorScopeOf = (pathname: string): EditorScope =>
  /^\/dashboard\/docs(?:[/.]|$)/.test(pathname) ? "platform" : "site";
