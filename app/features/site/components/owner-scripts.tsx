import { useEffect } from "react";
import { useLocation } from "react-router";
import { useIslandDocument } from "~/platform/islands/island";
import {
  documentPathname,
  ownerScriptsAllowed,
  ownerScriptsRan,
  runOwnerScripts,
} from "../owner-scripts";

/**
 * The footer's custom scripts block (P13, `misc.scripts`): the owner's trusted HTML, run after
 * hydration on public pages only. When the visitor then moves within the app to a page where they
 * must not run (checkout, sign-in, dashboard), the page is loaded afresh without them; and the
 * other way round, so that the page's Content-Security-Policy is the one its path calls for.
 * An island page (decision 048) carries the HTML in a hidden marker for its enhancer instead.
 */
export function OwnerScripts({ html }: { html: string }) {
  const islands = useIslandDocument();
  const { pathname } = useLocation();
  useEffect(() => {
    if (!html.trim()) return;
    if (!ownerScriptsAllowed(pathname)) {
      if (ownerScriptsRan()) window.location.reload();
      return;
    }
    if (ownerScriptsRan()) return;
    // A document opened on the dashboard, sign-in or checkout has the strict policy, which
    // refuses the owner's scripts: this public page is loaded afresh, under its own policy.
    if (!ownerScriptsAllowed(documentPathname())) {
      window.location.reload();
      return;
    }
    runOwnerScripts(html);
  }, [html, pathname]);
  if (!islands || !html.trim() || !ownerScriptsAllowed(pathname)) return null;
  return <div hidden data-enhance="owner-scripts" data-html={html} />;
}
