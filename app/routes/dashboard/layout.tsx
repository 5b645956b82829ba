import { Box } from "@mantine/core";
import { isRouteErrorResponse, Outlet, useRouteError, useRouteLoaderData } from "react-router";
import { accountMemo } from "~/features/accounts/accounts.server";
import { DashboardShell } from "~/features/dashboard/dashboard";
import { loadDashboardScreen, loadDashboardShell } from "~/features/dashboard/dashboard.server";
import { GamificationOverlay } from "~/features/gamification/gamification";
import { ChatBell } from "~/features/notifications/notifications";
import { NotificationsBell } from "~/features/notifications/notifications";
import { OnlineMembersBadge } from "~/features/realtime/realtime";
import { RealtimeProvider } from "~/features/realtime/realtime";
import { siteCacheContext } from "~/features/site/site.server";
import { ErrorScreen } from "~/ui/error-screen";
import type { Route } from "./+types/layout";

// The shell's strings come before the dashboard renders, also on a client-side navigation
// from the site.
export async function loader(args: Route.LoaderArgs) {
  const remember = accountMemo(args.context, args.context.get(siteCacheContext)?.remember);
  return loadDashboardScreen(
    args,
    ["dashboardShell"],
    async (database, request) => ({
      shell: await loadDashboardShell(database, request, remember),
    }),
    { anyPath: true },
  );
}

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

/** D11 D12: who is online (wide screens), chat and notifications, live over the socket. */
function LiveControls() {
  return (
    <>
      <Box visibleFrom="sm" data-tour="online">
        <OnlineMembersBadge />
      </Box>
      <ChatBell />
      <Box data-tour="notifications">
        <NotificationsBell />
      </Box>
    </>
  );
}

/** Every /dashboard screen inside the shell: sidebar, top bar, the viewer's menus. */
export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  // The platform's console: no socket, no gamification (nobody is a member there).
  if (!loaderData.shell.live)
    return (
      <DashboardShell shell={loaderData.shell}>
        <Outlet />
      </DashboardShell>
    );
  return (
    <RealtimeProvider>
      <DashboardShell shell={loaderData.shell} topBar={<LiveControls />}>
        <Outlet />
        <GamificationOverlay />
      </DashboardShell>
    </RealtimeProvider>
  );
}

/** A screen that may not be opened (403) or does not exist (404) still sits in the shell. */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("routes/dashboard/layout");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const screen = <ErrorScreen status={status} />;
  return data ? <DashboardShell shell={data.shell}>{screen}</DashboardShell> : screen;
}
