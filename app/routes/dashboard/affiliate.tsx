import { AffiliateMemberScreen } from "~/features/affiliates/affiliates";
import {
  commandMemberAffiliate,
  loadMemberAffiliate,
} from "~/features/affiliates/affiliates.server";
import { authContext } from "~/features/auth/auth";
import { settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import { shopCurrency } from "~/features/orders/orders.server";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/affiliate";

/**
 * M5 `/dashboard/affiliate` (every member): the site's affiliate programme and joining it; once
 * approved, the member's referral link, figures, commissions and payouts.
 */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["affiliateMember"], async (database, request) => {
    await openDashboardSection(database, request);
    return {
      screen: await loadMemberAffiliate(database, {
        accountId: request.account.accountId,
        viewer: request.viewer,
        currency: shopCurrency(request.account),
        linkOrigin: args.context.get(authContext).facts.linkOrigin,
      }),
    };
  });
}

/** Join the programme, or say where payouts go (a JSON body's `intent`). */
export async function action(args: Route.ActionArgs) {
  return answerSettingsSave(args, async (database, request, body) => {
    await openDashboardSection(database, request);
    return commandMemberAffiliate(database, {
      accountId: request.account.accountId,
      viewer: request.viewer,
      body,
      // An application waiting for a decision is told to the managers' bell.
      pubsub: args.context.get(servicesContext).pubsub,
    });
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.affiliate.title",
    fallback: "Affiliate",
  });
}

export default function Affiliate({ loaderData }: Route.ComponentProps) {
  return <AffiliateMemberScreen view={loaderData.screen} />;
}
