import { BookingsScreen } from "~/features/appointments/appointments";
import { listBookableTypes, listBookings } from "~/features/appointments/appointments.server";
import { settingsMeta } from "~/features/dashboard/dashboard";
import { loadDashboardScreen, openDashboardSection } from "~/features/dashboard/dashboard.server";
import type { Route } from "./+types/bookings";

/**
 * Issue 36 `/dashboard/bookings` (decision 076): the signed-in member's sessions to come and
 * past ones, and the site's types open for booking. Changes go through the appointments API.
 */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["bookingsScreen"], async (database, request) => {
    await openDashboardSection(database, request);
    const place = {
      accountId: request.account.accountId,
      viewer: request.viewer,
      as: "booker" as const,
    };
    return {
      upcoming: await listBookings(database, { ...place, when: "upcoming" }),
      past: await listBookings(database, { ...place, when: "past" }),
      types: await listBookableTypes(database, { accountId: request.account.accountId }),
    };
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.bookings.title",
    fallback: "Bookings",
  });
}

export default function Bookings({ loaderData }: Route.ComponentProps) {
  return <BookingsScreen {...loaderData} />;
}
