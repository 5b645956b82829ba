import { z } from "zod";
import { platformOrigin } from "~/features/accounts/accounts.server";
import { settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import { editorScopeOf, PageList, scopeKind } from "~/features/pages/pages";
import {
  answerInPlace,
  commandPage,
  editorPlaceOf,
  listPagesForEditor,
  reorderDocs,
} from "~/features/pages/pages.server";
import { AppError } from "~/platform/errors";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/pages";

// Two addresses: /dashboard/pages (the site's pages and docs) and /dashboard/docs (the
// platform's own docs, super-admins only), each opened by its section's rule.
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["pagesEditor"], async (database, request) => {
    await openDashboardSection(database, request);
    const place = editorPlaceOf(request);
    const search = new URL(args.request.url).searchParams;
    const only = scopeKind(place.scope);
    if (only) search.set("kind", only);
    const list = await listPagesForEditor(database, {
      accountId: place.accountId,
      viewer: request.viewer,
      search,
    });
    const { baseDomain } = args.context.get(servicesContext);
    const platformUrl =
      place.scope === "platform" ? platformOrigin({ baseDomain, like: args.request.url }) : null;
    return { ...list, scope: place.scope, platformUrl };
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
    const place = editorPlaceOf(request);
    const editing = {
      accountId: place.accountId,
      viewer: request.viewer,
      caches: request.caches,
    };
    if ((body as { intent?: unknown } | null)?.intent === "reorderDocs") {
      // The base domain's /dashboard/pages holds no docs; their tree is /dashboard/docs's.
      if (place.scope === "platformPages") throw new AppError({ code: "request.invalid" });
      return reorderDocs(database, { ...editing, input: body });
    }
    const input = rowCommand.safeParse(body);
    if (!input.success) throw new AppError({ code: "request.invalid" });
    const answer = await commandPage(database, {
      ...editing,
      id: input.data.id,
      input: { intent: input.data.intent },
    });
    return answerInPlace(place, answer);
  });
}

export function meta({ matches, location }: Route.MetaArgs) {
  return editorScopeOf(location.pathname) === "platform"
    ? settingsMeta(matches, { titleKey: "pages.platform.title", fallback: "Platform docs" })
    : settingsMeta(matches, { titleKey: "dashboard.sections.pages.title", fallback: "Pages" });
}

export default function Pages({ loaderData }: Route.ComponentProps) {
  return (
    <PageList
      rows={loaderData.rows}
      total={loaderData.total}
      query={loaderData.query}
      tree={loaderData.tree}
      scope={loaderData.scope}
      platformUrl={loaderData.platformUrl}
    />
  );
}
