import { redirect, type RouterContextProvider } from "react-router";
import type { Viewer } from "~/features/members/members.server";
import { viewerContext } from "~/features/members/members";
import { tenantContext } from "~/features/accounts/accounts";

/**
 * A page only for signed-in people: anyone else goes to /login and comes back after (on the
 * base domain, to the staff's sign-in: the console is all it has behind one).
 */
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
  const staff = context.get(tenantContext).kind === "platform" ? "staff=1&" : "";
  throw redirect(`/login?${staff}redirectedFrom=${encodeURIComponent(url.pathname + url.search)}`);
}

const probeOrigin = "http://site.invalid";

/**
 * Where to go after signing in: only a path on this site, never another origin. The target is
 * parsed the way a browser will read it (tabs and newlines dropped, `\\` as `/`), so
 * `/%09/evil.example` or `/\\evil.example` cannot become `//evil.example`.
 */
export function safeRedirect(
  target: string | null | undefined,
  fallback = "/dashboard/profile",
): string {
  if (!target || !target.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(target, probeOrigin);
  } catch {
    return fallback;
  }
  if (url.origin !== probeOrigin) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // What we hand back is read again as a URL: it must still be a path, not `//host`.
  return path.startsWith("//") ? fallback : path;
}
