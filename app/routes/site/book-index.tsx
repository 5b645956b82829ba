import { notFound, siteAccount } from "~/features/accounts/accounts.server";
import { BookableListPage } from "~/features/appointments/appointments";
import { listBookableTypes } from "~/features/appointments/appointments.server";
import { accountHasFeature } from "~/features/plans/plans.server";
import { seo } from "~/features/site/site";
import { sitePageData } from "~/features/site/site.server";
import { islandsHandle } from "~/platform/islands/island-document";
import { textIn } from "~/platform/i18n/messages.server";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/book-index";

// HTML plus the site frame's islands (decision 048): its cards are plain links.
export const handle = islandsHandle;

/**
 * Issue 36 `/book` (decision 076): the sessions the site's hosts offer, for anyone, on a site
 * with the appointments feature; each card leads to its booking page.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const account = siteAccount(context);
  const { database, lang } = context.get(servicesContext);
  if (!(await accountHasFeature(database, account, "appointments"))) notFound();
  return {
    title: textIn(lang, "appointments.book.listTitle"),
    types: await listBookableTypes(database, { accountId: account.accountId }),
    ...sitePageData({ account, request, lang }, ["bookingPage"]),
  };
}

// The list changes as hosts open and close types: kept briefly by no shared cache.
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return seo(loaderData);
}

export default function BookIndex({ loaderData }: Route.ComponentProps) {
  return <BookableListPage types={loaderData.types} />;
}
