import { notFound, siteAccount } from "~/features/accounts/accounts.server";
import { BookingPage, bookingPagePath } from "~/features/appointments/appointments";
import { BookingPanelIsland } from "~/features/appointments/appointments.islands";
import {
  listBookableTypes,
  loadSlots,
  typeOffer,
} from "~/features/appointments/appointments.server";
import { shopCurrency } from "~/features/orders/orders.server";
import { viewerContext } from "~/features/members/members";
import { accountHasFeature } from "~/features/plans/plans.server";
import { seo } from "~/features/site/site";
import { sitePageData } from "~/features/site/site.server";
import { islandsHandle } from "~/platform/islands/island-document";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/book";

// HTML plus its island (decision 048): the times, written in the visitor's zone, and Book.
export const handle = islandsHandle;

const WEEK = 7 * 24 * 60 * 60 * 1000;

/**
 * Issue 36 `/book/{slug}` (decision 076): an appointment type's public page, for anyone, on a
 * site with the appointments feature while the type is open and its host has set hours. The
 * first week's times come with the page; the island fetches others and books.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const account = siteAccount(context);
  const { database, lang } = context.get(servicesContext);
  if (!(await accountHasFeature(database, account, "appointments"))) notFound();
  const [type] = await listBookableTypes(database, {
    accountId: account.accountId,
    slug: params.slug.slice(0, 80),
  });
  if (!type) notFound();
  // A paid type is booked only while its product is sold (decision 078).
  const offer = type.productId
    ? await typeOffer(database, {
        accountId: account.accountId,
        productId: type.productId,
        currency: shopCurrency(account),
      })
    : null;
  if (type.productId && !offer) notFound();
  const from = Date.now();
  const slots = await loadSlots(database, {
    accountId: account.accountId,
    now: from,
    query: {
      typeId: type.id,
      from: new Date(from).toISOString(),
      to: new Date(from + WEEK).toISOString(),
    },
  });
  const viewer = context.get(viewerContext);
  const path = bookingPagePath(type.slug);
  return {
    title: type.title,
    description: type.description,
    type,
    offer,
    initial: { from, slots },
    signedIn: Boolean(viewer),
    loginHref: `/login?redirectedFrom=${encodeURIComponent(path)}`,
    ...sitePageData({ account, request, lang }, ["bookingPage", "productOffer"]),
  };
}

// Its times change with every booking: never kept by a shared cache.
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return seo(loaderData);
}

export default function Book({ loaderData }: Route.ComponentProps) {
  const { type, offer, initial, signedIn, loginHref } = loaderData;
  return (
    <BookingPage
      type={type}
      offer={offer}
      panel={
        <BookingPanelIsland
          typeId={type.id}
          hostZone={type.hostZone}
          windowDays={type.windowDays}
          signedIn={signedIn}
          loginHref={loginHref}
          initial={initial}
          questions={type.questions}
          paid={offer !== null}
        />
      }
    />
  );
}
