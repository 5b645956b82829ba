import { Container } from "@mantine/core";
import { authContext } from "~/features/auth/auth";
import { AccountsScreenView } from "~/features/console/console";
import { answerConsoleCommand, loadAccountsScreen } from "~/features/console/console.server";
import { settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/console-accounts";

/** M8 the platform's sites (super-admins only: the sections registry, then the use case). */
export async function loader(args: Route.LoaderArgs) {
  const { lang, baseDomain } = args.context.get(servicesContext);
  return loadDashboardScreen(args, ["consoleScreens"], async (database, request) => {
    await openDashboardSection(database, request);
    const screen = await loadAccountsScreen(database, {
      ...request,
      search: new URL(args.request.url).searchParams,
      place: { baseDomain, like: args.request.url },
    });
    return { screen, lang };
  });
}

/** Suspend, restore, switch features, open the site's dashboard as its owner. */
export async function action(args: Route.ActionArgs) {
  const { baseDomain } = args.context.get(servicesContext);
  const { facts } = args.context.get(authContext);
  return answerSettingsSave(args, async (database, request, body) => {
    await openDashboardSection(database, request);
    return answerConsoleCommand(
      { database, caches: request.caches },
      {
        ...request,
        body,
        clientIp: facts.clientIp,
        place: { baseDomain, like: args.request.url },
      },
    );
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.accounts.title",
    fallback: "Accounts",
  });
}

export default function ConsoleAccounts({ loaderData }: Route.ComponentProps) {
  return (
    <Container size="xl" py="md">
      <AccountsScreenView screen={loaderData.screen} lang={loaderData.lang} />
    </Container>
  );
}
