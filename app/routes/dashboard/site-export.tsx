import { z } from "zod";
import { ExportScreen } from "~/features/account-transfer/account-transfer";
import { listExports, requestExport } from "~/features/account-transfer/account-transfer.server";
import { settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import { jobQueueContext } from "~/platform/jobs/jobs-context.server";
import type { Route } from "./+types/site-export";

const exportCommand = z.object({ intent: z.literal("export") }).strict();

/** Issue 37: the owner's exports of the whole site, for its owner and super-admins (the screen's rule). */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["siteExportPage"], async (database, request) => {
    await openDashboardSection(database, request);
    return { exports: await listExports(database, request.account.accountId) };
  });
}

/** `{ intent: "export" }`: asks for a new export (or answers the one already on its way). */
export async function action(args: Route.ActionArgs) {
  const jobs = args.context.get(jobQueueContext);
  return answerSettingsSave(args, async (database, request, body) => {
    await openDashboardSection(database, request);
    exportCommand.parse(body);
    const row = await requestExport(
      { database, jobs },
      { accountId: request.account.accountId, userId: request.viewer.user.id },
    );
    return { ok: true as const, export: row };
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.export.title",
    fallback: "Export",
  });
}

export default function SiteExport({ loaderData }: Route.ComponentProps) {
  return <ExportScreen exports={loaderData.exports} />;
}
