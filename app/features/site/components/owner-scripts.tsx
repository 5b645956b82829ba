import { useEffect } from "react";
import { useLocation } from "react-router";
import { injectOwnerHtml, ownerScriptsAllowed } from "../owner-scripts";

// Once per document: remounting the frame (an error boundary, a new route) must not run them twice.
let injected = false;

/**
 * The footer's custom scripts block (P13, `misc.scripts`): the owner's trusted HTML, run after
 * hydration on public pages only. When the visitor then moves within the app to a page where they
 * must not run (checkout, sign-in, dashboard), the page is loaded afresh without them.
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
    injected = true;
    const host = document.createElement("div");
    host.dataset.ownerScripts = "";
    document.body.append(host);
    void injectOwnerHtml(html, host);
  }, [html, pathname]);
  return null;
}
