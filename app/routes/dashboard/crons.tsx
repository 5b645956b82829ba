import { Container } from "@mantine/core";
import { settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import { CronsScreenView } from "~/features/maintenance/maintenance";
import { answerCronsCommand, loadCronsScreen } from "~/features/maintenance/maintenance.server";
import { jobQueueContext } from "~/platform/jobs/jobs-context.server";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/crons";

/** Issue 17 scope 8: the job queue's schedules, their runs, run now and retry (super-admins). */
export async function loader(args: Route.LoaderArgs) {
  const { lang } = args.context.get(servicesContext);
  const jobs = args.context.get(jobQueueContext);
  return loadDashboardScreen(args, ["cronsScreen"], async (database, request) => {
    await openDashboardSection(database, request);
    return { screen: await loadCronsScreen(jobs, request), lang };
  });
}

/** `{ intent: "runNow", name }` or `{ intent: "retry", jobId }`, behind the same rule. */
export async function action(args: Route.ActionArgs) {
  const jobs = args.context.get(jobQueueContext);
  return answerSettingsSave(args, async (database, request, body) => {
    await openDashboardSection(database, request);
    return answerCronsCommand(jobs, { viewer: request.viewer, body });
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, { titleKey: "crons.title", fallback: "Scheduled jobs" });
}

export default function Crons({ loaderData }: Route.ComponentProps) {
  return (
    <Container size="xl" py="md">
      <CronsScreenView screen={loaderData.screen} lang={loaderData.lang} />
    </Container>
  );
}
