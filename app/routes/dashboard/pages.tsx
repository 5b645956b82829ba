import { z } from "zod";
import { settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import { PageList } from "~/features/pages/pages";
import { commandPage, listPagesForEditor, reorderDocs } from "~/features/pages/pages.server";
import { AppError } from "~/platform/errors";
import type { Route } from "./+types/pages";

export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["pagesEditor"], async (database, request) => {
    await openDashboardSection(database, request);
    return listPagesForEditor(database, {
      accountId: request.account.accountId,
      viewer: request.viewer,
      search: new URL(args.request.url).searchParams,
    });
  });
}

const rowCommand = z.object({
  id: z.uuid(),
  intent: z.enum(["trash", "restore", "deleteForever", "duplicate"]),
});

/** M3 the list's row commands, and the docs tree's new order. */
export async function action(args: Route.ActionArgs) {
  return answerSettingsSave(args, async (database, request, body) => {
    await openDashboardSection(database, request);
    const editing = {
      accountId: request.account.accountId,
      viewer: request.viewer,
      caches: request.caches,
    };
    if ((body as { intent?: unknown } | null)?.intent === "reorderDocs")
      return reorderDocs(database, { ...editing, input: body });
    const input = rowCommand.safeParse(body);
    if (!input.success) throw new AppError({ code: "request.invalid" });
    return commandPage(database, {
      ...editing,
      id: input.data.id,
      input: { intent: input.data.intent },
    });
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, { titleKey: "dashboard.sections.pages.title", fallback: "Pages" });
}

export default function Pages({ loaderData }: Route.ComponentProps) {
  return (
    <PageList
      rows={loaderData.rows}
      total={loaderData.total}
      query={loaderData.query}
      tree={loaderData.tree}
    />
  );
}
