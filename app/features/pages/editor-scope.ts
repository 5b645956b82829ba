/**
 * Whose pages a builder screen edits: the host site's pages and docs (`/dashboard/pages`), or
 * the platform's own docs (`/dashboard/docs`, super-admins only; decision 029). The screens
 * and use cases are the same; their addresses and the platform's docs-only rule differ.
 */
export type EditorScope = "site" | "platform";

export const editorPaths: Record<EditorScope, string> = {
  site: "/dashboard/pages",
  platform: "/dashboard/docs",
};

/** The scope of a dashboard path (a client navigation's `.data` suffix included). */
export const editorScopeOf = (pathname: string): EditorScope =>
  /^\/dashboard\/docs(?:[/.]|$)/.test(pathname) ? "platform" : "site";
