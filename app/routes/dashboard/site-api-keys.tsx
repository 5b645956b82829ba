import { ApiKeysScreen } from "~/features/api-keys/api-keys";
import {
  answerKeyCommand,
  grantableScopes,
  listApiKeys,
} from "~/features/api-keys/api-keys.server";
import { settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import type { Route } from "./+types/site-api-keys";

/** Issue 37: the site's API keys, for its owner (the screen's rule, asked again by every action). */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["siteApiKeysPage"], async (database, request) => {
    await openDashboardSection(database, request);
    return {
      keys: await listApiKeys(database, request.account.accountId),
      scopes: grantableScopes(request.viewer),
    };
  });
}

/** `{ intent: "create", name, scopes, expiresInDays }` (the secret answered once) or `{ intent: "revoke", id }`. */
export async function action(args: Route.ActionArgs) {
  return answerSettingsSave(args, async (database, request, body) => {
    await openDashboardSection(database, request);
    return answerKeyCommand(
      { database, accountId: request.account.accountId, viewer: request.viewer },
      body,
    );
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.manageApiKeys.title",
    fallback: "API keys",
  });
}

export default function SiteApiKeys({ loaderData }: Route.ComponentProps) {
  return <ApiKeysScreen keys={loaderData.keys} scopes={loaderData.scopes} />;
}
