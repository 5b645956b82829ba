import { redirect, type RouterContextProvider } from "react-router";
import type { Viewer } from "~/features/members/members.server";
import { viewerContext } from "~/features/members/viewer-context";

/** A page only for signed-in people: anyone else goes to /login and comes back after. */
export function requireViewer({
  context,
  request,
}: {
  context: Readonly<RouterContextProvider>;
  request: Request;
}): Viewer {
  const viewer = context.get(viewerContext);
  if (viewer) return viewer;
  const url = new URL(request.url);
  throw redirect(`/login?redirectedFrom=${encodeURIComponent(url.pathname + url.search)}`);
}

/** Where to go after signing in: only a path on this site, never another origin. */
export function safeRedirect(
  target: string | null | undefined,
  fallback = "/dashboard/profile",
): string {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\"))
    return fallback;
  return target;
}
