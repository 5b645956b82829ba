import { MantineProvider } from "@mantine/core";
import type { ReactNode } from "react";
import { Outlet, isRouteErrorResponse, useRouteError, useRouteLoaderData } from "react-router";
import { tenantContext } from "~/features/accounts/tenant";
import { can } from "~/features/members/members.server";
import { loadAnalyticsSettings } from "~/features/analytics/analytics.server";
import { SiteAnalytics } from "~/features/analytics/components/site-analytics";
import { viewerContext } from "~/features/members/viewer-context";
import { AdminBar } from "~/features/site/components/admin-bar";
import { siteCacheContext } from "~/features/site/site-cache.server";
import { SessionKeeper } from "~/features/auth/components/session-keeper";
import { UserArea } from "~/features/auth/components/user-area";
import { SiteFrame } from "~/features/site/components/site-frame";
import { loadSiteChrome } from "~/features/site/site.server";
import { servicesContext } from "~/platform/request-context";
import { ErrorScreen } from "~/ui/error-screen";
import { buildTheme, colorSchemeManager } from "~/ui/theme";
import { PlatformFrame } from "./platform/frame";
import type { Route } from "./+types/host-layout";

export async function loader({ context }: Route.LoaderArgs) {
  const tenant = context.get(tenantContext);
  if (tenant.kind !== "account")
    return { kind: "platform" as const, year: new Date().getFullYear() };
  const { database } = context.get(servicesContext);
  const [chrome, analytics] = await Promise.all([
    loadSiteChrome(database, tenant.account.accountId, context.get(siteCacheContext)?.options),
    loadAnalyticsSettings(database, tenant.account.accountId),
  ]);
  const viewer = context.get(viewerContext);
  const badge = viewer
    ? { name: viewer.user.name, avatar: viewer.membership?.avatar ?? viewer.user.image }
    : null;
  return {
    kind: "site" as const,
    account: tenant.account,
    chrome,
    viewer: badge,
    analytics,
    // Signed-in requests never come from the page cache, so this never reaches a stranger.
    adminBar: can(viewer, "manage_options"),
  };
}

type LayoutData = Awaited<ReturnType<typeof loader>>;

function Frame({ data, children }: { data: LayoutData | undefined; children: ReactNode }) {
  if (data?.kind === "site") {
    const { theme } = data.chrome;
    return (
      <MantineProvider
        theme={buildTheme(theme)}
        defaultColorScheme="auto"
        colorSchemeManager={colorSchemeManager}
      >
        <SiteFrame
          account={data.account}
          chrome={data.chrome}
          userArea={<UserArea viewer={data.viewer} />}
        >
          {children}
        </SiteFrame>
        {data.viewer ? <SessionKeeper /> : null}
        {data.adminBar ? <AdminBar accountId={data.account.accountId} /> : null}
      </MantineProvider>
    );
  }
  return (
    <MantineProvider
      theme={buildTheme({ primaryColor: "violet" })}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      <PlatformFrame year={data?.kind === "platform" ? data.year : 2026}>{children}</PlatformFrame>
    </MantineProvider>
  );
}

export default function HostLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Frame data={loaderData}>
      <Outlet />
      {loaderData.kind === "site" ? (
        <SiteAnalytics accountId={loaderData.account.accountId} tag={loaderData.analytics.tag} />
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
