import { siteOrigin } from "~/features/accounts/accounts";
import { settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import {
  AppSettingsScreen,
  appIconSource,
  appIconUrl,
  themeColourOf,
} from "~/features/site-app/site-app";
import { loadAppScreen, runAppCommand } from "~/features/site-app/site-app.server";
import { loadSiteChrome, siteCacheContext } from "~/features/site/site.server";
import { txtLookupContext } from "~/platform/dns.server";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/site-app";

/** Issue 17 scope 4: the site's app settings, for its owner and super-admins (the screen's rule). */
export async function loader(args: Route.LoaderArgs) {
  const { baseDomain, lang } = args.context.get(servicesContext);
  return loadDashboardScreen(args, ["siteAppPage"], async (database, request) => {
    await openDashboardSection(database, request);
    const { accountId, slug } = request.account;
    // The address on the platform, whatever custom domain the site has.
    const platformAddress = siteOrigin({ slug, baseDomain, like: args.request.url });
    const data = await loadAppScreen(database, { accountId, platformAddress, lang });
    const chrome = await loadSiteChrome(
      database,
      accountId,
      args.context.get(siteCacheContext)?.options,
    );
    const source = appIconSource(
      {
        slug,
        settings: { sitetitle: data.settings.sitetitle, icon: data.settings.icon ?? undefined },
      },
      themeColourOf(chrome.theme.primaryColor),
    );
    return { data, iconUrl: appIconUrl(source, 192) };
  });
}

/** The settings save and the custom domain's commands (JSON), after the screen's rule. */
export async function action(args: Route.ActionArgs) {
  const { baseDomain } = args.context.get(servicesContext);
  const lookup = args.context.get(txtLookupContext);
  return answerSettingsSave(args, async (database, request, body) => {
    await openDashboardSection(database, request);
    return runAppCommand(database, {
      accountId: request.account.accountId,
      body,
      caches: request.caches,
      lookup,
      baseDomain,
    });
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, { titleKey: "dashboard.sections.app.title", fallback: "App" });
}

export default function SiteApp({ loaderData }: Route.ComponentProps) {
  return <AppSettingsScreen data={loaderData.data} iconUrl={loaderData.iconUrl} />;
}
