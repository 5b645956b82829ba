import { z } from "zod";
import { ContactsScreen, type ContactsTab } from "~/features/contacts/contacts";
import {
  commandContacts,
  listContacts,
  listSegments,
  loadContact,
  segmentChoices,
} from "~/features/contacts/contacts.server";
import { settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import type { Route } from "./+types/marketing-emails";

const tabs: readonly ContactsTab[] = ["contacts", "segments"];

/**
 * M5 `/dashboard/manage/marketing/emails` (managers): the site's contacts and segments; a
 * contact opens over the list at `?contact={id}` (or `new`).
 */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["contactsScreen"], async (database, request) => {
    await openDashboardSection(database, request);
    const search = new URL(args.request.url).searchParams;
    const tab = tabs.find((name) => name === search.get("tab")) ?? "contacts";
    const place = { accountId: request.account.accountId, viewer: request.viewer };
    const timeZone = request.account.settings.timezone ?? "UTC";
    const asked = search.get("contact");
    const id = z.uuid().safeParse(asked);
    const [list, segments, opened, choices] = [
      await listContacts(database, { ...place, search, timeZone }),
      await listSegments(database, { ...place, timeZone }),
      asked === "new"
        ? { contact: null, consents: [] }
        : id.success
          ? await loadContact(database, { ...place, id: id.data })
          : null,
      tab === "segments" ? await segmentChoices(database, place) : { courses: [], products: [] },
    ];
    return { tab, list, segments, opened, options: { ...choices, tags: list.tags } };
  });
}

/** Every change the screen makes, as one JSON body naming its `intent`. */
export async function action(args: Route.ActionArgs) {
  return answerSettingsSave(args, async (database, request, body) => {
    await openDashboardSection(database, request);
    return commandContacts(database, {
      accountId: request.account.accountId,
      viewer: request.viewer,
      timeZone: request.account.settings.timezone ?? "UTC",
      body,
    });
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.manageEmails.title",
    fallback: "E-mail campaigns",
  });
}

export default function MarketingEmails({ loaderData }: Route.ComponentProps) {
  return (
    <ContactsScreen
      tab={loaderData.tab}
      list={loaderData.list}
      segments={loaderData.segments}
      opened={loaderData.opened}
      options={loaderData.options}
    />
  );
}
