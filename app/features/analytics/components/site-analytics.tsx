import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router";
import { useIslandDocument } from "~/platform/islands/island";
import {
  countPageView,
  listenForSiteEvents,
  trackedPage,
  type TrackedPage,
} from "../site-tracking";

/**
 * Public-site analytics, mounted once in the site frame (site-tracking.ts does the work). Renders
 * nothing personal, so nothing of it reaches a cached page: in the app nothing at all; on an
 * island page (decision 048) a hidden marker for its enhancer, with the account and the tag.
 */
export function SiteAnalytics({ accountId, tag }: { accountId: string; tag: string | null }) {
  const islands = useIslandDocument();
  const { pathname, search } = useLocation();
  const page = useRef<TrackedPage>(null);
  page.current ??= trackedPage({ pathname, search });

  // A layout effect: listening before any page's own effects run, since the thank-you page may
  // fire its purchase from its first effect, before this (outer) component's effects would.
  useLayoutEffect(() => listenForSiteEvents({ accountId, tag }, page.current!), [accountId, tag]);

  useEffect(() => {
    countPageView({ accountId, tag }, page.current!, { pathname, search });
  }, [accountId, tag, pathname, search]);

  if (!islands) return null;
  return (
    <div hidden data-enhance="site-analytics" data-account-id={accountId} data-tag={tag ?? ""} />
  );
}
