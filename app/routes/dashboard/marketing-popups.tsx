import { z } from "zod";
import { settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import { formChoices } from "~/features/forms/forms.server";
import { PopupsScreen } from "~/features/popups/popups";
import { commandPopups, listPopups, loadPopup } from "~/features/popups/popups.server";
import { siteCacheContext } from "~/features/site/site.server";
import type { Route } from "./+types/marketing-popups";

/**
 * M5 `/dashboard/manage/marketing/popups` (managers): the site's popups with their views and
 * conversions; `?popup={id}` (or `new`) opens one in the editor.
 */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["popupsScreen"], async (database, request) => {
    await openDashboardSection(database, request);
    const search = new URL(args.request.url).searchParams;
    const { accountId } = request.account;
    const place = { accountId, viewer: request.viewer };
    const popups = await listPopups(database, place);
    const forms = await database.forAccount(accountId, (tx) => formChoices(tx, { accountId }));
    const asked = search.get("popup");
    const id = z.uuid().safeParse(asked);
    const opened =
      asked === "new"
        ? { id: null, popup: null, views: 0, conversions: 0 }
        : id.success
          ? await loadPopup(database, { ...place, id: id.data })
          : null;
    return { popups, forms, opened, timeZone: request.account.settings.timezone ?? "UTC" };
  });
}

/** Save or delete a popup (one JSON body naming its `intent`); cached pages drop theirs. */
export async function action(args: Route.ActionArgs) {
  return answerSettingsSave(args, async (database, request, body) => {
    await openDashboardSection(database, request);
    const { accountId } = request.account;
    return commandPopups(database, {
      accountId,
      viewer: request.viewer,
      body,
      changed: async () => args.context.get(siteCacheContext)?.invalidateAccount(accountId),
    });
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.managePopups.title",
    fallback: "Popups",
  });
}

export default function MarketingPopups({ loaderData }: Route.ComponentProps) {
  return (
    <PopupsScreen
      popups={loaderData.popups}
      forms={loaderData.forms}
      opened={loaderData.opened}
      timeZone={loaderData.timeZone}
    />
  );
}
