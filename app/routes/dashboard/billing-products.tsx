import { PlatformPlansScreen } from "~/features/billing/billing";
import { loadPlatformPlans } from "~/features/billing/billing.server";
import { settingsMeta } from "~/features/dashboard/dashboard";
import { loadDashboardScreen, openDashboardSection } from "~/features/dashboard/dashboard.server";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/billing-products";

/** The console's `/dashboard/billing/products` (super-admins): the plans it sells, its providers. */
export async function loader(args: Route.LoaderArgs) {
  const { lang } = args.context.get(servicesContext);
  return loadDashboardScreen(args, ["billingConsole"], async (database, request) => {
    await openDashboardSection(database, request);
    return { plans: await loadPlatformPlans(database), lang };
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.products.title",
    fallback: "Plans",
  });
}

export default function BillingProducts({ loaderData }: Route.ComponentProps) {
  return <PlatformPlansScreen plans={loaderData.plans} lang={loaderData.lang} />;
}
