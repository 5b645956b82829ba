import { settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import { AddonsScreen } from "~/features/site-app/site-app";
import { loadAddonCards, switchAddon } from "~/features/site-app/site-app.server";
import type { Route } from "./+types/site-addons";

/** Issue 17 scope 3: the add-ons, for the site's owner and super-admins (the screen's rule). */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["siteAddonsPage"], async (database, request) => {
    await openDashboardSection(database, request);
    return { cards: await loadAddonCards(database, { accountId: request.account.accountId }) };
  });
}

/** One add-on on or off (JSON `{ addon, enabled }`), after the screen's rule. */
export async function action(args: Route.ActionArgs) {
  return answerSettingsSave(args, async (database, request, body) => {
    await openDashboardSection(database, request);
    return switchAddon(database, {
      accountId: request.account.accountId,
      body,
      caches: request.caches,
    });
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.addons.title",
    fallback: "Add-ons",
  });
}

export default function SiteAddons({ loaderData }: Route.ComponentProps) {
  return <AddonsScreen cards={loaderData.cards} />;
}
