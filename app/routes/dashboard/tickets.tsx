import { Container } from "@mantine/core";
import { settingsMeta } from "~/features/dashboard/dashboard";
import { loadDashboardScreen, openDashboardSection } from "~/features/dashboard/dashboard.server";
import { TicketsScreenView } from "~/features/tickets/tickets";
import { loadTicketsScreen } from "~/features/tickets/tickets.server";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/tickets";

/** Issue 17 scope 6: the owner's support tickets, or the platform's queue for super-admins. */
export async function loader(args: Route.LoaderArgs) {
  const { lang } = args.context.get(servicesContext);
  return loadDashboardScreen(args, ["ticketsScreen"], async (database, request) => {
    await openDashboardSection(database, request);
    const screen = await loadTicketsScreen(database, {
      account: request.account,
      viewer: request.viewer,
      search: new URL(args.request.url).searchParams,
    });
    return { screen, lang };
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.tickets.title",
    fallback: "Support",
  });
}

export default function Tickets({ loaderData }: Route.ComponentProps) {
  return (
    <Container size="xl" py="md">
      <TicketsScreenView screen={loaderData.screen} lang={loaderData.lang} />
    </Container>
  );
}
