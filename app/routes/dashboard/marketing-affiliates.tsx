import { AffiliatesScreen } from "~/features/affiliates/affiliates";
import { commandAffiliates, loadAffiliatesScreen } from "~/features/affiliates/affiliates.server";
import { settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import { shopCurrency } from "~/features/orders/orders.server";
import { siteCacheContext } from "~/features/site/site.server";
import type { Route } from "./+types/marketing-affiliates";

/**
 * M5 `/dashboard/manage/marketing/affiliates` (managers): the site's affiliates with their
 * figures, the commissions ledger, the payouts made, and the programme's terms.
 */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["affiliatesScreen"], async (database, request) => {
    await openDashboardSection(database, request);
    return {
      screen: await loadAffiliatesScreen(database, {
        accountId: request.account.accountId,
        viewer: request.viewer,
        currency: shopCurrency(request.account),
      }),
    };
  });
}

/** Save the programme, decide on an affiliate or mark a payout paid (a JSON body's `intent`). */
export async function action(args: Route.ActionArgs) {
  return answerSettingsSave(args, async (database, request, body) => {
    await openDashboardSection(database, request);
    const { accountId } = request.account;
    return commandAffiliates(database, {
      accountId,
      viewer: request.viewer,
      body,
      // The members' menu shows the programme's item while it is on (read through the cache).
      programmeChanged: async () =>
        args.context.get(siteCacheContext)?.invalidateAccount(accountId),
    });
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.manageAffiliates.title",
    fallback: "Affiliates",
  });
}

export default function MarketingAffiliates({ loaderData }: Route.ComponentProps) {
  return <AffiliatesScreen view={loaderData.screen} />;
}
