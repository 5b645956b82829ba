import { MantineProvider } from "@mantine/core";
import type { ReactNode } from "react";
import { Outlet, isRouteErrorResponse, useRouteError, useRouteLoaderData } from "react-router";
import { tenantContext } from "~/features/accounts/tenant";
import { viewerContext } from "~/features/members/viewer-context";
import { SessionKeeper } from "~/features/auth/components/session-keeper";
import { UserArea } from "~/features/auth/components/user-area";
import { CartButton } from "~/features/cart/components/cart-button";
import { CartModal } from "~/features/cart/components/cart-modal";
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
  const chrome = await loadSiteChrome(database, tenant.account.accountId);
  const viewer = context.get(viewerContext);
  const badge = viewer
    ? { name: viewer.user.name, avatar: viewer.membership?.avatar ?? viewer.user.image }
    : null;
  return { kind: "site" as const, account: tenant.account, chrome, viewer: badge };
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
          cart={<CartButton />}
        >
          {children}
        </SiteFrame>
        <CartModal />
        {data.viewer ? <SessionKeeper /> : null}
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
