import "@mantine/charts/styles.css";
import { Container } from "@mantine/core";
import { settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import { OrdersScreenView } from "~/features/orders/orders";
import {
  answerOrdersCommand,
  loadOrdersScreen,
  providerCancelFor,
} from "~/features/orders/orders.server";
import { paymentDepsContext } from "~/features/payments/payments.server";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/orders";

/** Scope 6 orders: a member's own orders and subscriptions, or a manager's shop view. */
export async function loader(args: Route.LoaderArgs) {
  const { lang } = args.context.get(servicesContext);
  return loadDashboardScreen(args, ["ordersScreen"], async (database, request) => {
    await openDashboardSection(database, request);
    const screen = await loadOrdersScreen(database, {
      account: request.account,
      viewer: request.viewer,
      search: new URL(args.request.url).searchParams,
    });
    return { screen, lang };
  });
}

/** Cancel a subscription at its period's end (the member's own, or any for a manager). */
export async function action(args: Route.ActionArgs) {
  return answerSettingsSave(args, async (database, request, body) => {
    await openDashboardSection(database, request);
    const providerCancel = providerCancelFor(args.context.get(paymentDepsContext));
    return answerOrdersCommand({ database, providerCancel }, { ...request, body });
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, { titleKey: "dashboard.sections.orders.title", fallback: "Orders" });
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  return (
    <Container size="xl" py="md">
      <OrdersScreenView screen={loaderData.screen} lang={loaderData.lang} />
    </Container>
  );
}
