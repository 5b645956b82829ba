import { Container } from "@mantine/core";
import { OwnersScreenView } from "~/features/console/console";
import { loadOwnersScreen } from "~/features/console/console.server";
import { settingsMeta } from "~/features/dashboard/dashboard";
import { loadDashboardScreen, openDashboardSection } from "~/features/dashboard/dashboard.server";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/console-owners";

/** M8 the site owners across the platform (super-admins only). */
export async function loader(args: Route.LoaderArgs) {
  const { lang } = args.context.get(servicesContext);
  return loadDashboardScreen(args, ["consoleScreens"], async (database, request) => {
    await openDashboardSection(database, request);
    const screen = await loadOwnersScreen(database, {
      viewer: request.viewer,
      search: new URL(args.request.url).searchParams,
    });
    return { screen, lang };
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, { titleKey: "dashboard.sections.owners.title", fallback: "Owners" });
}

export default function ConsoleOwners({ loaderData }: Route.ComponentProps) {
  return (
    <Container size="xl" py="md">
      <OwnersScreenView screen={loaderData.screen} lang={loaderData.lang} />
    </Container>
  );
}
