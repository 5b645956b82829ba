import { Container } from "@mantine/core";
import { PLATFORM_ACCOUNT_ID } from "~/features/accounts/accounts.server";
import { ConsoleHomeView } from "~/features/console/console";
import { loadConsoleHome } from "~/features/console/console.server";
import { DashboardHome } from "~/features/dashboard/dashboard";
import { loadDashboardHome, loadDashboardScreen } from "~/features/dashboard/dashboard.server";
import type { Route } from "./+types/home";

export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["dashboardHome"], async (database, request) => ({
    name: request.viewer.membership?.name ?? request.viewer.user.name,
    // On the base domain the dashboard is the console (decision 037): the platform at a glance.
    home:
      request.account.accountId === PLATFORM_ACCOUNT_ID
        ? await loadConsoleHome(database, { viewer: request.viewer })
        : await loadDashboardHome(database, request),
  }));
}

export function meta() {
  return [{ title: "Dashboard" }, { name: "robots", content: "noindex" }];
}

export default function DashboardIndex({ loaderData }: Route.ComponentProps) {
  const { name, home } = loaderData;
  return (
    <Container size="lg" py="md">
      {home.kind === "console" ? (
        <ConsoleHomeView name={name} home={home} />
      ) : (
        <DashboardHome name={name} home={home} />
      )}
    </Container>
  );
}
