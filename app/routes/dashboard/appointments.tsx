import { HostAppointmentsScreen, knownZones } from "~/features/appointments/appointments";
import {
  commandAppointmentsSetup,
  listBookings,
  loadAppointmentsSetup,
} from "~/features/appointments/appointments.server";
import { settingsMeta } from "~/features/dashboard/dashboard";
import { can } from "~/features/members/members.server";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import type { Route } from "./+types/appointments";

/**
 * Issue 36 `/dashboard/appointments` (decision 076): a member's sessions as a list and a week's
 * calendar, and past ones; for a host (instructor or manager) the sessions they hold, and their
 * own hours and types.
 */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["hostAppointmentsScreen"], async (database, request) => {
    await openDashboardSection(database, request);
    const now = Date.now();
    const { viewer, account } = request;
    // Hosts see the sessions they hold; every other member the ones they booked.
    const hosting = can(viewer, "create_courses") || can(viewer, "manage_options");
    const place = {
      accountId: account.accountId,
      viewer,
      as: hosting ? ("host" as const) : ("booker" as const),
      now,
    };
    const upcoming = await listBookings(database, { ...place, when: "upcoming" });
    const setup = hosting
      ? {
          ...(await loadAppointmentsSetup(database, {
            accountId: account.accountId,
            viewer,
            siteZone: account.settings.timezone,
            now,
          })),
          zones: ["UTC", ...knownZones().filter((zone) => zone !== "UTC")],
        }
      : null;
    return {
      now,
      upcoming,
      past: await listBookings(database, { ...place, when: "past" }),
      setup,
      zone: setup?.availability.zone ?? upcoming[0]?.zone ?? account.settings.timezone ?? "UTC",
    };
  });
}

/** The hours tab's commands: the hours, a new type, a type opened or closed. */
export async function action(args: Route.ActionArgs) {
  return answerSettingsSave(args, async (database, request, body) => {
    await openDashboardSection(database, request);
    return commandAppointmentsSetup(database, {
      accountId: request.account.accountId,
      viewer: request.viewer,
      body,
    });
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.appointments.title",
    fallback: "Appointments",
  });
}

export default function Appointments({ loaderData }: Route.ComponentProps) {
  return <HostAppointmentsScreen {...loaderData} />;
}
