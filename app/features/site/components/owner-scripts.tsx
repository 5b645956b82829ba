import { useEffect } from "react";
import { useLocation } from "react-router";
import { documentPathname, injectOwnerHtml, ownerScriptsAllowed } from "../owner-scripts";

// Once per document: remounting the frame (an error boundary, a new route) must not run them twice.
let injected = false;

/**
 * The footer's custom scripts block (P13, `misc.scripts`): the owner's trusted HTML, run after
 * hydration on public pages only. When the visitor then moves within the app to a page where they
 * must not run (checkout, sign-in, dashboard), the page is loaded afresh without them; and the
 * other way round, so that the page's Content-Security-Policy is the one its path calls for.
 */
export function OwnerScripts({ html }: { html: string }) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!html.trim()) return;
    if (!ownerScriptsAllowed(pathname)) {
      if (injected) window.location.reload();
      return;
    }
    if (injected) return;
    // A document opened on the dashboard, sign-in or checkout has the strict policy, which
    // refuses the owner's scripts: this public page is loaded afresh, under its own policy.
    if (!ownerScriptsAllowed(documentPathname())) {
      window.location.reload();
      return;
    }
    injected = true;
    const host = document.createElement("div");
    host.dataset.ownerScripts = "";
    document.body.append(host);
    void injectOwnerHtml(html, host);
  }, [html, pathname]);
  return null;
}
