import { Container } from "@mantine/core";
import { settingsMeta } from "~/features/dashboard/dashboard";
import { loadDashboardScreen, openDashboardSection } from "~/features/dashboard/dashboard.server";
import { TicketThreadView } from "~/features/tickets/tickets";
import { loadTicketThread, supportDeskContext } from "~/features/tickets/tickets.server";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/ticket";

/** Issue 17 scope 6: a ticket's thread, for the site's owner or the platform's desk. */
export async function loader(args: Route.LoaderArgs) {
  const { lang } = args.context.get(servicesContext);
  const { superAdminEmails } = args.context.get(supportDeskContext);
  return loadDashboardScreen(args, ["ticketsScreen"], async (database, request) => {
    await openDashboardSection(database, request);
    const screen = await loadTicketThread(database, {
      account: request.account,
      viewer: request.viewer,
      ticketId: args.params.id,
      search: new URL(args.request.url).searchParams,
      superAdminEmails,
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

export default function Ticket({ loaderData }: Route.ComponentProps) {
  return (
    <Container size="lg" py="md">
      <TicketThreadView screen={loaderData.screen} lang={loaderData.lang} />
    </Container>
  );
}
