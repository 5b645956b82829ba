import { Container } from "@mantine/core";
import { DashboardHome } from "~/features/dashboard/dashboard";
import { loadDashboardHome, loadDashboardScreen } from "~/features/dashboard/dashboard.server";
import type { Route } from "./+types/home";

export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["dashboardHome"], async (database, request) => ({
    name: request.viewer.membership?.name ?? request.viewer.user.name,
    home: await loadDashboardHome(database, request),
  }));
}

export function meta() {
  return [{ title: "Dashboard" }, { name: "robots", content: "noindex" }];
}

export default function DashboardIndex({ loaderData }: Route.ComponentProps) {
  return (
    <Container size="lg" py="md">
      <DashboardHome name={loaderData.name} home={loaderData.home} />
    </Container>
  );
}
