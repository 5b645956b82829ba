import { data } from "react-router";
import { z } from "zod";
import { siteAccount } from "~/features/accounts/accounts.server";
import { PreferencesScreen } from "~/features/campaigns/campaigns";
import { recipientStatus, verifyRecipient } from "~/features/campaigns/campaigns.server";
import { seo } from "~/features/site/site";
import { sitePageData } from "~/features/site/site.server";
import { textIn } from "~/platform/i18n/messages.server";
import { islandsHandle } from "~/platform/islands/island-document";
import { servicesContext } from "~/platform/request-context";
import { secretBoxContext } from "~/platform/secret-box.server";
import type { Route } from "./+types/email-preferences";

// HTML plus its islands (decision 048): its two buttons are plain form posts to /api/email.
export const handle = islandsHandle;

const uuid = z.uuid();
const doneStates = ["unsubscribed", "subscribed"] as const;
type Done = (typeof doneStates)[number];
const isDone = (value: string | null): value is Done => doneStates.some((state) => state === value);

/**
 * M5 a campaign reader's page, from the mail's signed links: `/email/unsubscribe/…` (the
 * footer's link: asks first) and `/email/preferences/…` (where they stand, and the button that
 * changes it). Opening either changes nothing; `?done=` says what a button just did. A broken,
 * altered or foreign link answers 404 with a sentence, never an error page.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const account = siteAccount(context);
  const { lang, database } = context.get(servicesContext);
  const url = new URL(request.url);
  const done = url.searchParams.get("done");
  const page = {
    title: textIn(lang, "campaigns.preferences.title"),
    asking: url.pathname.startsWith("/email/unsubscribe/"),
    done: isDone(done) ? done : null,
    ...sitePageData({ account, request, lang }, ["emailPreferencesPage"]),
  };
  const { campaignId, contactId, signature } = params;
  const valid =
    uuid.safeParse(campaignId).success &&
    uuid.safeParse(contactId).success &&
    verifyRecipient(context.get(secretBoxContext), { campaignId, contactId, signature });
  const status = valid
    ? await recipientStatus(database, { accountId: account.accountId, campaignId, contactId })
    : null;
  if (!status) return data({ ...page, recipient: null }, { status: 404 });
  return { ...page, recipient: { campaignId, contactId, signature, ...status } };
}

/** Never kept by a shared cache (it names one person's address) nor by search engines. */
export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [...seo(loaderData), { name: "robots", content: "noindex" }];
}

export default function EmailPreferences({ loaderData }: Route.ComponentProps) {
  return (
    <PreferencesScreen
      siteName={loaderData.siteName}
      recipient={loaderData.recipient}
      asking={loaderData.asking}
      done={loaderData.done}
    />
  );
}
