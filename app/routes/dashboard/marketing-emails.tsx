import { authContext } from "~/features/auth/auth";
import { z } from "zod";
import { CampaignsPanel, type OpenedCampaign } from "~/features/campaigns/campaigns";
import {
  campaignSendingContext,
  commandCampaigns,
  commandSender,
  compareCampaignRevisions,
  isCampaignCommand,
  isSenderCommand,
  listCampaigns,
  loadCampaign,
  readSenderSettings,
} from "~/features/campaigns/campaigns.server";
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

const tabs: readonly ContactsTab[] = ["contacts", "segments", "campaigns"];

/** A new campaign, before its first save. */
const newCampaign: OpenedCampaign = {
  id: null,
  status: "draft",
  scheduledAt: null,
  campaign: null,
  counts: null,
};

/**
 * M5 `/dashboard/manage/marketing/emails` (managers): the site's contacts, segments and
 * campaigns; a contact opens over the list at `?contact={id}` (or `new`), a campaign in place of
 * the list at `?tab=campaigns&campaign={id}` (or `new`), the sending settings at
 * `?tab=campaigns&sending=settings`; `&compare={revision}&compare={revision}` beside an opened
 * campaign reads two of its revisions for the history's compare view.
 */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(
    args,
    ["contactsScreen", "campaignsScreen"],
    async (database, request) => {
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
      // The campaigns tab: every campaign, and the one `?campaign={id}` (or `new`) opens.
      const askedCampaign = search.get("campaign");
      const campaignId = z.uuid().safeParse(askedCampaign);
      const siteName = request.account.settings.sitetitle || request.account.slug;
      const compare = search.getAll("compare");
      const campaigns =
        tab === "campaigns"
          ? {
              sender: await readSenderSettings(args.context.get(campaignSendingContext), {
                ...place,
                siteName,
                origin: args.context.get(authContext).facts.linkOrigin,
              }),
              senderOpen: search.get("sending") === "settings",
              rows: await listCampaigns(database, place),
              opened:
                askedCampaign === "new"
                  ? newCampaign
                  : campaignId.success
                    ? await loadCampaign(database, { ...place, id: campaignId.data })
                    : null,
              compared:
                campaignId.success && compare.length > 0
                  ? await compareCampaignRevisions(database, {
                      ...place,
                      id: campaignId.data,
                      revisionIds: compare,
                    })
                  : null,
            }
          : null;
      return {
        tab,
        list,
        segments,
        opened,
        options: { ...choices, tags: list.tags },
        campaigns,
        timeZone,
      };
    },
  );
}

/** Every change the screen makes, as one JSON body naming its `intent` (a campaign's end in "Campaign"). */
export async function action(args: Route.ActionArgs) {
  return answerSettingsSave(args, async (database, request, body) => {
    await openDashboardSection(database, request);
    if (isSenderCommand(body))
      return commandSender(args.context.get(campaignSendingContext), {
        accountId: request.account.accountId,
        viewer: request.viewer,
        siteName: request.account.settings.sitetitle || request.account.slug,
        lang: request.account.settings.defaultLanguage ?? "en",
        origin: args.context.get(authContext).facts.linkOrigin,
        body,
      });
    if (isCampaignCommand(body))
      return commandCampaigns(args.context.get(campaignSendingContext), {
        accountId: request.account.accountId,
        viewer: request.viewer,
        body,
        linkOrigin: args.context.get(authContext).facts.linkOrigin,
      });
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
      campaignsPanel={
        loaderData.campaigns ? (
          <CampaignsPanel
            campaigns={loaderData.campaigns.rows}
            opened={loaderData.campaigns.opened}
            segments={loaderData.segments}
            timeZone={loaderData.timeZone}
            sender={loaderData.campaigns.sender}
            senderOpen={loaderData.campaigns.senderOpen}
          />
        ) : null
      }
    />
  );
}
