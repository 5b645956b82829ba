import { AppointmentsSetupScreen, knownZones } from "~/features/appointments/appointments";
import {
  commandAppointmentsSetup,
  loadAppointmentsSetup,
} from "~/features/appointments/appointments.server";
import { settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import type { Route } from "./+types/manage-appointments";

/**
 * Issue 36 `/dashboard/manage/appointments` (managers, with the appointments feature): the
 * viewer's weekly hours in their own zone, days off and rules, their appointment types, and
 * the open times those give over the next week.
 */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["appointmentsScreen"], async (database, request) => {
    await openDashboardSection(database, request);
    return {
      setup: await loadAppointmentsSetup(database, {
        accountId: request.account.accountId,
        viewer: request.viewer,
        siteZone: request.account.settings.timezone,
      }),
      zones: ["UTC", ...knownZones().filter((zone) => zone !== "UTC")],
    };
  });
}

/** The screen's commands: the hours, a new type, a type opened or closed. */
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
    titleKey: "dashboard.sections.manageAppointments.title",
    fallback: "Appointments",
  });
}

export default function ManageAppointments({ loaderData }: Route.ComponentProps) {
  return <AppointmentsSetupScreen {...loaderData.setup} zones={loaderData.zones} />;
}
