import { Container } from "@mantine/core";
import { AuditScreenView } from "~/features/console/console";
import { loadAuditScreen } from "~/features/console/console.server";
import { settingsMeta } from "~/features/dashboard/dashboard";
import { loadDashboardScreen, openDashboardSection } from "~/features/dashboard/dashboard.server";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/console-audit";

/** M8 the console's audit log (super-admins only). */
export async function loader(args: Route.LoaderArgs) {
  const { lang } = args.context.get(servicesContext);
  return loadDashboardScreen(args, ["consoleScreens"], async (database, request) => {
    await openDashboardSection(database, request);
    const screen = await loadAuditScreen(database, {
      viewer: request.viewer,
      search: new URL(args.request.url).searchParams,
    });
    return { screen, lang };
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.audit.title",
    fallback: "Audit log",
  });
}

export default function ConsoleAudit({ loaderData }: Route.ComponentProps) {
  return (
    <Container size="xl" py="md">
      <AuditScreenView screen={loaderData.screen} lang={loaderData.lang} />
    </Container>
  );
}
