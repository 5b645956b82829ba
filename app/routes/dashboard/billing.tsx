import { loadDashboardScreen, openDashboardSection } from "~/features/dashboard/dashboard.server";
import { answerSettingsSave } from "~/features/dashboard/dashboard.server";
import { settingsMeta } from "~/features/dashboard/dashboard";
import { BillingScreen } from "~/features/billing/billing";
import { billingCommand, loadBillingScreen } from "~/features/billing/billing.server";
import { paymentDepsContext } from "~/features/payments/payments.server";
import { jobQueueContext } from "~/platform/jobs/jobs-context.server";
import { servicesContext } from "~/platform/request-context";
import { redirectDocument } from "react-router";
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

/**
 * The platform's order for a plan, answered with how the browser pays (a provider's page,
 * Razorpay's modal, or the bank transfer's instructions on this screen); Razorpay's answer;
 * a bank transfer withdrawn.
 */
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
    const answer = await billingCommand(deps, {
      viewer: request.viewer!,
      account: request.account,
      origin,
      body,
    });
    // Where the browser goes next (a provider's page, or back here with the outcome) is a
    // redirect the router follows as a document load: a screen's effect reading the answer
    // missed it in about one CI run in three, the plan changed and the page stayed put.
    if ("url" in answer) throw redirectDocument(answer.url);
    return { ok: true as const, ...answer };
  });
}

export default function Billing({ loaderData }: Route.ComponentProps) {
  return <BillingScreen screen={loaderData.screen} lang={loaderData.lang} />;
}
