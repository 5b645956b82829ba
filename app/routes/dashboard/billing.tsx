import { loadDashboardScreen, openDashboardSection } from "~/features/dashboard/dashboard.server";
import { answerSettingsSave } from "~/features/dashboard/dashboard.server";
import { settingsMeta } from "~/features/dashboard/dashboard";
import { BillingScreen } from "~/features/billing/billing";
import { buyPlan, loadBillingScreen } from "~/features/billing/billing.server";
import { paymentDepsContext } from "~/features/payments/payments.server";
import { jobQueueContext } from "~/platform/jobs/jobs-context.server";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/billing";

/** `/dashboard/billing` (the site's owner, C7): its plan, payment, meters, plans and invoices. */
export async function loader(args: Route.LoaderArgs) {
  const { pubsub, lang } = args.context.get(servicesContext);
  return loadDashboardScreen(args, ["billingScreen"], async (database, request) => {
    await openDashboardSection(database, request);
    const screen = await loadBillingScreen({ database, pubsub }, { account: request.account });
    return { screen, lang };
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.billing.title",
    fallback: "Billing",
  });
}

/** Upgrade: the platform's order for the plan, answered with where the browser goes to pay. */
export async function action(args: Route.ActionArgs) {
  return answerSettingsSave(args, async (database, request, body) => {
    await openDashboardSection(database, request);
    const { baseDomain } = args.context.get(servicesContext);
    const deps = {
      ...args.context.get(paymentDepsContext),
      database,
      jobs: args.context.get(jobQueueContext),
      baseDomain,
    };
    const origin = new URL(args.request.url).origin;
    const { url } = await buyPlan(deps, {
      viewer: request.viewer!,
      account: request.account,
      origin,
      body,
    });
    return { ok: true as const, url };
  });
}

export default function Billing({ loaderData }: Route.ComponentProps) {
  return <BillingScreen screen={loaderData.screen} lang={loaderData.lang} />;
}
