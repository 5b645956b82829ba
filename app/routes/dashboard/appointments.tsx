import { HostAppointmentsScreen, knownZones } from "~/features/appointments/appointments";
import {
  commandAppointmentsSetup,
  listBookings,
  loadAppointmentsSetup,
} from "~/features/appointments/appointments.server";
import { settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import type { Route } from "./+types/appointments";

/**
 * Issue 36 `/dashboard/appointments` (decision 076): a host's (instructor's or manager's)
 * sessions as a list and a week's calendar, past ones, and their own hours and types.
 */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["hostAppointmentsScreen"], async (database, request) => {
    await openDashboardSection(database, request);
    const now = Date.now();
    const place = {
      accountId: request.account.accountId,
      viewer: request.viewer,
      as: "host" as const,
      now,
    };
    return {
      now,
      upcoming: await listBookings(database, { ...place, when: "upcoming" }),
      past: await listBookings(database, { ...place, when: "past" }),
      setup: {
        ...(await loadAppointmentsSetup(database, {
          accountId: request.account.accountId,
          viewer: request.viewer,
          siteZone: request.account.settings.timezone,
          now,
        })),
        zones: ["UTC", ...knownZones().filter((zone) => zone !== "UTC")],
      },
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
