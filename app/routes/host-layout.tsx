import { pageLifetimeContext } from "~/platform/cache/page-lifetime";
import type { ReactNode } from "react";
import {
  Outlet,
  isRouteErrorResponse,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { tenantContext } from "~/features/accounts/accounts";
import { can } from "~/features/members/members.server";
import { SiteAnalytics } from "~/features/analytics/analytics";
import { viewerContext } from "~/features/members/members";
import { siteCacheContext } from "~/features/site/site.server";
import { UserArea } from "~/features/auth/auth";
import { SessionKeeperIsland, UserAreaIsland } from "~/features/auth/auth.islands";
import { CartIsland } from "~/features/cart/cart.islands";
import { SiteSearchIsland } from "~/features/search/search.islands";
import { AdminBarIsland } from "~/features/site/site.islands";
import { IslandPageData } from "~/platform/islands/island-page";
import { ErrorReporterMarker } from "~/features/client-errors/client-errors";
import { SiteFrame } from "~/features/site/site";
import { loadSiteChrome } from "~/features/site/site.server";
import { textFromMatches } from "~/platform/i18n/i18n";
import { servicesContext } from "~/platform/request-context";
import { ErrorScreen, errorScreenKeys } from "~/ui/error-screen";
import { SiteThemeProvider, platformTheme } from "~/features/theme/theme";
import { areaMessages } from "~/platform/i18n/area-messages.server";
import { PlatformFrame } from "~/features/platform-site/platform-site";
import { WebAppLinks } from "~/features/site-app/site-app";
import { PopupsIsland } from "~/features/popups/popups.islands";
import { visitorPopups } from "~/features/popups/popups.server";
import { secretBoxContext } from "~/platform/secret-box.server";
import type { Route } from "./+types/host-layout";

export async function loader({ context, request }: Route.LoaderArgs) {
  const tenant = context.get(tenantContext);
  const { database, lang } = context.get(servicesContext);
  if (tenant.kind !== "account") {
    return {
      kind: "platform" as const,
      year: new Date().getFullYear(),
      messages: areaMessages(lang, "platformFrame"),
    };
  }
  const chrome = await loadSiteChrome(
    database,
    tenant.account.accountId,
    context.get(siteCacheContext)?.options,
  );
  // P14: a cached copy of this page must not outlive the header notice's next start or end.
  context.get(pageLifetimeContext)?.until(chrome.staleAt);
  const viewer = context.get(viewerContext);
  const badge = viewer
    ? {
        id: viewer.user.id,
        name: viewer.user.name,
        avatar: viewer.membership?.avatar ?? viewer.user.image,
      }
    : null;
  // M5: the popups aimed at this page (none on the dashboard and the app's own screens).
  const { popups, closeLabel: popupClose } = await visitorPopups(
    { database, secretBox: context.get(secretBoxContext) },
    { accountId: tenant.account.accountId, url: new URL(request.url), lang },
  );
  return {
    kind: "site" as const,
    account: tenant.account,
    chrome,
    popups,
    popupClose,
    viewer: badge,
    // Signed-in requests never come from the page cache, so this never reaches a stranger.
    adminBar: can(viewer, "manage_options"),
    // The frame's strings, on the dashboard too: this loader does not run again on the way
    // from the dashboard back to the site.
    messages: areaMessages(lang, "siteFrame"),
  };
}

/** Error pages get a <title> too ("Page not found · Site"); pages set their own otherwise. */
export function meta({ error, matches }: Route.MetaArgs) {
  if (!error) return [];
  const root = matches[0]?.loaderData;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = textFromMatches(matches, errorScreenKeys(status).title) ?? String(status);
  return [{ title: root?.siteName ? `${title} · ${root.siteName}` : title }];
}

type LayoutData = Awaited<ReturnType<typeof loader>>;

function Frame({ data, children }: { data: LayoutData | undefined; children: ReactNode }) {
  const { pathname } = useLocation();
  if (data?.kind === "site") {
    const { theme } = data.chrome;
    // The dashboard has a frame of its own (routes/dashboard/layout.tsx), in the site's colours.
    const inDashboard = pathname === "/dashboard" || pathname.startsWith("/dashboard/");
    // The course player (issue 15) is a focused page with a slim bar of its own.
    const inPlayer = /^\/course\/[^/]+\/learn(\/|$)/.test(pathname);
    return (
      <SiteThemeProvider theme={theme}>
        <WebAppLinks account={data.account} primaryColor={theme.primaryColor} />
        {inDashboard || inPlayer ? (
          children
        ) : (
          <>
            {/* First: the others' errors are reported too. */}
            <ErrorReporterMarker accountId={data.account.accountId} />
            <IslandPageData theme={theme} pathname={pathname} />
            <SiteFrame
              account={data.account}
              chrome={data.chrome}
              // A visitor's buttons are plain links: no island, nothing to load (decision 048).
              userArea={
                data.viewer ? <UserAreaIsland viewer={data.viewer} /> : <UserArea viewer={null} />
              }
              viewer={data.viewer}
              cart={<CartIsland button />}
              search={<SiteSearchIsland accountId={data.account.accountId} />}
            >
              {children}
            </SiteFrame>
            {data.chrome.header?.header_cart === false ||
            pathname.includes("/checkout") ||
            pathname.startsWith("/f/") ? (
              <CartIsland button={false} />
            ) : null}
            {data.adminBar ? <AdminBarIsland accountId={data.account.accountId} /> : null}
          </>
        )}
        {data.viewer ? <SessionKeeperIsland /> : null}
      </SiteThemeProvider>
    );
  }
  return (
    <SiteThemeProvider theme={platformTheme}>
      {/* The console (the base domain's dashboard, decision 037) has its own frame too. */}
      {pathname === "/dashboard" || pathname.startsWith("/dashboard/") ? (
        children
      ) : (
        <PlatformFrame year={data?.kind === "platform" ? data.year : 2026}>
          {children}
        </PlatformFrame>
      )}
    </SiteThemeProvider>
  );
}

export default function HostLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Frame data={loaderData}>
      <Outlet />
      {loaderData.kind === "site" && loaderData.popups.length > 0 ? (
        <PopupsIsland popups={loaderData.popups} closeLabel={loaderData.popupClose} />
      ) : null}
      {loaderData.kind === "site" ? (
        <SiteAnalytics
          accountId={loaderData.account.accountId}
          tag={loaderData.chrome.analyticsTag}
        />
      ) : null}
    </Frame>
  );
}

/** Errors inside a site keep that site's header and footer. */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("routes/host-layout");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <Frame data={data}>
      <ErrorScreen status={status} />
    </Frame>
  );
}
