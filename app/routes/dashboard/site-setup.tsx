import { settingsMeta } from "~/features/dashboard/dashboard";
import { loadDashboardScreen, openDashboardSection } from "~/features/dashboard/dashboard.server";
import { LaunchChecklist } from "~/features/site-app/site-app";
import { loadLaunchChecklist } from "~/features/site-app/site-app.server";
import type { Route } from "./+types/site-setup";

/** Issue 17 scope 4: the launch checklist, from the site's state now (owner and super-admins). */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["siteSetupPage"], async (database, request) => {
    await openDashboardSection(database, request);
    return { steps: await loadLaunchChecklist(database, { accountId: request.account.accountId }) };
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, { titleKey: "dashboard.sections.setup.title", fallback: "Setup" });
}

export default function SiteSetup({ loaderData }: Route.ComponentProps) {
  return <LaunchChecklist steps={loaderData.steps} />;
}
